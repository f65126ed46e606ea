/**
 * Rate limits behind a reverse proxy (docs/decisions/014): with TRUST_PROXY=1 a call
 * without a token counts against the address the proxy appended to X-Forwarded-For, the
 * last entry; the entries before it are the caller's to write, so forging or rotating
 * them never buys a fresh budget. Without it the header is ignored and every call counts
 * against the socket's address. Proven on the middleware, through startServer's env
 * wiring, and behind a real Caddy started here.
 */
import { Hono } from "hono"
import { serve, type ServerType } from "@hono/node-server"
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { createServer, type AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { INSTALL_CADDY } from "../../scripts/preflight.ts"
import { makeFirebaseTokenVerifier } from "#server/auth/token-verifier.ts"
import { startServer, type RunningServer } from "#server/main.ts"
import { DEFAULT_RATE_LIMITS, openRateLimiter, rateLimitMiddleware, type RateLimits } from "#server/rate-limit.ts"

const BUDGET = 3
const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, address: { points: BUDGET, durationSeconds: 60 } }
/** A call without a token: it counts against its address. */
const PATH = "/beta/api/user/check"

interface Caller {
  /** The X-Forwarded-For the call arrives with (as the caller wrote it, or as a proxy passed it on). */
  readonly forwardedFor?: string | undefined
  /** The loopback address the call leaves from (127.0.0.0/8 is all this host's). */
  readonly from?: string | undefined
}

/** One call's status, on a connection of its own. */
const statusOf = (url: string, caller: Caller = {}): Promise<number> =>
  new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        agent: false,
        headers: caller.forwardedFor === undefined ? {} : { "x-forwarded-for": caller.forwardedFor },
        ...(caller.from === undefined ? {} : { localAddress: caller.from })
      },
      (answer) => {
        answer.resume()
        answer.on("end", () => resolve(answer.statusCode ?? 0))
      }
    )
    call.on("error", reject)
    call.end()
  })

/** `count` calls one after the other, each as `callerOf(i)`. */
const statuses = async (url: string, count: number, callerOf: (i: number) => Caller): Promise<Array<number>> => {
  const answers: Array<number> = []
  for (let i = 0; i < count; i++) answers.push(await statusOf(url, callerOf(i)))
  return answers
}

const allowedThenRefused = (count: number) =>
  Array.from({ length: count }, (_, i) => (i < BUDGET ? "allowed" : "refused"))
const verdicts = (answers: ReadonlyArray<number>) =>
  answers.map((status) => (status === 429 ? "refused" : status === 401 || status === 200 ? "allowed" : status))

/** The middleware alone, on a real socket, in front of an answer that says 200. */
async function limitedApp(trustProxy: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono()
  app.use(
    "*",
    rateLimitMiddleware({ limiter: openRateLimiter({ limits }), tokens: makeFirebaseTokenVerifier(), trustProxy })
  )
  app.all("*", (c) => c.text("served"))
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((done) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      done({ server, port: info.port })
    )
  })
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    close: () => new Promise((done) => server.close(() => done()))
  }
}

describe("the rate limit middleware with trustProxy", () => {
  let app: Awaited<ReturnType<typeof limitedApp>>
  beforeAll(async () => {
    app = await limitedApp(true)
  })
  afterAll(() => app.close())

  it("gives two callers behind the proxy, with different appended addresses, a budget each", async () => {
    // The same upstream entry before both: only the appended one tells them apart.
    const ann = await statuses(app.url, BUDGET + 2, () => ({ forwardedFor: "10.0.0.1, 203.0.113.7" }))
    const bo = await statuses(app.url, BUDGET + 2, () => ({ forwardedFor: "10.0.0.1, 198.51.100.9" }))
    expect(verdicts(ann)).toEqual(allowedThenRefused(BUDGET + 2))
    expect(verdicts(bo)).toEqual(allowedThenRefused(BUDGET + 2))
  })

  it("gives a caller who forges leading X-Forwarded-For entries no fresh budget, however they rotate them", async () => {
    const forger = await statuses(app.url, BUDGET + 4, (i) => ({
      forwardedFor: `192.0.2.${i + 1}, 10.${i}.0.1, 203.0.113.50`
    }))
    expect(verdicts(forger)).toEqual(allowedThenRefused(BUDGET + 4))
  })
})

describe("the rate limit middleware without trustProxy", () => {
  let app: Awaited<ReturnType<typeof limitedApp>>
  beforeAll(async () => {
    app = await limitedApp(false)
  })
  afterAll(() => app.close())

  it("ignores X-Forwarded-For: every call counts against the socket's address", async () => {
    const answers = await statuses(app.url, BUDGET + 3, (i) => ({ forwardedFor: `203.0.113.${i + 1}` }))
    expect(verdicts(answers)).toEqual(allowedThenRefused(BUDGET + 3))
    expect(verdicts([await statusOf(app.url)])).toEqual(["refused"])
  })
})

