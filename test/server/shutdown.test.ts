/**
 * SIGTERM while writes are in flight: the server stops accepting,
 * answers what it has started, then exits. A write whose connection is cut must not have
 * been committed: the client, seeing no answer, sends it again.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { dropPostgresSchema } from "#server/db/client.ts"
import { call } from "./support/api-under-test.ts"
import { coachedClientWithWorkout, oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { callOnOwnConnection, type OwnConnectionOutcome } from "./support/own-connection.ts"
import { startServerProcess } from "./support/server-process.ts"

const DATE = "2026-04-06"
const SETS = 24
const WRITE = "/beta/api/updateWorkoutResult"

const statusOf = (outcome: OwnConnectionOutcome | undefined): number | undefined =>
  typeof outcome === "number" ? outcome : undefined

describe.each(databasesUnderTest)("stopping the server on $name", (database) => {
  const dataDir = mkdtempSync(join(tmpdir(), "strength-coach-shutdown-"))
  const schemaName = freshSchemaName()
  const env = {
    DATABASE_URL: database.databaseUrl ?? "",
    DATA_DIR: dataDir,
    DATABASE_SCHEMA: schemaName,
    STATIC_DIR: join(dataDir, "no-such-static-dir")
  }

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true })
    if (database.databaseUrl !== undefined) await dropPostgresSchema(database.databaseUrl, schemaName)
  })

  it(
    "answers the writes in flight at SIGTERM, and a write it did not answer was not committed",
    { timeout: 90_000 },
    async () => {
      const first = await startServerProcess(env)
      const { clientUser, clientId, saved, setIds } = await coachedClientWithWorkout(first.url, {
        names: ["Dana Drain", "Dev Drain"],
        date: DATE,
        workout: oneExercise("Bench Press", SETS, 8)
      })
      expect(saved.status).toBe(200)

      // Every set gets its own write; SIGTERM goes out as soon as the first is answered.
      let stopped: Promise<void> | undefined
      const outcomes = await Promise.all(
        setIds.map(async (id) => {
          const outcome = await callOnOwnConnection(first.url, "PUT", WRITE, clientUser.idToken, {
            body: { id, reps: 42 }
          })
          stopped ??= first.stop()
          return outcome
        })
      )
      await stopped

      const second = await startServerProcess(env)
      try {
        const results = await call(second.url, "GET", `/beta/api/workoutResults/${clientId}?from=${DATE}&to=${DATE}`, {
          token: clientUser.idToken
        })
        const rows = results.body as Array<{ id: number; reps: number }>
        const stored = new Set(rows.filter((row) => row.reps === 42).map((row) => row.id))
        const answered = setIds.filter((_, i) => statusOf(outcomes[i]) === 200)
        const cut = setIds.filter((_, i) => statusOf(outcomes[i]) === undefined)
        // Requests on their way when the server stopped listening are answered 2xx, 503, or refused.
        expect(
          outcomes.map(statusOf).filter((status) => status !== undefined && status !== 200 && status !== 503)
        ).toEqual([])
        expect(answered.filter((id) => !stored.has(id))).toEqual([])
        expect(cut.filter((id) => stored.has(id))).toEqual([])
        expect(answered.length).toBeGreaterThan(1)
      } finally {
        await second.stop()
      }
    }
  )
})
