/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- raw JSON answers, read as any API client would */
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser, type EmulatorUser } from "./support/emulator-users.ts"

/*
 * Who may edit, remove and restore a client's saved workout: only that client's coach.
 * The client themself, a client of another coach and a caller with no account are
 * refused (403); another coach is told there is no such client (404); no token is a 401.
 * Every refusal leaves the workout as it was.
 */

type Actor = "another coach" | "the client" | "another coach's client" | "a user with no account"

const denied: ReadonlyArray<readonly [Actor, number]> = [
  ["another coach", 404],
  ["the client", 403],
  ["another coach's client", 403],
  ["a user with no account", 403]
]

interface Cast {
  readonly coach: Account
  readonly client: Account
  readonly otherCoach: Account
  readonly otherClient: Account
  readonly stranger: EmulatorUser
  readonly firstSetOf: Readonly<Record<string, number>>
}

interface Request {
  readonly method: string
  readonly path: string
  readonly body?: unknown
}

interface EndpointCase {
  readonly endpoint: "editWorkout" | "removeWorkout" | "restoreWorkout"
  /** The day of the workout this endpoint is tried on (its own, so the cases never meet). */
  readonly date: string
  readonly request: (cast: Cast) => Request
  /** What the owner's coach is answered. */
  readonly served: (cast: Cast) => unknown
}

const endpoints: ReadonlyArray<EndpointCase> = [
  {
    endpoint: "editWorkout",
    date: "2025-02-03",
    request: (c) => ({
      method: "PUT",
      path: "/beta/api/workout",
      body: {
        clientId: c.client.id,
        date: "2025-02-03",
        workoutOrder: 0,
        workout: [
          {
            name: "Deadlift",
            sets: [{ id: c.firstSetOf["2025-02-03"], set: 0, amsap: false, fields: [{ name: "reps", value: 1 }] }]
          }
        ],
        idempotencyKey: "matrix-edit-key-000001"
      }
    }),
    served: (c) => [expect.objectContaining({ id: c.firstSetOf["2025-02-03"], exercise: "Deadlift", set: 0, reps: 1 })]
  },
  {
    endpoint: "removeWorkout",
    date: "2025-02-04",
    request: (c) => ({ method: "DELETE", path: `/beta/api/workout/${c.client.id}/2025-02-04/0` }),
    served: (c) => ({ clientId: c.client.id, date: "2025-02-04", workoutOrder: 0, removed: true })
  },
  {
    endpoint: "restoreWorkout",
    date: "2025-02-05",
    request: (c) => ({
      method: "POST",
      path: "/beta/api/workout/restore",
      body: { clientId: c.client.id, date: "2025-02-05", workoutOrder: 0 }
    }),
    served: (c) => ({ clientId: c.client.id, date: "2025-02-05", workoutOrder: 0, removed: false })
  }
]

const workout = [
  {
    name: "Deadlift",
    sets: [
      { set: 0, amsap: false, fields: [{ name: "reps", value: 3 }] },
      { set: 1, amsap: false, fields: [{ name: "reps", value: 3 }] }
    ]
  }
]

describe.each(databasesUnderTest)("who may change a saved workout, on $name", (database) => {
  const api = useApiUnderTest(database)
  let cast: Cast

  beforeAll(async () => {
    const coach = await api.signupAs("Coach", "Olive Owner-Coach")
    const client = await api.clientOf(coach, "Orla Owner-Client")
    const otherCoach = await api.signupAs("Coach", "Oscar Other-Coach")
    const otherClient = await api.clientOf(otherCoach, "Opal Other-Client")
    const firstSetOf: Record<string, number> = {}
    for (const { date } of endpoints) {
      const saved = await api.saveWorkout(coach, client, date, workout)
      if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.body)}`)
      firstSetOf[date] = saved.body[0].id
    }
    // The restore case starts from a removed workout.
    const removed = await api.call("DELETE", `/beta/api/workout/${client.id}/2025-02-05/0`, { token: coach.idToken })
    if (removed.status !== 200) throw new Error(`remove failed: ${removed.status}`)
    cast = { coach, client, otherCoach, otherClient, stranger: await createEmulatorUser("stranger"), firstSetOf }
  })

  const tokenOf = (actor: Actor): string => {
    switch (actor) {
      case "another coach":
        return cast.otherCoach.idToken
      case "the client":
        return cast.client.idToken
      case "another coach's client":
        return cast.otherClient.idToken
      case "a user with no account":
        return cast.stranger.idToken
    }
  }

  /** The day as its coach reads it: a wrongful edit, removal or restore would change it. */
  const dayOf = (date: string) =>
    api.call("GET", `/beta/api/workouts/${cast.client.id}?from=${date}&to=${date}`, { token: cast.coach.idToken })

  describe.each(endpoints)("$endpoint", (endpoint) => {
    const send = (token: string | undefined) => {
      const request = endpoint.request(cast)
      return api.call(request.method, request.path, { token, body: request.body })
    }

    it("refuses a call without a token with 401", async () => {
      const answer = await send(undefined)
      expect(answer).toEqual({ status: 401, body: { error: expect.stringContaining("Sign in") } })
    })

    it("refuses a malformed token with 401", async () => {
      expect((await send("not-a-firebase-token")).status).toBe(401)
    })

    it.each(denied)("refuses %s with %i, leaking nothing and changing nothing", async (actor, status) => {
      const before = await dayOf(endpoint.date)
      const answer = await send(tokenOf(actor))
      expect(answer.status).toBe(status)
      // Another coach's client is ClientNotFound (its code); a wrong caller is a plain 403.
      expect(answer.body.code).toBe(status === 404 ? "ClientNotFound" : undefined)
      expect(Object.keys(answer.body)).toEqual(status === 404 ? ["error", "code"] : ["error"])
      const text = JSON.stringify(answer.body)
      for (const secret of [cast.client.email, cast.client.name, cast.coach.email, cast.coach.name]) {
        expect(text).not.toContain(secret)
      }
      expect(await dayOf(endpoint.date)).toEqual(before)
    })

    it("serves the client's coach", async () => {
      const answer = await send(cast.coach.idToken)
      expect(answer).toEqual({ status: 200, body: endpoint.served(cast) })
    })
  })

  it("a coach addressing an empty day of their own client is told there is no workout, not refused", async () => {
    const answer = await api.call("DELETE", `/beta/api/workout/${cast.otherClient.id}/2025-02-03/0`, {
      token: cast.otherCoach.idToken
    })
    expect(answer).toEqual({
      status: 404,
      body: {
        error: `workoutOrder: no workout 0 on 2025-02-03 for client ${cast.otherClient.id}`,
        code: "WorkoutNotFound"
      }
    })
  })
})
