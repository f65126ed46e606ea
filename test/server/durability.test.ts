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

  it("loses nothing that was answered 2xx", async () => {
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
})
