/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser, type EmulatorUser } from "./support/emulator-users.ts"

interface BadRequestCase {
  readonly what: string
  readonly field: string
  readonly send: (cast: Cast) => { method: string; path: string; body?: unknown; token: string }
}

interface Cast {
  readonly coach: Account
  readonly client: Account
  readonly newcomer: EmulatorUser
  readonly setId: number
}

const set = (fields: unknown, extra: object = {}) => ({ set: 0, amsap: false, fields, ...extra })
const saveBody = (cast: Cast, workout: unknown, overrides: object = {}) => ({
  method: "POST",
  path: "/beta/api/workout",
  token: cast.coach.idToken,
  body: { clientId: cast.client.id, date: "2025-03-03", workout, ...overrides }
})
const logBody = (cast: Cast, update: object) => ({
  method: "PUT",
  path: "/beta/api/updateWorkoutResult",
  token: cast.client.idToken,
  body: { id: cast.setId, ...update }
})

const addSetBody = (cast: Cast, overrides: object) => ({
  method: "POST",
  path: "/beta/api/loggedSet",
  token: cast.client.idToken,
  body: { afterSetId: cast.setId, idempotencyKey: "bad-input-add-a-set-01", ...overrides }
})
const completionBody = (cast: Cast, overrides: object) => ({
  method: "PUT",
  path: "/beta/api/workoutCompletion",
  token: cast.client.idToken,
  body: {
    date: "2025-03-03",
    workout_order: 0,
    started_at: "2025-03-03T17:00:00.000Z",
    ended_at: "2025-03-03T18:00:00.000Z",
    duration_seconds: 3_300,
    ...overrides
  }
})

const preferencesBody = (cast: Cast, overrides: object) => ({
  method: "PUT",
  path: `/beta/api/preferences/${cast.client.id}`,
  token: cast.client.idToken,
  body: { unit: "kg", bar: 20, smallest_plate: 1.25, ...overrides }
})

const maxBody = (cast: Cast, overrides: object) => ({
  method: "POST",
  path: "/beta/api/maxes",
  token: cast.coach.idToken,
  body: {
    clientId: cast.client.id,
    exercise_id: "back-squat",
    value: 315,
    unit: "lb",
    set_on: "2025-03-03",
    ...overrides
  }
})

