/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { beforeAll, describe, expect, it } from "vitest"
import { SAME_DAY } from "#domain/workout-move.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

/*
 * The coach's calendar moves a saved workout to another day (POST /api/workout/move): the
 * workout keeps its sets, what the client logged and its completion; it takes the next
 * workout_order of its new day; the address it left never names another workout; a retry
 * after a lost answer answers where the workout is. Only the client's coach may move it.
 */

interface Row {
  readonly id: number
  readonly date: string
  readonly workout_order: number
  readonly exercise: string
}

describe.each(databasesUnderTest)("moving a workout to another day on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherCoach: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
    otherCoach = await api.signupAs("Coach", "Oscar Other-Coach")
  })

  /** The move as `caller` (the coach unless said; null: no token). */
  const move = (body: Record<string, unknown>, caller: Account | null = coach) =>
    api.call("POST", "/beta/api/workout/move", {
      token: caller?.idToken,
      body: { clientId: client.id, workoutOrder: 0, ...body }
    })
  const rowsOn = async (date: string): Promise<Array<Row>> =>
    (await api.call("GET", `/beta/api/workouts/${client.id}?from=${date}&to=${date}`, { token: coach.idToken })).body
  const loggedOn = async (date: string): Promise<Array<Row>> =>
    (await api.call("GET", `/beta/api/workoutResults/${client.id}?from=${date}&to=${date}`, { token: coach.idToken }))
      .body
  const completionsOn = async (date: string) =>
    (
      await api.call("GET", `/beta/api/workoutCompletions/${client.id}?from=${date}&to=${date}`, {
        token: coach.idToken
      })
    ).body
  const saveOn = async (date: string) => {
    const saved = await api.saveWorkout(coach, client, date)
    expect(saved.status).toBe(200)
    return saved.body as Array<Row>
  }
  const removeAt = (date: string, workoutOrder: number) =>
    api.call("DELETE", `/beta/api/workout/${client.id}/${date}/${workoutOrder}`, { token: coach.idToken })

  it("moves the workout, its logged sets and its completion to the new day, as that day's next workout", async () => {
    const rows = await saveOn("2025-04-07")
    // The new day holds a workout and a removed one: the moved workout comes after both.
    await saveOn("2025-04-10")
    await saveOn("2025-04-10")
    expect((await removeAt("2025-04-10", 1)).status).toBe(200)
    const first = rows[0]
    if (first === undefined) throw new Error("the saved workout has no rows")
    const logged = await api.call("PUT", "/beta/api/updateWorkoutResult", {
      token: client.idToken,
      body: { id: first.id, reps: 5, weight: 225 }
    })
    expect(logged.status).toBe(200)
    const completion = {
      date: "2025-04-07",
      workout_order: 0,
      started_at: "2025-04-07T17:00:00.000Z",
      ended_at: "2025-04-07T17:50:00.000Z",
      duration_seconds: 3000
    }
    expect(
      (await api.call("PUT", "/beta/api/workoutCompletion", { token: client.idToken, body: completion })).status
    ).toBe(200)

    const answer = await move({ date: "2025-04-07", toDate: "2025-04-10" })
    expect(answer).toEqual({
      status: 200,
      body: { clientId: client.id, from: { date: "2025-04-07", workoutOrder: 0 }, date: "2025-04-10", workoutOrder: 2 }
    })

    expect(await rowsOn("2025-04-07")).toEqual([])
    const moved = (await rowsOn("2025-04-10")).filter((row) => row.workout_order === 2)
    expect(moved).toEqual(rows.map((row) => ({ ...row, date: "2025-04-10", workout_order: 2 })))
    expect(await loggedOn("2025-04-07")).toEqual([])
    expect(await loggedOn("2025-04-10")).toEqual([
      expect.objectContaining({ id: first.id, date: "2025-04-10", workout_order: 2, reps: 5, weight: 225 })
    ])
    expect(await completionsOn("2025-04-07")).toEqual([])
    expect(await completionsOn("2025-04-10")).toEqual([{ ...completion, date: "2025-04-10", workout_order: 2 }])
  })

  it("answers where the workout is when the same move is sent again; another day is not found", async () => {
    const rows = await saveOn("2025-04-14")
    const sent = { date: "2025-04-14", toDate: "2025-04-16" }
    const first = await move(sent)
    expect(first.status).toBe(200)
    // The answer was lost and the device sends the move again: the same answer, nothing moves twice.
    expect(await move(sent)).toEqual(first)
    expect(await rowsOn("2025-04-16")).toEqual(rows.map((row) => ({ ...row, date: "2025-04-16", workout_order: 0 })))
    expect(await move({ date: "2025-04-14", toDate: "2025-04-17" })).toEqual({
      status: 404,
      body: { error: `workoutOrder: no workout 0 on 2025-04-14 for client ${client.id}`, code: "WorkoutNotFound" }
    })
    expect(await rowsOn("2025-04-17")).toEqual([])
  })

  it("never gives the address it left to another workout, and that address cannot be restored or removed", async () => {
    await saveOn("2025-04-21")
    expect((await move({ date: "2025-04-21", toDate: "2025-04-22" })).status).toBe(200)
    const later = await saveOn("2025-04-21")
    expect(later.every((row) => row.workout_order === 1)).toBe(true)
    const restore = await api.call("POST", "/beta/api/workout/restore", {
      token: coach.idToken,
      body: { clientId: client.id, date: "2025-04-21", workoutOrder: 0 }
    })
    expect(restore.status).toBe(404)
    expect(restore.body.code).toBe("WorkoutNotFound")
    expect((await removeAt("2025-04-21", 0)).status).toBe(404)
    expect((await rowsOn("2025-04-21")).map((row) => row.workout_order)).toEqual(later.map(() => 1))
  })

  it("gives two workouts moved to one day at once two different orders", async () => {
    await saveOn("2025-04-28")
    await saveOn("2025-04-29")
    const answers = await Promise.all([
      move({ date: "2025-04-28", toDate: "2025-04-30" }),
      move({ date: "2025-04-29", toDate: "2025-04-30" })
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers.map((answer) => answer.body.workoutOrder).sort()).toEqual([0, 1])
  })

  it("refuses bad input with a 400 naming the field, and moves nothing", async () => {
    await saveOn("2025-05-05")
    const notADate = await move({ date: "2025-05-05", toDate: "2025-13-01" })
    expect(notADate.status).toBe(400)
    expect(notADate.body.error).toMatch(/^toDate: /)
    const missing = await api.call("POST", "/beta/api/workout/move", {
      token: coach.idToken,
      body: { clientId: client.id, date: "2025-05-05", workoutOrder: 0 }
    })
    expect(missing).toEqual({ status: 400, body: { error: "toDate: is required" } })
    const order = await move({ date: "2025-05-05", workoutOrder: -1, toDate: "2025-05-06" })
    expect(order.status).toBe(400)
    expect(order.body.error).toMatch(/^workoutOrder: /)
    expect(await move({ date: "2025-05-05", toDate: "2025-05-05" })).toEqual({
      status: 400,
      body: { error: SAME_DAY }
    })
    expect((await rowsOn("2025-05-05")).every((row) => row.workout_order === 0)).toBe(true)
    expect(await rowsOn("2025-05-06")).toEqual([])
  })

  it("is a 404 for a workout that is not there or was removed", async () => {
    expect(await move({ date: "2025-05-12", toDate: "2025-05-13" })).toEqual({
      status: 404,
      body: { error: `workoutOrder: no workout 0 on 2025-05-12 for client ${client.id}`, code: "WorkoutNotFound" }
    })
    await saveOn("2025-05-14")
    expect((await removeAt("2025-05-14", 0)).status).toBe(200)
    const removed = await move({ date: "2025-05-14", toDate: "2025-05-15" })
    expect([removed.status, removed.body.code]).toEqual([404, "WorkoutNotFound"])
    expect(await rowsOn("2025-05-15")).toEqual([])
  })

  it("refuses no token (401), the client themself (403) and another coach (404), moving nothing", async () => {
    const rows = await saveOn("2025-05-19")
    const body = { date: "2025-05-19", toDate: "2025-05-20" }
    const none = await move(body, null)
    expect(none.status).toBe(401)
    expect(none.body.error).toContain("Sign in")
    expect((await move(body, client)).status).toBe(403)
    const other = await move(body, otherCoach)
    expect(other.status).toBe(404)
    expect(other.body.code).toBe("ClientNotFound")
    expect(JSON.stringify(other.body)).not.toContain(client.email)
    expect(await rowsOn("2025-05-19")).toEqual(rows)
    expect(await rowsOn("2025-05-20")).toEqual([])
  })
})
