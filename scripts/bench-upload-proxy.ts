// A slow network between the upload bench's client and server (scripts/bench-upload.ts):
// a TCP proxy whose two directions are each a link of `bytesPerSecond` (a token bucket,
// shared by all connections, as one phone's uplink is) that delivers `oneWayDelayMs`
// after sending, with a buffer of `bufferBytes` in front (the bytes "in the network":
// reading from the sender pauses while it is full). `cutAll` is the network dropping:
// every connection is destroyed and whatever the links still held is lost.
import net, { type Socket } from "node:net"

export interface LinkCount {
  /** bytes taken from the sender (what the sender spent) */
  readonly entered: number
  /** bytes handed to the receiver */
  readonly delivered: number
}

export interface ThrottledProxy {
  readonly url: string
  readonly up: LinkCount
  readonly down: LinkCount
  /** called after each delivery to the server */
  onUpDelivered: (() => void) | undefined
  /** destroys every open connection; answers how many the client had open */
  readonly cutAll: () => number
  readonly close: () => Promise<void>
}

export interface ProxyOptions {
  readonly targetPort: number
  readonly targetHost?: string
  readonly bytesPerSecond: number
  readonly oneWayDelayMs: number
  readonly bufferBytes?: number
}

const TICK_MS = 5

interface Queued {
  readonly from: Socket
  readonly to: Socket
  /** null: the sender ended its side */
  data: Buffer | null
}

class Link implements LinkCount {
  entered = 0
  delivered = 0
  onDelivered: (() => void) | undefined
  private readonly queue: Array<Queued> = []
  private queued = 0
  private tokens = 0
  private last = performance.now()
  private readonly paused = new Set<Socket>()
  private readonly timer: NodeJS.Timeout
  private readonly burst: number

  constructor(
    private readonly bytesPerSecond: number,
    private readonly delayMs: number,
    private readonly bufferBytes: number
  ) {
    // A few ticks' worth: an idle link does not save up a large burst.
    this.burst = Math.max(1500, (bytesPerSecond * TICK_MS * 4) / 1000)
    this.timer = setInterval(() => this.tick(), TICK_MS)
  }

  push(from: Socket, to: Socket, data: Buffer | null) {
    if (data !== null) {
      this.entered += data.length
      this.queued += data.length
    }
    this.queue.push({ from, to, data })
    if (this.queued > this.bufferBytes && !this.paused.has(from)) {
      from.pause()
      this.paused.add(from)
    }
  }

  /** Forgets what destroyed connections still had queued: lost with them. */
  purge() {
    for (let index = this.queue.length - 1; index >= 0; index -= 1) {
      const entry = this.queue[index]
      if (entry === undefined || !(entry.from.destroyed || entry.to.destroyed)) continue
      this.queued -= entry.data?.length ?? 0
      this.queue.splice(index, 1)
    }
    for (const socket of this.paused) if (socket.destroyed) this.paused.delete(socket)
  }

  private tick() {
    const now = performance.now()
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.bytesPerSecond) / 1000)
    this.last = now
    while (this.queue.length > 0) {
      const head = this.queue[0]
      if (head === undefined) break
      if (head.data === null) {
        this.queue.shift()
        setTimeout(() => head.to.destroyed || head.to.end(), this.delayMs)
        continue
      }
      const size = Math.min(Math.floor(this.tokens), head.data.length)
      if (size <= 0) break
      const part = head.data.subarray(0, size)
      if (size === head.data.length) this.queue.shift()
      else head.data = head.data.subarray(size)
      this.tokens -= size
      this.queued -= size
      setTimeout(() => {
        if (head.to.destroyed) return
        head.to.write(part)
        this.delivered += part.length
        this.onDelivered?.()
      }, this.delayMs)
    }
    if (this.queued <= this.bufferBytes / 2) {
      for (const socket of this.paused) if (!socket.destroyed) socket.resume()
      this.paused.clear()
    }
  }

  stop() {
    clearInterval(this.timer)
  }
}

export async function startThrottledProxy(options: ProxyOptions): Promise<ThrottledProxy> {
  const host = options.targetHost ?? "127.0.0.1"
  // About one bandwidth-delay product past the link's own in-flight bytes, as a modem's queue.
  const bufferBytes = options.bufferBytes ?? 64 * 1024
  const up = new Link(options.bytesPerSecond, options.oneWayDelayMs, bufferBytes)
  const down = new Link(options.bytesPerSecond, options.oneWayDelayMs, bufferBytes)
  const open = new Set<Socket>()
  const clients = new Set<Socket>()

  const server = net.createServer((client) => {
    client.pause()
    open.add(client)
    clients.add(client)
    // Opening a connection costs a round trip before the first byte goes.
    setTimeout(() => {
      if (client.destroyed) return
      const upstream = net.connect({ host, port: options.targetPort }, () => client.resume())
      open.add(upstream)
      const closeBoth = () => {
        client.destroy()
        upstream.destroy()
        open.delete(client)
        open.delete(upstream)
        clients.delete(client)
        up.purge()
        down.purge()
      }
      client.on("data", (data: Buffer) => up.push(client, upstream, data))
      upstream.on("data", (data: Buffer) => down.push(upstream, client, data))
      client.on("end", () => up.push(client, upstream, null))
      upstream.on("end", () => down.push(upstream, client, null))
      client.on("error", closeBoth).on("close", closeBoth)
      upstream.on("error", closeBoth).on("close", closeBoth)
    }, options.oneWayDelayMs * 2)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("the proxy has no port")

  const proxy: ThrottledProxy = {
    url: `http://127.0.0.1:${address.port}`,
    up,
    down,
    get onUpDelivered() {
      return up.onDelivered
    },
    set onUpDelivered(callback) {
      up.onDelivered = callback
    },
    cutAll: () => {
      const count = clients.size
      for (const socket of open) socket.destroy()
      open.clear()
      clients.clear()
      up.purge()
      down.purge()
      return count
    },
    close: async () => {
      proxy.cutAll()
      up.stop()
      down.stop()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
  return proxy
}
