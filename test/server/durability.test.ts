/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { dropPostgresSchema } from "#server/db/client.ts"
import { startServer, type StartServerOptions } from "#server/main.ts"
import { call, signupPath } from "./support/api-under-test.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { createEmulatorUser } from "./support/emulator-users.ts"
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
    const coachUser = await createEmulatorUser("coach")
    const clientUser = await createEmulatorUser("client")
    const first = await startServer(options)
    const coach = await call(first.url, "POST", signupPath(coachUser, "Rita Restart", "Coach"), {
      token: coachUser.idToken
    })
    const client = await call(first.url, "POST", signupPath(clientUser, "Rob Restart", "Client"), {
      token: clientUser.idToken
    })
    await call(first.url, "POST", "/beta/api/addClient", {
      token: coachUser.idToken,
      body: { data: { coachId: coach.body.id, clientEmail: clientUser.email } }
    })
    const saved = await call(first.url, "POST", "/beta/api/workout", {
      token: coachUser.idToken,
      body: {
        clientId: client.body.id,
        date: "2025-09-01",
        workout: [{ name: "Squat", sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 5 }] }] }]
      }
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
      const workouts = await call(second.url, "GET", `/beta/api/workouts/${client.body.id}`, {
        token: clientUser.idToken
      })
      expect(workouts.body).toEqual(saved.body)
      const results = await call(second.url, "GET", `/beta/api/workoutResults/${client.body.id}`, {
        token: clientUser.idToken
      })
      expect(results.body).toEqual([logged.body])
    } finally {
      await second.close()
    }
  })

  it("a server process killed without warning loses nothing that was answered 2xx", async () => {
    const coachUser = await createEmulatorUser("coach")
    const clientUser = await createEmulatorUser("client")
    const env = {
      DATABASE_URL: database.databaseUrl ?? "",
      DATA_DIR: dataDir,
      DATABASE_SCHEMA: schemaName,
      // No built app needed: the API alone.
      STATIC_DIR: join(dataDir, "..", "no-such-static-dir")
    }
    const first = await startServerProcess(env)
    let saved: Awaited<ReturnType<typeof call>>
    let logged: Awaited<ReturnType<typeof call>>
    let clientId: number
    try {
      const coach = await call(first.url, "POST", signupPath(coachUser, "Kim Killed", "Coach"), {
        token: coachUser.idToken
      })
      const client = await call(first.url, "POST", signupPath(clientUser, "Kit Killed", "Client"), {
        token: clientUser.idToken
      })
      clientId = client.body.id
      await call(first.url, "POST", "/beta/api/addClient", {
        token: coachUser.idToken,
        body: { data: { coachId: coach.body.id, clientEmail: clientUser.email } }
      })
      saved = await call(first.url, "POST", "/beta/api/workout", {
        token: coachUser.idToken,
        body: {
          clientId,
          date: "2025-10-01",
          workout: [{ name: "Deadlift", sets: [{ set: 0, amsap: true, fields: [{ name: "reps", value: "AMRAP" }] }] }]
        }
      })
      logged = await call(first.url, "PUT", "/beta/api/updateWorkoutResult", {
        token: clientUser.idToken,
        body: { id: saved.body[0].id, reps: 23 }
      })
      expect([coach.status, client.status, saved.status, logged.status]).toEqual([200, 200, 200, 200])
    } finally {
      await first.crash()
    }

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