const cases: ReadonlyArray<BadRequestCase> = [
  {
    what: "user/check without an email",
    field: "email",
    send: (c) => ({ method: "GET", path: `/beta/api/user/check?firebaseId=${c.client.uid}`, token: c.client.idToken })
  },
  {
    what: "user/check with an empty firebaseId",
    field: "firebaseId",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/user/check?email=${c.client.email}&firebaseId=`,
      token: c.client.idToken
    })
  },
  {
    what: "signup with an unknown user type",
    field: "userType",
    send: (c) => ({
      method: "POST",
      path: `/beta/api/signup/${c.newcomer.uid}?name=Sam&email=${c.newcomer.email}&firebaseId=${c.newcomer.uid}&userType=Admin`,
      token: c.newcomer.idToken
    })
  },
  {
    what: "signup without a name",
    field: "name",
    send: (c) => ({
      method: "POST",
      path: `/beta/api/signup/${c.newcomer.uid}?email=${c.newcomer.email}&firebaseId=${c.newcomer.uid}&userType=Client`,
      token: c.newcomer.idToken
    })
  },
  {
    what: "addClient with a badly formed email",
    field: "data.clientEmail",
    send: (c) => ({
      method: "POST",
      path: "/beta/api/addClient",
      token: c.coach.idToken,
      body: { data: { coachId: c.coach.id, clientEmail: "not-an-email" } }
    })
  },
  {
    what: "addClient with a coachId that is not a number",
    field: "data.coachId",
    send: (c) => ({
      method: "POST",
      path: "/beta/api/addClient",
      token: c.coach.idToken,
      body: { data: { coachId: "me", clientEmail: "someone@tests.dev" } }
    })
  },
  {
    what: "addClient without the data wrapper",
    field: "data",
    send: (c) => ({
      method: "POST",
      path: "/beta/api/addClient",
      token: c.coach.idToken,
      body: { coachId: c.coach.id, clientEmail: "someone@tests.dev" }
    })
  },
  {
    what: "getAllClients with a coach id that is not a number",
    field: "coachId",
    send: (c) => ({ method: "GET", path: "/beta/api/getAllClients/abc", token: c.coach.idToken })
  },
  {
    what: "workouts with a client id of zero",
    field: "clientId",
    send: (c) => ({ method: "GET", path: "/beta/api/workouts/0", token: c.coach.idToken })
  },
  {
    what: "workouts with an impossible from date",
    field: "from",
    send: (c) => ({ method: "GET", path: `/beta/api/workouts/${c.client.id}?from=2025-02-30`, token: c.coach.idToken })
  },
  {
    what: "workoutResults with a route-format to date",
    field: "to",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/workoutResults/${c.client.id}?from=2025-03-01&to=03-01-2025`,
      token: c.client.idToken
    })
  },
  {
    what: "workoutByDate without a clientId",
    field: "clientId",
    send: (c) => ({ method: "GET", path: "/beta/api/workoutByDate?date=2025-03-03", token: c.client.idToken })
  },
  {
    what: "workoutByDate with a date in MM-DD-YYYY",
    field: "date",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/workoutByDate?clientId=${c.client.id}&date=03-03-2025`,
      token: c.client.idToken
    })
  },
  {
    what: "a workout with an exercise without a name",
    field: "workout[0].name",
    send: (c) => saveBody(c, [{ name: "", sets: [set([{ name: "reps", value: 5 }])] }])
  },
  {
    what: "a workout whose rpe is above 10",
    field: "workout[0].sets[0].fields[0]",
    send: (c) => saveBody(c, [{ name: "Squat", sets: [set([{ name: "rpe", value: 11 }])] }])
  },
  {
    what: "a workout whose reps are above 19",
    field: "workout[0].sets[0].fields[0]",
    send: (c) => saveBody(c, [{ name: "Squat", sets: [set([{ name: "reps", value: 25 }])] }])
  },
  {
    what: "a workout with an unknown field",
    field: "workout[0].sets[0].fields[0]",
    send: (c) => saveBody(c, [{ name: "Squat", sets: [set([{ name: "tempo", value: 3 }])] }])
  },
  {
    what: "a workout with no exercises",
    field: "workout",
    send: (c) => saveBody(c, [])
  },
  {
    what: "a workout with an impossible date",
    field: "date",
    send: (c) => saveBody(c, [{ name: "Squat", sets: [set([])] }], { date: "2025-13-01" })
  },
  {
    what: "a result with a negative set id",
    field: "id",
    send: (c) => logBody(c, { id: -1 })
  },
  {
    what: "a result with a negative weight",
    field: "weight",
    send: (c) => logBody(c, { weight: -5 })
  },
  {
    what: "a result with an rpe off the half steps",
    field: "rpe",
    send: (c) => logBody(c, { rpe: 7.3 })
  },
  {
    what: "a result with rir off the half steps",
    field: "rir",
    send: (c) => logBody(c, { rir: 1.3 })
  },
  {
    what: "a result whose skipped is not true or false",
    field: "skipped",
    send: (c) => logBody(c, { skipped: "yes" })
  },
  {
    what: "a result logging AMRAP as reps",
    field: "reps",
    send: (c) => logBody(c, { reps: "AMRAP" })
  },
  {
    what: "a result logging more than 100 reps",
    field: "reps",
    send: (c) => logBody(c, { reps: 101 })
  },
  {
    what: "a result logging fractional reps",
    field: "reps",
    send: (c) => logBody(c, { reps: 4.5 })
  },
  {
    what: "an added set after set id 0",
    field: "afterSetId",
    send: (c) => addSetBody(c, { afterSetId: 0 })
  },
  {
    what: "an added set without an idempotencyKey",
    field: "idempotencyKey",
    send: (c) => addSetBody(c, { idempotencyKey: undefined })
  },
  {
    what: "an added set with a key too short",
    field: "idempotencyKey",
    send: (c) => addSetBody(c, { idempotencyKey: "abc" })
  },
  {
    what: "an added set with a key holding spaces",
    field: "idempotencyKey",
    send: (c) => addSetBody(c, { idempotencyKey: "a key with spaces in it" })
  },
  {
    what: "removing set id 0",
    field: "setId",
    send: (c) => ({ method: "DELETE", path: "/beta/api/loggedSet/0", token: c.client.idToken })
  },
  {
    what: "removing a set id that is not a number",
    field: "setId",
    send: (c) => ({ method: "DELETE", path: "/beta/api/loggedSet/last", token: c.client.idToken })
  },
  {
    what: "a completion whose duration is longer than from start to end",
    field: "duration_seconds",
    send: (c) => completionBody(c, { duration_seconds: 3_700 })
  },
  {
    what: "a completion ending before it started",
    field: "ended_at",
    send: (c) => completionBody(c, { ended_at: "2025-03-03T16:00:00.000Z", duration_seconds: 0 })
  },
  {
    what: "a completion whose start is not a UTC time",
    field: "started_at",
    send: (c) => completionBody(c, { started_at: "2025-03-03 17:00" })
  },
  {
    what: "a completion whose start has an offset instead of Z",
    field: "started_at",
    send: (c) => completionBody(c, { started_at: "2025-03-03T17:00:00+01:00" })
  },
  {
    what: "a completion with a negative duration",
    field: "duration_seconds",
    send: (c) => completionBody(c, { duration_seconds: -1 })
  },
  {
    what: "a completion longer than a day",
    field: "duration_seconds",
    send: (c) => completionBody(c, { ended_at: "2025-03-05T17:00:00.000Z", duration_seconds: 2 * 86_400 })
  },
  {
    what: "a completion with a fractional workout_order",
    field: "workout_order",
    send: (c) => completionBody(c, { workout_order: 0.5 })
  },
  {
    what: "a completion with an impossible date",
    field: "date",
    send: (c) => completionBody(c, { date: "2025-02-30" })
  },
  {
    what: "completions read with to before from",
    field: "to",
    send: (c) => ({
      method: "GET",
      path: `/beta/api/workoutCompletions/${c.client.id}?from=2025-03-03&to=2025-03-01`,
      token: c.client.idToken
    })
  },
  {
    what: "completions read with a client id of zero",
    field: "clientId",
    send: (c) => ({
      method: "GET",
      path: "/beta/api/workoutCompletions/0?from=2025-03-01&to=2025-03-03",
      token: c.client.idToken
    })
  },
  {
    what: "a max of an exercise not in the library",
    field: "exercise_id",
    send: (c) => maxBody(c, { exercise_id: "squat-ish" })
  },
  {
    what: "a max named by the exercise's name instead of its id",
    field: "exercise_id",
    send: (c) => maxBody(c, { exercise_id: "Back Squat" })
  },
  {
    what: "a negative max",
    field: "value",
    send: (c) => maxBody(c, { value: -315 })
  },
  {
    what: "a max of zero",
    field: "value",
    send: (c) => maxBody(c, { value: 0 })
  },
  {
    what: "a max past any human lift",
    field: "value",
    send: (c) => maxBody(c, { value: 2_001 })
  },
  {
    what: "a max sent as text",
    field: "value",
    send: (c) => maxBody(c, { value: "315" })
  },
  {
    what: "a max in stone",
    field: "unit",
    send: (c) => maxBody(c, { unit: "st" })
  },
  {
    what: "a max in pounds spelled lbs",
    field: "unit",
    send: (c) => maxBody(c, { unit: "lbs" })
  },
  {
    what: "a max set on an impossible day",
    field: "set_on",
    send: (c) => maxBody(c, { set_on: "2025-02-30" })
  },
  {
    what: "a max set on a route-format day",
    field: "set_on",
    send: (c) => maxBody(c, { set_on: "03-03-2025" })
  },
  {
    what: "a max for client id 0",
    field: "clientId",
    send: (c) => maxBody(c, { clientId: 0 })
  },
  {
    what: "a max without a clientId",
    field: "clientId",
    send: (c) => maxBody(c, { clientId: undefined })
  },
  {
    what: "a workout naming an exercise the library does not have",
    field: "exercise_id",
    send: (c) =>
      saveBody(c, [{ name: "Squat", exercise_id: "no-such-lift", sets: [set([{ name: "reps", value: 5 }])] }])
  },
  {
    what: "a workout naming its exercise by name in exercise_id",
    field: "workout[0].exercise_id",
    send: (c) => saveBody(c, [{ name: "Squat", exercise_id: "Back Squat", sets: [set([{ name: "reps", value: 5 }])] }])
  },
  {
    what: "a workout with a percentage of max over 150",
    field: "workout[0].sets[0].fields[0]",
    send: (c) => saveBody(c, [{ name: "Squat", sets: [set([{ name: "max_percent", value: 151 }])] }])
  },
  {
    what: "a workout set whose weight unit is not lb or kg",
    field: "workout[0].sets[0].weight_unit",
    send: (c) => saveBody(c, [{ name: "Squat", sets: [set([{ name: "weight", value: 100 }], { weight_unit: "st" })] }])
  },
  {
    what: "a result whose weight unit is not lb or kg",
    field: "weight_unit",
    send: (c) => logBody(c, { weight: 100, weight_unit: "stone" })
  },
  {
    what: "an exercise without a name",
    field: "name",
    send: (c) => ({ method: "POST", path: "/beta/api/exercises", token: c.coach.idToken, body: { name: "" } })
  },
  {
    what: "an exercise of a category not in the list",
    field: "category",
    send: (c) => ({
      method: "POST",
      path: "/beta/api/exercises",
      token: c.coach.idToken,
      body: { name: "Odd Lift", category: "misc" }
    })
  },
  {
    what: "preferences in stones",
    field: "unit",
    send: (c) => preferencesBody(c, { unit: "st" })
  },
  {
    what: "preferences with a smallest plate no one sells",
    field: "smallest_plate",
    send: (c) => preferencesBody(c, { smallest_plate: 0.3 })
  },
  {
    what: "preferences with a negative bar",
    field: "bar",
    send: (c) => preferencesBody(c, { bar: -1 })
  },
  {
    what: "preferences of a user id that is not a number",
    field: "userId",
    send: (c) => ({ method: "GET", path: "/beta/api/preferences/me", token: c.client.idToken })
  },
  {
    what: "maxes read with a client id that is not a number",
    field: "clientId",
    send: (c) => ({ method: "GET", path: "/beta/api/maxes/me", token: c.client.idToken })
  }
]

describe.each(databasesUnderTest)("bad input on $name", (database) => {
  const api = useApiUnderTest(database)
  let cast: Cast

  beforeAll(async () => {
    const coach = await api.signupAs("Coach")
    const client = await api.clientOf(coach)
    const saved = await api.saveWorkout(coach, client, "2025-03-03")
    cast = { coach, client, newcomer: await createEmulatorUser("newcomer"), setId: saved.body[0].id }
  })

  it.each(cases)("$what is a 400 naming $field", async ({ send, field }) => {
    const request = send(cast)
    const answer = await api.call(request.method, request.path, { token: request.token, body: request.body })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body)).toEqual(["error"])
    expect(answer.body.error.startsWith(field)).toBe(true)
  })

  it("a body that is not JSON is a 400 about the body", async () => {
    const answer = await api.call("POST", "/beta/api/addClient", { token: cast.coach.idToken, rawBody: "{not json" })
    expect(answer).toEqual({ status: 400, body: { error: expect.stringMatching(/^body: .*JSON/) } })
  })

  it("a body that is not sent as JSON is a 415 with an error body", async () => {
    const answer = await api.call("POST", "/beta/api/addClient", {
      token: cast.coach.idToken,
      rawBody: "coachId=1",
      contentType: "application/x-www-form-urlencoded"
    })
    expect(answer).toEqual({ status: 415, body: { error: expect.stringContaining("application/json") } })
  })

  it("a body over the size limit is a 413 with an error body", async () => {
    const answer = await api.call("POST", "/beta/api/addClient", {
      token: cast.coach.idToken,
      body: { data: { coachId: cast.coach.id, clientEmail: "a@tests.dev" }, padding: "x".repeat(300 * 1024) }
    })
    expect(answer).toEqual({ status: 413, body: { error: expect.stringContaining("too large") } })
  })

  it("a body sent in chunks, with no length given, is counted as it is read: over the limit it is a 413", async () => {
    const oversized = JSON.stringify({ data: { coachId: cast.coach.id }, padding: "x".repeat(300 * 1024) })
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(oversized))
        controller.close()
      }
    })
    const response = await fetch(`${api.server().url}/beta/api/addClient`, {
      method: "POST",
      headers: { authorization: `Bearer ${cast.coach.idToken}`, "content-type": "application/json" },
      body: chunks,
      duplex: "half"
    } as RequestInit)
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 413,
      body: { error: expect.stringContaining("too large") }
    })
  })

  it("bad input without a token is refused as unauthenticated before it is read", async () => {
    const answer = await api.call("GET", "/beta/api/workouts/abc")
    expect(answer.status).toBe(401)
  })

  it("an unknown API path is a 404 with an error body", async () => {
    const answer = await api.call("GET", "/beta/api/nothing-here", { token: cast.coach.idToken })
    expect(answer).toEqual({ status: 404, body: { error: expect.any(String) } })
  })

  it("a rejected max stores nothing", async () => {
    const request = maxBody(cast, { unit: "stone" })
    const refused = await api.call(request.method, request.path, { token: request.token, body: request.body })
    expect(refused.status).toBe(400)
    const listed = await api.call("GET", `/beta/api/maxes/${cast.client.id}`, { token: cast.coach.idToken })
    expect(listed).toEqual({ status: 200, body: [] })
  })

  it("a rejected workout stores nothing", async () => {
    await api.saveWorkout(cast.coach, cast.client, "2025-03-04", [
      { name: "Squat", sets: [set([{ name: "reps", value: 5 }])] },
      { name: "Bench", sets: [set([{ name: "rpe", value: 42 }])] }
    ])
    const rows = await api.call("GET", `/beta/api/workouts/${cast.client.id}?from=2025-03-04&to=2025-03-04`, {
      token: cast.coach.idToken
    })
    expect(rows).toEqual({ status: 200, body: [] })
  })
})
