/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * saveWorkout's idempotency key (docs/decisions/013-input-bounds.md): a save sent again
 * with the same key, after a lost answer or at the same moment, stores one workout and
 * answers its rows every time; the key reused for another workout is a 409 naming it.
 * Keys belong to the coach who sent them. On PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto"
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

describe.each(databasesUnderTest)("saveWorkout's idempotency key on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
  })

  const saveWithKey = (
    date: string,
    idempotencyKey: string,
    workout: unknown = SQUAT_WORKOUT,
    who = coach,
    to = client
  ) =>
    api.call("POST", "/beta/api/workout", {
      token: who.idToken,
      body: { clientId: to.id, date, workout, idempotencyKey }
    })
  const dayOf = (date: string, who: Account = client) =>
    api.call("GET", `/beta/api/workouts/${who.id}?from=${date}&to=${date}`, { token: who.idToken })
  const workoutOrders = (rows: ReadonlyArray<{ workout_order: number }>) => [
    ...new Set(rows.map((r) => r.workout_order))
  ]

  it("the same key twice stores one workout and answers its rows both times", async () => {
    const key = randomUUID()
    const first = await saveWithKey("2025-11-01", key)
    const again = await saveWithKey("2025-11-01", key)
    expect([first.status, again.status]).toEqual([200, 200])
    expect(again.body).toEqual(first.body)
    const day = await dayOf("2025-11-01")
    expect(day.body).toEqual(first.body)
    expect(workoutOrders(day.body)).toEqual([0])
  })

  it("the same key sent five times at once stores one workout, and every answer is its rows", async () => {
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 5 }, () => saveWithKey("2025-11-02", key)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    const day = await dayOf("2025-11-02")
    expect(workoutOrders(day.body)).toEqual([0])
    for (const answer of answers) expect(answer.body).toEqual(day.body)
  })

  it("a key reused for another workout is a 409 naming the key, and stores nothing", async () => {
    const key = randomUUID()
    expect((await saveWithKey("2025-11-03", key)).status).toBe(200)
    const otherWorkout = [{ name: "Row", sets: [{ set: 0, amsap: false, fields: [] }] }]
    const reused = await saveWithKey("2025-11-03", key, otherWorkout)
    const otherDay = await saveWithKey("2025-11-04", key)
    expect([reused.status, otherDay.status]).toEqual([409, 409])
    expect(reused.body).toEqual({ error: expect.stringMatching(/^idempotencyKey: /), code: "KeyReused" })
    expect(workoutOrders((await dayOf("2025-11-03")).body)).toEqual([0])
    expect((await dayOf("2025-11-04")).body).toEqual([])
  })

  it("saves without a key, or with different keys, are different workouts", async () => {
    await api.saveWorkout(coach, client, "2025-11-05")
    await api.saveWorkout(coach, client, "2025-11-05")
    await saveWithKey("2025-11-05", randomUUID())
    await saveWithKey("2025-11-05", randomUUID())
    expect(workoutOrders((await dayOf("2025-11-05")).body)).toEqual([0, 1, 2, 3])
  })

  it("a key is the coach's own: another coach sending the same key saves their own workout", async () => {
    const key = randomUUID()
    const otherCoach = await api.signupAs("Coach")
    const otherClient = await api.clientOf(otherCoach)
    const mine = await saveWithKey("2025-11-06", key)
    const theirs = await saveWithKey("2025-11-06", key, SQUAT_WORKOUT, otherCoach, otherClient)
    expect([mine.status, theirs.status]).toEqual([200, 200])
    expect(theirs.body.map((row: { id: number }) => row.id)).not.toEqual(mine.body.map((row: { id: number }) => row.id))
    expect((await dayOf("2025-11-06", otherClient)).body).toEqual(theirs.body)
  })

  it("a save for someone else's client with a key is a 404 and leaves the key unused", async () => {
    const key = randomUUID()
    const stranger = await api.signupAs("Client")
    const refused = await saveWithKey("2025-11-07", key, SQUAT_WORKOUT, coach, stranger)
    expect(refused.status).toBe(404)
    expect((await saveWithKey("2025-11-07", key)).status).toBe(200)
  })

  it.each([
    ["too short", "abc"],
    ["with spaces", "a key with spaces in it"],
    ["too long", "k".repeat(65)],
    ["not text", 42]
  ])("a key %s is a 400 naming idempotencyKey", async (_, key) => {
    const answer = await api.call("POST", "/beta/api/workout", {
      token: coach.idToken,
      body: { clientId: client.id, date: "2025-11-08", workout: SQUAT_WORKOUT, idempotencyKey: key }
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^idempotencyKey: /)
  })

  it("a save with a key still needs a token", async () => {
    const answer = await api.call("POST", "/beta/api/workout", {
      body: { clientId: client.id, date: "2025-11-09", workout: SQUAT_WORKOUT, idempotencyKey: randomUUID() }
    })
    expect(answer.status).toBe(401)
  })
})
