/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * Every input has a bound, and a value past it is a 400 whose message starts with the
 * field's path (docs/decisions/013-input-bounds.md). Each of these was a 500 (or an
 * unbounded answer) before the contract bounded it: ids past PostgreSQL's integer, NUL
 * and other invisible characters in names, a workout too big for one insert, a read of
 * every day there is. Run on PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { MAX_DATABASE_ID } from "#domain/plain-bounds.ts"
import { MAX_PENDING_INVITATIONS, MAX_READ_DAYS, WORKOUT_CAPS } from "#domain/workout.ts"
import { DEFAULT_MAX_BODY_BYTES } from "#server/app.ts"
import { type Account, signupPath, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser, type EmulatorUser } from "./support/emulator-users.ts"

const PAST_INT = MAX_DATABASE_ID + 1 // 2^31
const PAST_SAFE = 2 ** 53

interface Cast {
  readonly coach: Account
  readonly client: Account
  readonly newcomer: EmulatorUser
}

interface Request {
  readonly method: string
  readonly path: string
  readonly token: string
  readonly body?: unknown
}

interface BoundCase {
  readonly what: string
  readonly field: string
  readonly send: (cast: Cast) => Request
}

const DATE = "2025-03-03"
const range = `from=${DATE}&to=${DATE}`
const set = (index: number) => ({ set: index, amsap: false, fields: [{ name: "reps", value: 5 }] })
const exercise = (name: string, sets = 1) => ({ name, sets: Array.from({ length: sets }, (_, i) => set(i)) })
const save = (cast: Cast, workout: unknown, overrides: object = {}): Request => ({
  method: "POST",
  path: "/beta/api/workout",
  token: cast.coach.idToken,
  body: { clientId: cast.client.id, date: DATE, workout, ...overrides }
})
const signupNamed = (cast: Cast, name: string): Request => ({
  method: "POST",
  path: signupPath(cast.newcomer, name, "Client"),
  token: cast.newcomer.idToken
})

