// Debian's Caddy with deploy/Caddyfile in front of app instances on loopback, as README's
// "Running behind the proxy" runs it: only addresses from the environment, `tls internal`.
// Used by test/server/proxy-deploy.test.ts and npm run bench:evening.
import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { request as httpsRequest } from "node:https"
import { createServer, type AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const CADDYFILE = fileURLToPath(new URL("../deploy/Caddyfile", import.meta.url))

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = (probe.address() as AddressInfo | null) ?? { port: 0 }
      probe.close(() => resolve(port))
    })
  })

/** What a child said last, for the error when it dies. */
export const tailOf = (child: ChildProcess, stream: "stdout" | "stderr", onText?: (text: string) => void) => {
  let tail = ""
  child[stream]?.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8")
    tail = (tail + text).slice(-4000)
    onText?.(text)
  })
  return () => tail
}

export interface Proxy {
  /** Caddy's process (the tests count its open files). */
  readonly pid: number
  readonly httpPort: number
  readonly httpsPort: number
  /** Caddy's own root certificate: the only one the load trusts. */
  readonly ca: string
  readonly stop: () => Promise<void>
}

/**
 * Caddy running deploy/Caddyfile in front of `upstreams`, answering HTTPS as `localhost`,
 * its state in a temporary folder. Resolved once it answers over HTTPS; that first call
 * leaves from `probeFrom` (rate limits count it against that address).
 */
export async function startCaddy(
  upstreams: ReadonlyArray<number>,
  { probeFrom = "127.0.0.1" }: { readonly probeFrom?: string } = {}
): Promise<Proxy> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()]
  const home = mkdtempSync(join(tmpdir(), "caddy-evening-"))
  const caddy = spawn("caddy", ["run", "--config", CADDYFILE, "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      SITE_ADDRESS: "localhost",
      CADDY_TLS: "internal",
      APP_UPSTREAMS: upstreams.map((port) => `127.0.0.1:${port}`).join(" "),
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      CADDY_BIND: "127.0.0.1",
      CADDY_ADMIN: "off"
    },
    stdio: ["ignore", "ignore", "pipe"]
  })
  const exited = new Promise<void>((done) => caddy.once("exit", () => done()))
  let log = ""
  // Read to the end: a pipe nobody empties would stall Caddy once it fills.
  const tail = tailOf(caddy, "stderr", (text) => {
    if (log.length < 100_000) log += text
  })
  await new Promise<void>((ready, failed) => {
    const check = () => (log.includes("serving initial configuration") ? ready() : undefined)
    caddy.stderr.on("data", check)
    caddy.once("exit", (code) => failed(new Error(`caddy exited (${code}) before serving:\n${tail()}`)))
    caddy.once("error", failed)
  })
  const stop = async () => {
    if (caddy.exitCode === null && caddy.signalCode === null) caddy.kill("SIGTERM")
    await exited
    rmSync(home, { recursive: true, force: true })
  }
  const pid = caddy.pid
  if (pid === undefined) throw new Error("caddy has no pid")
  // The local CA and the site's certificate are made just after start.
  const rootCertificate = join(home, "caddy", "pki", "authorities", "local", "root.crt")
  const deadline = Date.now() + 20_000
  for (;;) {
    if (existsSync(rootCertificate)) {
      const ca = readFileSync(rootCertificate, "utf8")
      if (await answersHttps(httpsPort, ca, probeFrom)) return { pid, httpPort, httpsPort, ca, stop }
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`caddy did not serve HTTPS within 20 s:\n${tail()}`)
    }
    await new Promise((done) => setTimeout(done, 200))
  }
}

/** Whether Caddy answers the API over HTTPS with a certificate `ca` vouches for. */
const answersHttps = (port: number, ca: string, from: string): Promise<boolean> =>
  new Promise((resolve) => {
    const sent = httpsRequest(
      {
        host: "127.0.0.1",
        port,
        servername: "localhost",
        ca,
        localAddress: from,
        path: "/beta/api/exercises",
        agent: false,
        headers: { host: `localhost:${port}` }
      },
      (answer) => {
        answer.resume()
        answer.on("end", () => resolve(true))
      }
    )
    sent.on("error", () => resolve(false))
    sent.end()
  })
