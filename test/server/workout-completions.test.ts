/**
 * A workout that ends (docs/decisions/004, Logging): the lifter submits a workout's start, end and duration
 * (PUT, idempotent: the first submission is the record, a later one answers it), and the lifter and their coach
 * read the completions of a span of days. On PGlite and PostgreSQL. Who may call what is
 * in authorization-matrix.test.ts, malformed bodies in bad-input.test.ts.
 */
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { WorkoutCompletions } from "#domain/completion.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const completion = (date: string, workoutOrder = 0, startedAt = `${date}T17:00:00.000Z`) => ({
  date,
  workout_order: workoutOrder,
  started_at: startedAt,
  ended_at: new Date(Date.parse(startedAt) + 3_600_000).toISOString(),
  duration_seconds: 3_300
})

describe.each(databasesUnderTest)("workout completions on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
  })

  const complete = (body: object, who: Account = client) =>
    api.call("PUT", "/beta/api/workoutCompletion", { token: who.idToken, body })
  const completions = (from: string, to: string, who: Account = client, of: Account = client) =>
    api.call("GET", `/beta/api/workoutCompletions/${of.id}?from=${from}&to=${to}`, { token: who.idToken })
  const scheduled = async (date: string, who: Account = client) =>
    expect((await api.saveWorkout(coach, who, date)).status).toBe(200)

  it("a submitted workout answers its completion, times in UTC with milliseconds", async () => {
    await scheduled("2025-12-01")
    const answer = await complete({
      date: "2025-12-01",
      workout_order: 0,
      started_at: "2025-12-01T17:05:00Z",
      ended_at: "2025-12-01T18:10:30.5Z",
      duration_seconds: 3_600
    })
    const stored = {
      date: "2025-12-01",
      workout_order: 0,
      started_at: "2025-12-01T17:05:00.000Z",
      ended_at: "2025-12-01T18:10:30.500Z",
      duration_seconds: 3_600
    }
    expect(answer).toEqual({ status: 200, body: stored })
    const listed = await completions("2025-12-01", "2025-12-01")
    expect(listed).toEqual({ status: 200, body: [stored] })
    expect(Schema.is(WorkoutCompletions)(listed.body)).toBe(true)
  })

  it("submitting again (a correction the next day) keeps the first record: one completion, its times", async () => {
    await scheduled("2025-12-02")
    const original = completion("2025-12-02")
    const first = await complete(original)
    const second = await complete(completion("2025-12-02", 0, "2025-12-03T19:00:00.000Z"))
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body).toEqual(original)
    expect((await completions("2025-12-02", "2025-12-02")).body).toEqual([original])
  })

  it("the same body twice leaves the same record", async () => {
    await scheduled("2025-12-03")
    const body = completion("2025-12-03")
    const first = await complete(body)
    const second = await complete(body)
    expect(second).toEqual(first)
    expect((await completions("2025-12-03", "2025-12-03")).body).toEqual([body])
  })

  it("each workout of a day has its own completion; they are listed by date, then workout_order", async () => {
    await scheduled("2025-12-05")
    await scheduled("2025-12-05")
    await scheduled("2025-12-04")
    const later = await complete(completion("2025-12-05", 1))
    const earlier = await complete(completion("2025-12-05", 0))
    const dayBefore = await complete(completion("2025-12-04"))
    expect((await completions("2025-12-04", "2025-12-05")).body).toEqual([dayBefore.body, earlier.body, later.body])
  })

  it("lists only the days from..to, both ends included", async () => {
    await scheduled("2025-12-06")
    await scheduled("2025-12-08")
    await complete(completion("2025-12-06"))
    await complete(completion("2025-12-08"))
    const listed = await completions("2025-12-07", "2025-12-08")
    expect(listed.body).toEqual([expect.objectContaining({ date: "2025-12-08" })])
    expect((await completions("2025-12-09", "2025-12-31")).body).toEqual([])
  })

  it("the client's coach reads them too", async () => {
    await scheduled("2025-12-10")
    const stored = await complete(completion("2025-12-10"))
    expect(await completions("2025-12-10", "2025-12-10", coach)).toEqual({ status: 200, body: [stored.body] })
  })

  it("a workout the client does not have on that day is a 404 naming workout_order, and stores nothing", async () => {
    await scheduled("2025-12-11")
    const answer = await complete(completion("2025-12-11", 1))
    expect(answer).toEqual({
      status: 404,
      body: { error: "workout_order: no workout 1 on 2025-12-11 in your workouts", code: "WorkoutNotFound" }
    })
    const empty = await complete(completion("2025-12-12"))
    expect(empty.status).toBe(404)
    expect((await completions("2025-12-11", "2025-12-12")).body).toEqual([])
  })

  it("another client's workout is a 404 and their record stays as it was", async () => {
    const other = await api.clientOf(coach)
    await scheduled("2025-12-13", other)
    const theirs = await complete(completion("2025-12-13"), other)
    // This client has no workout on that day: the other client's is out of reach.
    const answer = await complete(completion("2025-12-13", 0, "2025-12-13T05:00:00.000Z"))
    expect(answer.status).toBe(404)
    expect((await completions("2025-12-13", "2025-12-13", other, other)).body).toEqual([theirs.body])
  })

  it("a coach cannot submit a client's workout: 403; without a token: 401", async () => {
    await scheduled("2025-12-14")
    expect((await complete(completion("2025-12-14"), coach)).status).toBe(403)
    expect((await api.call("PUT", "/beta/api/workoutCompletion", { body: completion("2025-12-14") })).status).toBe(401)
    expect((await completions("2025-12-14", "2025-12-14")).body).toEqual([])
  })

  it("a coach reading a client not theirs is a 404; another client reading them is a 403", async () => {
    const otherCoach = await api.signupAs("Coach")
    const otherClient = await api.clientOf(otherCoach)
    await scheduled("2025-12-15")
    await complete(completion("2025-12-15"))
    expect((await completions("2025-12-15", "2025-12-15", otherCoach)).status).toBe(404)
    expect((await completions("2025-12-15", "2025-12-15", otherClient)).status).toBe(403)
    expect(
      (await api.call("GET", `/beta/api/workoutCompletions/${client.id}?from=2025-12-15&to=2025-12-15`)).status
    ).toBe(401)
  })
})