const idCases = (id: number, label: string): ReadonlyArray<BoundCase> => [
  {
    what: `workouts for client id ${label}`,
    field: "clientId",
    send: (c) => ({ method: "GET", path: `/beta/api/workouts/${id}?${range}`, token: c.coach.idToken })
  },
  {
    what: `workoutResults for client id ${label}`,
    field: "clientId",
    send: (c) => ({ method: "GET", path: `/beta/api/workoutResults/${id}?${range}`, token: c.coach.idToken })
  },
  {
    what: `workoutByDate for client id ${label}`,
    field: "clientId",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/workoutByDate?clientId=${id}&date=${DATE}`,
      token: c.coach.idToken
    })
  },
  {
    what: `saveWorkout for client id ${label}`,
    field: "clientId",
    send: (c) => save(c, [exercise("Squat")], { clientId: id })
  },
  {
    what: `updateWorkoutResult of set id ${label}`,
    field: "id",
    send: (c) => ({
      method: "PUT",
      path: "/beta/api/updateWorkoutResult",
      token: c.client.idToken,
      body: { id, reps: 5 }
    })
  },
  {
    what: `getAllClients of coach id ${label}`,
    field: "coachId",
    send: (c) => ({ method: "GET", path: `/beta/api/getAllClients/${id}`, token: c.coach.idToken })
  },
  {
    what: `addClient for coach id ${label}`,
    field: "data.coachId",
    send: (c) => ({
      method: "POST",
      path: "/beta/api/addClient",
      token: c.coach.idToken,
      body: { data: { coachId: id, clientEmail: "someone@tests.dev" } }
    })
  }
]

// Names that show nothing, reorder what is around them, or act on a terminal.
const BAD_NAMES: ReadonlyArray<readonly [string, string]> = [
  ["a NUL byte", "Squat\u0000"],
  ["a right-to-left override", "\u202EtauqS"],
  ["only zero-width characters", "\u200B\u200C\u200D"],
  ["only Hangul fillers, letters that show nothing", "\u3164\u3164"],
  ["a byte-order mark inside", "Squ\uFEFFat"],
  ["a terminal escape", "\u001b[31mSquat"],
  ["a newline", "Back\nSquat"]
]

// The shape: well-formed, under the body limit, and past 65,535 bind parameters.
const SIX_THOUSAND_SIX_HUNDRED_SETS = [
  { name: "Squat", sets: Array.from({ length: 6600 }, (_, i) => ({ set: i, amsap: false, fields: [] })) }
]

const cases: ReadonlyArray<BoundCase> = [
  ...idCases(PAST_INT, "2^31"),
  ...idCases(PAST_SAFE, "2^53"),
  ...BAD_NAMES.map(([what, name]): BoundCase => ({
    what: `an exercise name with ${what}`,
    field: "workout[0].name",
    send: (c) => save(c, [exercise(name)])
  })),
  ...BAD_NAMES.map(([what, name]): BoundCase => ({
    what: `a user name with ${what}`,
    field: "name",
    send: (c) => signupNamed(c, name)
  })),
  {
    what: `a workout of ${WORKOUT_CAPS.exercises + 1} exercises`,
    field: "workout",
    send: (c) =>
      save(
        c,
        Array.from({ length: WORKOUT_CAPS.exercises + 1 }, (_, i) => exercise(`Lift ${i}`))
      )
  },
  {
    what: `an exercise of ${WORKOUT_CAPS.setsPerExercise + 1} sets`,
    field: "workout[1].sets",
    send: (c) => save(c, [exercise("Squat"), exercise("Bench", WORKOUT_CAPS.setsPerExercise + 1)])
  },
  {
    what: "a well-formed workout of 6,600 sets that fits the body limit",
    field: "workout[0].sets",
    send: (c) => save(c, SIX_THOUSAND_SIX_HUNDRED_SETS)
  },
  {
    what: `a read of ${MAX_READ_DAYS + 1} days`,
    field: "to",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/workouts/${c.client.id}?from=2025-01-01&to=2026-01-02`,
      token: c.coach.idToken
    })
  },
  {
    what: "a read of results from 0001 to 9999",
    field: "to",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/workoutResults/${c.client.id}?from=0001-01-01&to=9999-12-31`,
      token: c.client.idToken
    })
  },
  {
    what: "a read whose to is before its from",
    field: "to",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/workouts/${c.client.id}?from=2025-03-02&to=2025-03-01`,
      token: c.coach.idToken
    })
  },
  {
    // Without any range it is SPEC's call, answered for a default window (test/server/spec-reads.test.ts).
    what: "a read of workouts without its start",
    field: "from",
    send: (c) => ({ method: "GET", path: `/beta/api/workouts/${c.client.id}?to=${DATE}`, token: c.coach.idToken })
  },
  {
    what: "a read of results without its end",
    field: "to",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/workoutResults/${c.client.id}?from=${DATE}`,
      token: c.client.idToken
    })
  }
]

/** The biggest workout the caps allow, every field filled with its longest value. */
const largestWorkout = () =>
  Array.from({ length: WORKOUT_CAPS.exercises }, (_, e) => ({
    name: `${"李".repeat(96)}${String(e).padStart(4, "0")}`,
    sets: Array.from({ length: WORKOUT_CAPS.setsPerExercise }, (_, s) => ({
      set: s,
      amsap: true,
      fields: [
        { name: "reps", value: "AMRAP" },
        { name: "rpe", value: 9.5 },
        { name: "backoff_percent", value: 1.2345678901234567e-100 },
        { name: "e1rm_percent", value: 1.2345678901234567e-100 },
        { name: "max_percent", value: 1.2345678901234567e-100 },
        { name: "weight", value: 1.2345678901234567e-100 }
      ]
    }))
  }))

describe.each(databasesUnderTest)("input bounds on $name", (database) => {
  const api = useApiUnderTest(database)
  let cast: Cast

  beforeAll(async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.clientOf(coach)
    cast = { coach, client, newcomer: await createEmulatorUser("newcomer") }
  })

  it.each(cases)("$what is a 400 naming $field", async ({ send, field }) => {
    const request = send(cast)
    const answer = await api.call(request.method, request.path, { token: request.token, body: request.body })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body)).toEqual(["error"])
    expect(answer.body.error).toMatch(new RegExp(`^${field.replace(/[[\].]/g, "\\$&")}: `))
  })

  it("the 6,600-set workout is refused for its size, not for the body limit", () => {
    const body = JSON.stringify(save(cast, SIX_THOUSAND_SIX_HUNDRED_SETS).body)
    expect(Buffer.byteLength(body)).toBeLessThan(DEFAULT_MAX_BODY_BYTES)
  })

  it("the largest workout the caps allow fits the body limit and is stored whole", async () => {
    const workout = largestWorkout()
    const body = { clientId: cast.client.id, date: "2025-03-10", workout }
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(DEFAULT_MAX_BODY_BYTES)
    const saved = await api.saveWorkout(cast.coach, cast.client, "2025-03-10", workout)
    expect(saved.status).toBe(200)
    expect(saved.body).toHaveLength(WORKOUT_CAPS.exercises * WORKOUT_CAPS.setsPerExercise)
  })

  it(`a read of exactly ${MAX_READ_DAYS} days answers, and a name with accents, CJK and emoji is kept`, async () => {
    const named = await api.saveWorkout(cast.coach, cast.client, "2025-12-31", [exercise("Développé 卧推 💪")])
    expect(named.status).toBe(200)
    const year = await api.call("GET", `/beta/api/workouts/${cast.client.id}?from=2025-01-01&to=2026-01-01`, {
      token: cast.client.idToken
    })
    expect(year.status).toBe(200)
    expect(year.body.map((row: { exercise: string }) => row.exercise)).toContain("Développé 卧推 💪")
  })

  it("the largest id the database holds is an id like any other: not yours is a 404, not a 400", async () => {
    const answer = await api.call("GET", `/beta/api/workouts/${MAX_DATABASE_ID}?${range}`, {
      token: cast.coach.idToken
    })
    expect(answer.status).toBe(404)
  })

  it("a bounded read still needs a token", async () => {
    const answer = await api.call("GET", `/beta/api/workouts/${cast.client.id}?${range}`)
    expect(answer.status).toBe(401)
  })

  it(`a coach may have ${MAX_PENDING_INVITATIONS} invitations waiting; one more is a 409 naming the field and the cap`, async () => {
    const coach = await api.signupAs("Coach", "Ivy Invites")
    const invite = (email: string) =>
      api.call("POST", "/beta/api/addClient", {
        token: coach.idToken,
        body: { data: { coachId: coach.id, clientEmail: email } }
      })
    for (let i = 0; i < MAX_PENDING_INVITATIONS; i++) {
      const answer = await invite(`invitee-${i}@tests.dev`)
      expect(answer.status).toBe(200)
    }
    const over = await invite("one-too-many@tests.dev")
    expect(over.status).toBe(409)
    expect(over.body.error).toMatch(new RegExp(`^data\\.clientEmail: .*${MAX_PENDING_INVITATIONS}`))
    // Inviting someone already waiting stays idempotent at the cap, and nothing was added.
    expect((await invite("invitee-0@tests.dev")).status).toBe(200)
    const list = await api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
    expect(Object.keys(list.body)).toHaveLength(MAX_PENDING_INVITATIONS)
  })
})
