/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests read the raw JSON answers the way any API client would */
/**
 * What the lifter's outbox relies on when it sends, late, what was logged offline
 * (docs/decisions/028): a replayed edit or completion changes nothing more, the last edit
 * of a set is what the server holds, and a set the coach removed meanwhile answers 404
 * naming it, so the app reports it instead of retrying. PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const reps = (value: number) => ({ amsap: false, fields: [{ name: "reps", value }] })

describe.each(databasesUnderTest)("an outbox sent late on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
  })

  const log = (id: number, values: Record<string, unknown>) =>
    api.call("PUT", "/beta/api/updateWorkoutResult", { token: client.idToken, body: { id, ...values } })
  const complete = (date: string, minutes: number) =>
    api.call("PUT", "/beta/api/workoutCompletion", {
      token: client.idToken,
      body: {
        date,
        workout_order: 0,
        started_at: `${date}T07:00:00.000Z`,
        ended_at: `${date}T07:${String(minutes).padStart(2, "0")}:00.000Z`,
        duration_seconds: minutes * 60
      }
    })
  const twoSquats = async (date: string): Promise<readonly [number, number]> => {
    const saved = await api.saveWorkout(coach, client, date, [
      { name: "Squat", sets: [0, 1].map((set) => ({ set, ...reps(5) })) }
    ])
    expect(saved.status).toBe(200)
    const [first, second] = (saved.body as ReadonlyArray<{ id: number }>).map((row) => row.id)
    if (first === undefined || second === undefined) throw new Error("expected two sets")
    return [first, second]
  }

  it("every set, then the completion, replayed after a lost answer: one result per set, one completion, the first", async () => {
    const [first, second] = await twoSquats("2026-02-02")
    const sends = () => [
      log(first, { weight: 100, weight_unit: "lb", reps: 5, rir: 2, skipped: false }),
      log(second, { weight: 100, weight_unit: "lb", reps: 5, skipped: false })
    ]
    for (const send of sends()) expect((await send).status).toBe(200)
    expect((await complete("2026-02-02", 50)).status).toBe(200)
    for (const send of sends()) expect((await send).status).toBe(200)
    const again = await complete("2026-02-02", 55)
    expect(again.body.duration_seconds).toBe(3000)
    const held = await api.call("GET", `/beta/api/workoutResults/${client.id}?from=2026-02-02&to=2026-02-02`, {
      token: coach.idToken
    })
    const rows = held.body as ReadonlyArray<{ weight: number; reps: number }>
    expect(rows.map((row) => [row.weight, row.reps])).toEqual([
      [100, 5],
      [100, 5]
    ])
    const completions = await api.call(
      "GET",
      `/beta/api/workoutCompletions/${client.id}?from=2026-02-02&to=2026-02-02`,
      { token: coach.idToken }
    )
    expect(completions.body).toHaveLength(1)
  })

  it("the last edit of a set that arrives is the one the server holds", async () => {
    const [first] = await twoSquats("2026-02-03")
    await log(first, { weight: 100, weight_unit: "lb", reps: 5, skipped: false })
    const last = await log(first, { weight: 105, weight_unit: "lb", reps: 4, skipped: false })
    expect(last.body).toMatchObject({ id: first, weight: 105, reps: 4 })
  })

  it("a set the coach's edit removed answers 404 naming it, and nothing is stored for it", async () => {
    const [first, second] = await twoSquats("2026-02-04")
    const edited = await api.call("PUT", "/beta/api/workout", {
      token: coach.idToken,
      body: {
        clientId: client.id,
        date: "2026-02-04",
        workoutOrder: 0,
        workout: [{ name: "Squat", sets: [{ id: first, set: 0, ...reps(5) }] }],
        idempotencyKey: "outbox-replay-edit-key-000001"
      }
    })
    expect(edited.status).toBe(200)
    expect(await log(second, { weight: 100, reps: 5 })).toEqual({
      status: 404,
      body: { error: `id: no set with id ${second} in your workouts`, code: "SetNotFound" }
    })
    const held = await api.call("GET", `/beta/api/workoutResults/${client.id}?from=2026-02-04&to=2026-02-04`, {
      token: client.idToken
    })
    expect(held.body).toEqual([])
  })

  it("without a token a late send is a 401, and a coach cannot send a client's: 403", async () => {
    const [first] = await twoSquats("2026-02-05")
    const body = { id: first, reps: 5 }
    expect((await api.call("PUT", "/beta/api/updateWorkoutResult", { body })).status).toBe(401)
    expect((await api.call("PUT", "/beta/api/updateWorkoutResult", { token: coach.idToken, body })).status).toBe(403)
  })
})
