/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * The server outlives its database: on a PostgreSQL cluster of the
 * test's own, restarted under load and frozen mid-request. Every request is answered,
 * 2xx or 503 with Retry-After, never a hang or a crash, and every 2xx is still there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer, type RunningServer } from "#server/main.ts"
import { call, type ApiAnswer } from "./support/api-under-test.ts"
import { coachedClientWithWorkout, oneExercise } from "./support/coached-client.ts"
import type { EmulatorUser } from "./support/emulator-users.ts"
import { postgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from "./support/throwaway-postgres.ts"

const binDir = postgresBinDir()
if (binDir === undefined) {
  console.warn(
    "\n*** The database fault suite did NOT run: PostgreSQL's server tools (initdb, pg_ctl) are not installed. ***\n"
  )
}

const DATE = "2026-03-02"
const WRITERS = 4

describe.runIf(binDir !== undefined)("a server whose PostgreSQL fails", () => {
  let cluster: ThrowawayPostgres
  let server: RunningServer
  let client: EmulatorUser
  let clientId: number
  let setIds: ReadonlyArray<number>

  beforeAll(async () => {
    cluster = await startThrowawayPostgres(binDir ?? "")
    server = await startServer({
      port: 0,
      hostname: "127.0.0.1",
      databaseUrl: cluster.databaseUrl,
      maxConnections: 4,
      databaseDeadlines: { connectMs: 1_000, statementMs: 1_500, queryMs: 2_000 },
      requestDeadlineMs: 4_000
    })
    const setUp = await coachedClientWithWorkout(server.url, {
      names: ["Fay Fault", "Finn Fault"],
      date: DATE,
      workout: oneExercise("Squat", WRITERS)
    })
    expect(setUp.saved.status).toBe(200)
    ;({ clientUser: client, clientId, setIds } = setUp)
  }, 120_000)

  afterAll(async () => {
    await server.close()
    cluster.stop()
  })

  const logReps = (setId: number, reps: number) =>
    call(server.url, "PUT", "/beta/api/updateWorkoutResult", { token: client.idToken, body: { id: setId, reps } })
  const readResults = () =>
    call(server.url, "GET", `/beta/api/workoutResults/${clientId}?from=${DATE}&to=${DATE}`, { token: client.idToken })

  /** Retries like a client would (a 503 says when) until the server answers 2xx again. */
  const untilServing = async (attempt: () => Promise<ApiAnswer>, tries = 40): Promise<ApiAnswer> => {
    let last = await attempt()
    for (let i = 1; i < tries && last.status === 503; i++) {
      await new Promise((done) => setTimeout(done, 250))
      last = await attempt()
    }
    return last
  }

  it("answers every request 2xx or 503 while the database restarts, and keeps every 2xx", async () => {
    const answered: Array<Array<{ reps: number; status: number }>> = setIds.map(() => [])
    let restarted = false
    // Each writer logs increasing reps on its own set, one at a time, as autosave does.
    const writer = async (index: number) => {
      const setId = setIds[index] ?? 0
      let reps = 1
      let afterRestart = 0
      while (afterRestart < 3 && reps < 100) {
        const answer = await logReps(setId, reps)
        answered[index]?.push({ reps, status: answer.status })
        if (restarted && answer.status === 200) afterRestart++
        reps++
      }
    }
    const load = Promise.all(setIds.map((_, index) => writer(index)))
    await new Promise((done) => setTimeout(done, 300))
    await cluster.restart()
    restarted = true
    await load

    const statuses = new Set(answered.flat().map(({ status }) => status))
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([])
    // The writers really were writing while the database was down.
    expect(statuses).toContain(503)
    const results = await untilServing(readResults)
    expect(results.status).toBe(200)
    for (const [index, setId] of setIds.entries()) {
      const lastSaved = answered[index]?.filter(({ status }) => status === 200).at(-1)?.reps
      const stored = (results.body as Array<{ id: number; reps: number }>).find((row) => row.id === setId)?.reps
      // A 503'd write may still have committed, so the stored value is the last 2xx or a later attempt.
      expect(lastSaved).toBeDefined()
      expect(stored).toBeGreaterThanOrEqual(lastSaved ?? Infinity)
    }
  })

  it("answers 503 with Retry-After while the database is frozen, then serves again", async () => {
    cluster.freeze()
    let frozen: Array<{ status: number; retryAfter: string | null }>
    try {
      frozen = await Promise.all(
        [
          () =>
            fetch(`${server.url}/beta/api/workoutResults/${clientId}?from=${DATE}&to=${DATE}`, {
              headers: { authorization: `Bearer ${client.idToken}` }
            }),
          () =>
            fetch(`${server.url}/beta/api/updateWorkoutResult`, {
              method: "PUT",
              headers: { authorization: `Bearer ${client.idToken}`, "content-type": "application/json" },
              body: JSON.stringify({ id: setIds[0], reps: 7 })
            })
        ].map(async (send) => {
          const response = await send()
          await response.text()
          return { status: response.status, retryAfter: response.headers.get("retry-after") }
        })
      )
    } finally {
      cluster.thaw()
    }
    expect(frozen).toEqual([
      { status: 503, retryAfter: "5" },
      { status: 503, retryAfter: "5" }
    ])
    const after = await untilServing(() => logReps(setIds[0] ?? 0, 8))
    expect(after.status).toBe(200)
    expect(after.body.reps).toBe(8)
  })
})
