/**
 * The Node server's own limits (server/connection-limits.ts): connections that open and
 * never finish their request are closed within the header timeout, a real request is
 * answered meanwhile, past the connection cap new connections are closed at once, and a
 * live event stream is not cut by the request timeout. A few hundred half-open
 * connections here, not the 20,000 of the incident: the header timeout closes each
 * one the same way, and the proxy in front absorbs the rest (test/server/proxy-deploy.test.ts).
 * The timeouts are shortened to seconds so the test waits for them.
 */
import { connect } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer, type RunningServer } from "#server/main.ts"
import { call, signupPath } from "./support/api-under-test.ts"
import { createEmulatorUser } from "./support/emulator-users.ts"
import { openLiveReader } from "./support/live-reader.ts"

const HEADERS_TIMEOUT_MS = 1_000
const REQUEST_TIMEOUT_MS = 3_000
const CHECK_INTERVAL_MS = 100
/** How late after the header timeout a connection may still close (the check's interval, a busy machine). */
const SLACK_MS = 1_500
const HALF_OPEN = 300

/** What a half-open connection sends before it stalls: nothing, part of the request line, part of the headers. */
const SHAPES = ["", "GET /beta/api/user/ch", "GET /beta/api/user/check HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "]

interface HalfOpen {
  /** Resolves when the server closed the connection: how long it was open, and what it answered. */
  readonly closed: Promise<{ readonly openMs: number; readonly answer: string }>
  readonly destroy: () => void
}

/** A connection that sends `partial` and nothing more. */
const halfOpen = (port: number, partial: string): Promise<HalfOpen> =>
  new Promise((opened, failed) => {
    const socket = connect(port, "127.0.0.1")
    let answer = ""
    let started = 0
    socket.setEncoding("utf8")
    socket.on("data", (chunk: string) => (answer += chunk))
    const closed = new Promise<{ openMs: number; answer: string }>((done) =>
      socket.once("close", () => done({ openMs: performance.now() - started, answer }))
    )
    socket.once("error", failed)
    socket.once("connect", () => {
      started = performance.now()
      socket.off("error", failed)
      // A reset from the server is a close too; the test reads what arrived before it.
      socket.on("error", () => undefined)
      if (partial !== "") socket.write(partial)
      opened({ closed, destroy: () => socket.destroy() })
    })
  })

const startLimited = (maxConnections: number) =>
  startServer({
    port: 0,
    hostname: "127.0.0.1",
    databaseUrl: "",
    dataDir: "memory://",
    liveStreams: { heartbeatMs: 500 },
    connectionLimits: {
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      checkIntervalMs: CHECK_INTERVAL_MS,
      maxConnections
    }
  })

describe("the server's connection limits", () => {
  let server: RunningServer
  const open: Array<HalfOpen> = []
  beforeAll(async () => {
    server = await startLimited(HALF_OPEN + 50)
  })
  afterAll(async () => {
    for (const connection of open) connection.destroy()
    await server.close()
  })

  it(
    `closes ${HALF_OPEN} half-open connections within its header timeout, answering a real request meanwhile`,
    { timeout: 30_000 },
    async () => {
      for (let i = 0; i < HALF_OPEN; i++) open.push(await halfOpen(server.port, SHAPES[i % SHAPES.length] ?? ""))
      // While every one of them is held open, a real request is answered (401: it carries no token).
      const real = await call(server.url, "GET", "/beta/api/user/check")
      expect(real.status).toBe(401)
      const closes = await Promise.all(open.map((connection) => connection.closed))
      const late = closes.filter(({ openMs }) => openMs > HEADERS_TIMEOUT_MS + SLACK_MS)
      expect(late).toEqual([])
      // None is closed before its time: the timeout, not something else, ended them.
      expect(closes.filter(({ openMs }) => openMs < HEADERS_TIMEOUT_MS - 50)).toEqual([])
      expect(new Set(closes.map(({ answer }) => answer.split("\r\n")[0]))).toEqual(
        new Set(["HTTP/1.1 408 Request Timeout"])
      )
    }
  )

  it("does not cut a live event stream at the request timeout: only the request is timed, not the answer", async () => {
    const user = await createEmulatorUser("limits")
    const signup = await call(server.url, "POST", signupPath(user, "Lena Limits", "Coach"), { token: user.idToken })
    expect(signup.status).toBe(200)
    const stream = await openLiveReader(server.url, user.idToken)
    try {
      expect(stream.status).toBe(200)
      await new Promise((done) => setTimeout(done, REQUEST_TIMEOUT_MS + SLACK_MS))
      expect(stream.ended()).toBe(false)
      expect(stream.heartbeats()).toBeGreaterThan(REQUEST_TIMEOUT_MS / 500)
    } finally {
      stream.close()
    }
  })
})

describe("the server's connection cap", () => {
  const CAP = 20
  let server: RunningServer
  const open: Array<HalfOpen> = []
  beforeAll(async () => {
    server = await startLimited(CAP)
  })
  afterAll(async () => {
    for (const connection of open) connection.destroy()
    await server.close()
  })

  it("closes a connection past the cap at once, and serves again once the held ones time out", async () => {
    for (let i = 0; i < CAP; i++) open.push(await halfOpen(server.port, SHAPES[2] ?? ""))
    const over = await halfOpen(server.port, "")
    open.push(over)
    const refused = await over.closed
    expect(refused.openMs).toBeLessThan(HEADERS_TIMEOUT_MS / 2)
    expect(refused.answer).toBe("")
    await Promise.all(open.slice(0, CAP).map((connection) => connection.closed))
    const real = await call(server.url, "GET", "/beta/api/user/check")
    expect(real.status).toBe(401)
  })
})
