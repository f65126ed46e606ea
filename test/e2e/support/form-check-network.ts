import http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import type { BrowserContext, Page } from "@playwright/test"

/*
 * The lifter's network in a basement, for the form-check specs: slow, then gone halfway
 * through an upload, then back.
 *
 * Slow is Chromium's own throttling (the DevTools protocol's emulated network conditions on
 * the page). Gone cannot be that protocol's `offline` alone: in this Chromium, switching to
 * offline lets a throttled upload already on its way finish at full speed instead of cutting
 * it, so the server would get every byte and nothing would resume. So the lifter's browser
 * context goes through this HTTP proxy (Playwright's context `proxy`, loopback included), and
 * the cut is the proxy dropping every connection and refusing new ones, as a lost signal
 * does; the browser is then told it is offline, as a phone that lost its signal says.
 * The proxy forwards everything else as it is, to the real server and Auth emulator.
 */

const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "proxy-authorization", "upgrade", "te"])

const endToEnd = (headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)))

/** One request body that went through the proxy, and how much of it left the phone. */
export interface Forwarded {
  readonly method: string
  readonly url: string
  bytes: number
}

export interface Basement {
  /** For `browser.newContext({ proxy })`. */
  readonly proxy: { readonly server: string }
  /** Every request that went through, in order, with the bytes of its body that did. */
  readonly forwarded: ReadonlyArray<Forwarded>
  /** The signal goes: every connection dropped mid-byte, new ones refused. */
  readonly cut: () => void
  /** The signal returns. */
  readonly restore: () => void
  readonly close: () => Promise<void>
}

export async function startBasement(): Promise<Basement> {
  let down = false
  const sockets = new Set<Socket>()
  const upstreams = new Set<http.ClientRequest>()
  const forwarded: Array<Forwarded> = []
  const server = http.createServer((request, response) => {
    // A proxied request names the whole URL: http://127.0.0.1:4184/beta/api/...
    const target = new URL(request.url ?? "/")
    const entry: Forwarded = { method: request.method ?? "GET", url: target.href, bytes: 0 }
    forwarded.push(entry)
    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: `${target.pathname}${target.search}`,
      headers: endToEnd(request.headers)
    })
    upstreams.add(upstream)
    upstream.on("close", () => upstreams.delete(upstream))
    upstream.on("response", (answer) => {
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers))
      answer.pipe(response)
    })
    upstream.on("error", () => response.destroy())
    request.on("data", (chunk: Buffer) => {
      entry.bytes += chunk.length
    })
    request.pipe(upstream)
    // The phone went away before the answer ended (a cut, a closed stream): so does the server's side.
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy()
    })
  })
  server.on("connection", (socket) => {
    if (down) {
      socket.destroy()
      return
    }
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  const { port } = server.address() as AddressInfo
  return {
    proxy: { server: `http://127.0.0.1:${port}` },
    forwarded,
    cut: () => {
      down = true
      for (const socket of sockets) socket.destroy()
      for (const upstream of upstreams) upstream.destroy()
    },
    restore: () => {
      down = false
    },
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => closed())
      })
  }
}

/** Chromium's emulated network on the page, through the DevTools protocol: throttled uploads, offline, back. */
export async function emulatedNetwork(context: BrowserContext, page: Page) {
  const session = await context.newCDPSession(page)
  await session.send("Network.enable")
  const set = (offline: boolean, uploadBytesPerSecond: number) =>
    session.send("Network.emulateNetworkConditions", {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: uploadBytesPerSecond
    })
  return {
    /** Uploads at this many bytes a second, downloads as fast as they come. */
    throttle: (uploadBytesPerSecond: number) => set(false, uploadBytesPerSecond),
    /** The browser says it is offline (navigator.onLine, the offline event). */
    offline: () => set(true, -1),
    online: (uploadBytesPerSecond = -1) => set(false, uploadBytesPerSecond)
  }
}
