/**
 * Failures are visible to whoever runs the server: every answer
 * carries a request id, every API answer is one JSON log line with that id, a defect is
 * logged with its stack, and no token, password or request body is ever written.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { log } from "#server/log.ts"
import { startServer, type RunningServer } from "#server/main.ts"
import { call, signupPath } from "./support/api-under-test.ts"
import { createEmulatorUser, type EmulatorUser } from "./support/emulator-users.ts"

interface LogLine {
  readonly level: number
  readonly requestId?: string
  readonly status?: number
  readonly path?: string
  readonly err?: unknown
}

describe("the server's log", () => {
  let server: RunningServer
  let user: EmulatorUser
  const written: Array<string> = []

  // The test run logs warnings only (vitest.config.ts); production logs every request.
  const testLevel = log.level
  beforeAll(async () => {
    log.level = "info"
    server = await startServer({ port: 0, hostname: "127.0.0.1", databaseUrl: "", dataDir: "memory://" })
    user = await createEmulatorUser("logged")
    const original = process.stdout.write.bind(process.stdout)
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk))
      return original(chunk)
    })
  })
  afterAll(async () => {
    log.level = testLevel
    vi.restoreAllMocks()
    await server.close().catch(() => undefined)
  })

  const linesOf = (requestId: string): Array<LogLine> =>
    written
      .flatMap((chunk) => chunk.split("\n"))
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.requestId === requestId)

  it("gives every answer a request id, and keeps a sane one the caller sent", async () => {
    const fresh = await fetch(`${server.url}/beta/api/user/check`)
    const kept = await fetch(`${server.url}/beta/api/user/check`, { headers: { "x-request-id": "proxy-req-12345" } })
    const refused = await fetch(`${server.url}/beta/api/user/check`, { headers: { "x-request-id": "bad id; drop" } })
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    expect(kept.headers.get("x-request-id")).toBe("proxy-req-12345")
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    // An expected refusal (401) is one info line, with no stack.
    expect(linesOf("proxy-req-12345")).toEqual([
      expect.objectContaining({ level: 30, method: "GET", path: "/beta/api/user/check", status: 401 })
    ])
  })

  it("never writes a token, a password, an email from the query or a request body", async () => {
    const response = await fetch(
      `${server.url}${signupPath(user, "Secret Sam", "Client")}&password=hunter2-in-the-query`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${user.idToken}`, "content-type": "application/json" },
        body: JSON.stringify({ password: "body-password-123" })
      }
    )
    const requestId = response.headers.get("x-request-id") ?? ""
    expect(linesOf(requestId)).toHaveLength(1)
    const everything = written.join("")
    for (const secret of [user.idToken, "hunter2-in-the-query", "body-password-123", user.email, "Secret Sam"]) {
      expect(everything).not.toContain(secret)
    }
  })

  it("logs a caller's mistake (a body over the limit) as one line, not as a defect", async () => {
    const response = await fetch(`${server.url}/beta/api/addClient`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.idToken}`, "content-type": "application/json" },
      body: JSON.stringify({ data: { coachId: 1, clientEmail: "x".repeat(300 * 1024) } })
    })
    expect(response.status).toBe(413)
    const lines = linesOf(response.headers.get("x-request-id") ?? "")
    expect(lines).toEqual([expect.objectContaining({ level: 30, status: 413 })])
  })

  it("logs a defect with its stack and the request id of the 500", async () => {
    // The database goes away underneath a running server: every query now fails as a defect.
    await server.database.close()
    const answer = await call(server.url, "GET", `/beta/api/user/check?email=${user.email}&firebaseId=${user.uid}`, {
      token: user.idToken
    })
    expect(answer.status).toBe(500)
    const requestId = written
      .flatMap((chunk) => chunk.split("\n"))
      .filter((line) => line.includes('"status":500'))
      .map((line) => (JSON.parse(line) as LogLine).requestId)
      .at(-1)
    expect(requestId).toBeDefined()
    const lines = linesOf(requestId ?? "")
    const defect = lines.find((line) => typeof line.err === "string")
    expect(defect?.level).toBe(50)
    expect(defect?.err).toContain("PGlite is closed")
    expect(defect?.err).toMatch(/\n\s+at /)
    // The failed query's bound values (here the Firebase uid) stay out of the log.
    expect(defect?.err).not.toContain(user.uid)
  })
})
