/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { dropPostgresSchema } from "#server/db/client.ts"
import { startServer, type StartServerOptions } from "#server/main.ts"
import { call, type ApiAnswer } from "./support/api-under-test.ts"
import { coachedClientWithWorkout, oneExercise, type CoachedClient } from "./support/coached-client.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { startServerProcess } from "./support/server-process.ts"

describe.each(databasesUnderTest)("restarting the server on $name", (database) => {
  const dataDir = mkdtempSync(join(tmpdir(), "strength-coach-restart-"))
  const schemaName = freshSchemaName()
  const options: StartServerOptions = {
    port: 0,
    hostname: "127.0.0.1",
    databaseUrl: database.databaseUrl ?? "",
    dataDir,
    schemaName
  }

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true })
    if (database.databaseUrl !== undefined) await dropPostgresSchema(database.databaseUrl, schemaName)
  })

  it("a server closed and started again on the same data loses nothing that was answered 2xx", async () => {
    const first = await startServer(options)
    const { coachUser, clientUser, coach, client, saved } = await coachedClientWithWorkout(first.url, {
      names: ["Rita Restart", "Rob Restart"],
      date: "2025-09-01",
      workout: oneExercise("Squat", 1)
    })
    const logged = await call(first.url, "PUT", "/beta/api/updateWorkoutResult", {
      token: clientUser.idToken,
      body: { id: saved.body[0].id, reps: 5, rir: 1 }
    })
    expect([coach.status, client.status, saved.status, logged.status]).toEqual([200, 200, 200, 200])
    await first.close()

    const second = await startServer(options)
    try {
      const checked = await call(
        second.url,
        "GET",
        `/beta/api/user/check?${new URLSearchParams({ email: clientUser.email, firebaseId: clientUser.uid })}`,
        { token: clientUser.idToken }
      )
      expect(checked.body).toEqual([client.body])
      const clients = await call(second.url, "GET", `/beta/api/getAllClients/${coach.body.id}`, {
        token: coachUser.idToken
      })
      expect(clients.body).toEqual({ [String(client.body.id)]: { name: "Rob Restart", pending: false } })
      const workouts = await call(
        second.url,
        "GET",
        `/beta/api/workouts/${client.body.id}?from=2025-09-01&to=2025-09-01`,
        { token: clientUser.idToken }
      )
      expect(workouts.body).toEqual(saved.body)
      const results = await call(
        second.url,
        "GET",
        `/beta/api/workoutResults/${client.body.id}?from=2025-09-01&to=2025-09-01`,
        { token: clientUser.idToken }
      )
      expect(results.body).toEqual([logged.body])
    } finally {
      await second.close()
    }
  })

  it("a server process killed without warning loses nothing that was answered 2xx", async () => {
    const env = {
      DATABASE_URL: database.databaseUrl ?? "",
      DATA_DIR: dataDir,
      DATABASE_SCHEMA: schemaName,
      // No built app needed: the API alone.
      STATIC_DIR: join(dataDir, "..", "no-such-static-dir")
    }
    const first = await startServerProcess(env)
    let setUp: CoachedClient
    let logged: ApiAnswer
    try {
      setUp = await coachedClientWithWorkout(first.url, {
        names: ["Kim Killed", "Kit Killed"],
        date: "2025-10-01",
        workout: [{ name: "Deadlift", sets: [{ set: 0, amsap: true, fields: [{ name: "reps", value: "AMRAP" }] }] }]
      })
      logged = await call(first.url, "PUT", "/beta/api/updateWorkoutResult", {
        token: setUp.clientUser.idToken,
        body: { id: setUp.setIds[0], reps: 23 }
      })
      expect([setUp.coach.status, setUp.client.status, setUp.saved.status, logged.status]).toEqual([200, 200, 200, 200])
    } finally {
      await first.crash()
    }
    const { clientId, clientUser, saved } = setUp

    const second = await startServerProcess(env)
    try {
      expect(second.pid).not.toBe(first.pid)
      const range = "from=2025-10-01&to=2025-10-01"
      const workouts = await call(second.url, "GET", `/beta/api/workouts/${clientId}?${range}`, {
        token: clientUser.idToken
      })
      expect(workouts.body).toEqual(saved.body)
      const results = await call(second.url, "GET", `/beta/api/workoutResults/${clientId}?${range}`, {
        token: clientUser.idToken
      })
      expect(results.body).toEqual([logged.body])
    } finally {
      await second.stop()
    }
  })
})