/** startServer on PGlite in memory, with TRUST_PROXY as given in the environment while it starts. */
async function serverWith(trustProxy: string | undefined): Promise<RunningServer> {
  const before = process.env["TRUST_PROXY"]
  if (trustProxy === undefined) delete process.env["TRUST_PROXY"]
  else process.env["TRUST_PROXY"] = trustProxy
  try {
    return await startServer({
      port: 0,
      hostname: "127.0.0.1",
      databaseUrl: "",
      dataDir: "memory://",
      rateLimits: limits
    })
  } finally {
    if (before === undefined) delete process.env["TRUST_PROXY"]
    else process.env["TRUST_PROXY"] = before
  }
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

/** Caddy in front of `upstream`, on two loopback ports: one trusting the hop before it, one as configured by default. */
async function startCaddy(
  upstream: number
): Promise<{ appending: string; replacing: string; stop: () => Promise<void> }> {
  if (spawnSync("sh", ["-c", "command -v caddy"]).status !== 0) {
    throw new Error(
      `caddy is not on PATH: these tests put Caddy in front of the server. npm test's preflight installs it as root; otherwise run: sudo sh -c '${INSTALL_CADDY}'`
    )
  }
  const [appendingPort, replacingPort] = [await freePort(), await freePort()]
  const home = mkdtempSync(join(tmpdir(), "caddy-rate-limit-"))
  const caddyfile = join(home, "Caddyfile")
  writeFileSync(
    caddyfile,
    [
      "{",
      "\tadmin off",
      "\tauto_https off",
      "}",
      // Behind another proxy: what arrives in X-Forwarded-For is kept, and the caller's address appended.
      `http://127.0.0.1:${appendingPort} {`,
      `\treverse_proxy 127.0.0.1:${upstream} {`,
      "\t\ttrusted_proxies 127.0.0.0/8",
      "\t}",
      "}",
      // Caddy's default: a caller's X-Forwarded-For is dropped and its address written instead.
      `http://127.0.0.1:${replacingPort} {`,
      `\treverse_proxy 127.0.0.1:${upstream}`,
      "}",
      ""
    ].join("\n")
  )
  const caddy: ChildProcess = spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
    stdio: ["ignore", "ignore", "pipe"]
  })
  const exited = new Promise<void>((done) => caddy.once("exit", () => done()))
  let log = ""
  await new Promise<void>((ready, failed) => {
    caddy.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString()
      if (log.includes("serving initial configuration")) ready()
    })
    caddy.once("exit", (code) => failed(new Error(`caddy exited (${code}) before serving:\n${log}`)))
    caddy.once("error", failed)
  })
  return {
    appending: `http://127.0.0.1:${appendingPort}${PATH}`,
    replacing: `http://127.0.0.1:${replacingPort}${PATH}`,
    stop: async () => {
      caddy.kill("SIGTERM")
      await exited
      rmSync(home, { recursive: true, force: true })
    }
  }
}

describe("startServer with TRUST_PROXY=1", () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await serverWith("1")
  })
  afterAll(() => server.close())

  it("counts the appended address: two callers, a budget each; forged entries buy nothing", async () => {
    const url = server.url + PATH
    const ann = await statuses(url, BUDGET + 1, () => ({ forwardedFor: "203.0.113.7" }))
    const bo = await statuses(url, BUDGET + 1, () => ({ forwardedFor: "198.51.100.9" }))
    const forger = await statuses(url, BUDGET + 2, (i) => ({ forwardedFor: `192.0.2.${i + 1}, 203.0.113.60` }))
    expect(verdicts(ann)).toEqual(allowedThenRefused(BUDGET + 1))
    expect(verdicts(bo)).toEqual(allowedThenRefused(BUDGET + 1))
    expect(verdicts(forger)).toEqual(allowedThenRefused(BUDGET + 2))
  })

  // The server's socket sees every call come from Caddy (127.0.0.1); the callers leave from other loopback addresses.
  describe("behind Caddy", () => {
    let caddy: Awaited<ReturnType<typeof startCaddy>> | undefined
    beforeAll(async () => {
      caddy = await startCaddy(server.port)
    })
    afterAll(() => caddy?.stop())
    const proxy = () => {
      if (caddy === undefined) throw new Error("caddy did not start")
      return caddy
    }

    it("counts the address Caddy appended: callers from two addresses have a budget each", async () => {
      const first = await statuses(proxy().appending, BUDGET + 1, () => ({ from: "127.0.0.2" }))
      const second = await statuses(proxy().appending, BUDGET + 1, () => ({ from: "127.0.0.3" }))
      expect(verdicts(first)).toEqual(allowedThenRefused(BUDGET + 1))
      expect(verdicts(second)).toEqual(allowedThenRefused(BUDGET + 1))
    })

    it("gives a caller who forges X-Forwarded-For, kept by Caddy ahead of its address, no fresh budget", async () => {
      const forger = await statuses(proxy().appending, BUDGET + 3, (i) => ({
        from: "127.0.0.4",
        forwardedFor: `192.0.2.${i + 1}`
      }))
      expect(verdicts(forger)).toEqual(allowedThenRefused(BUDGET + 3))
      // Another caller, forging the same entries, still has its own budget.
      const other = await statuses(proxy().appending, 1, () => ({ from: "127.0.0.5", forwardedFor: "192.0.2.1" }))
      expect(verdicts(other)).toEqual(["allowed"])
    })

    it("does the same with Caddy's default, which replaces what the caller wrote", async () => {
      const forger = await statuses(proxy().replacing, BUDGET + 2, (i) => ({
        from: "127.0.0.6",
        forwardedFor: `192.0.2.${i + 1}`
      }))
      const other = await statuses(proxy().replacing, 1, () => ({ from: "127.0.0.7" }))
      expect(verdicts(forger)).toEqual(allowedThenRefused(BUDGET + 2))
      expect(verdicts(other)).toEqual(["allowed"])
    })
  })
})

describe("startServer without TRUST_PROXY", () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await serverWith(undefined)
  })
  afterAll(() => server.close())

  it("counts the socket's address, whatever X-Forwarded-For says", async () => {
    const answers = await statuses(server.url + PATH, BUDGET + 2, (i) => ({ forwardedFor: `203.0.113.${i + 1}` }))
    expect(verdicts(answers)).toEqual(allowedThenRefused(BUDGET + 2))
  })
})
