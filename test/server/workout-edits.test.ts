/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, type ApiAnswer, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

interface Row {
  readonly id: number
  readonly date: string
  readonly workout_order: number
  readonly exercise_order: number
  readonly exercise: string
  readonly set: number
  readonly reps: number | "AMRAP" | null
  readonly added: boolean
}

const reps = (value: number) => ({ amsap: false, fields: [{ name: "reps", value }] })
/** A set of the edit: the existing set `id` (when given) prescribed `value` reps. */
const kept = (id: number, value: number) => ({ id, set: 0, ...reps(value) })
const fresh = (value: number) => ({ set: 0, ...reps(value) })

let keys = 0
const newKey = () => `edit-key-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

describe.each(databasesUnderTest)("editing, removing and restoring workouts on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
  })

  const edit = (date: string, workout: unknown, extra: Record<string, unknown> = {}, key = newKey()) =>
    api.call("PUT", "/beta/api/workout", {
      token: coach.idToken,
      body: { clientId: client.id, date, workoutOrder: 0, workout, idempotencyKey: key, ...extra }
    })
  const remove = (date: string, workoutOrder = 0) =>
    api.call("DELETE", `/beta/api/workout/${client.id}/${date}/${workoutOrder}`, { token: coach.idToken })
  const restore = (date: string, workoutOrder = 0) =>
    api.call("POST", "/beta/api/workout/restore", {
      token: coach.idToken,
      body: { clientId: client.id, date, workoutOrder }
    })
  const read = (path: string) => api.call("GET", path, { token: client.idToken })
  const prescribed = async (date: string): Promise<Array<Row>> =>
    (await read(`/beta/api/workouts/${client.id}?from=${date}&to=${date}`)).body
  const logged = async (date: string) =>
    (await read(`/beta/api/workoutResults/${client.id}?from=${date}&to=${date}`)).body
  /** The client submits their workout 0 of `date`, done from `hour` o'clock for 50 minutes. */
  const complete = (date: string, hour: number) =>
    api.call("PUT", "/beta/api/workoutCompletion", {
      token: client.idToken,
      body: {
        date,
        workout_order: 0,
        started_at: `${date}T${hour}:00:00.000Z`,
        ended_at: `${date}T${hour}:50:00.000Z`,
        duration_seconds: 3000
      }
    })
  const addSetAfter = (afterSetId: number) =>
    api.call("POST", "/beta/api/loggedSet", {
      token: client.idToken,
      body: { afterSetId, idempotencyKey: newKey() }
    })
  const log = (id: number, values: Record<string, unknown>) =>
    api.call("PUT", "/beta/api/updateWorkoutResult", { token: client.idToken, body: { id, ...values } })
  /**
   * A workout of Squat (3 sets of 5, 4, 3) and Bench Press (2 sets of 8, 6) on `date`:
   * its rows and its five set ids in order.
   */
  const squatAndBench = async (date: string) => {
    const saved = await api.saveWorkout(coach, client, date, [
      { name: "Squat", sets: [reps(5), reps(4), reps(3)].map((set, index) => ({ set: index, ...set })) },
      { name: "Bench Press", sets: [reps(8), reps(6)].map((set, index) => ({ set: index, ...set })) }
    ])
    expect(saved.status).toBe(200)
    const rows: Array<Row> = saved.body
    const [a, b, c, d, e] = rows.map((row) => row.id)
    if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined)
      throw new Error(`expected five sets, got ${rows.length}`)
    return { rows, ids: [a, b, c, d, e] as const }
  }
  const shape = (rows: ReadonlyArray<Row>) =>
    rows.map((row) => [row.id, row.exercise_order, row.exercise, row.set, row.reps, row.added])

  describe("editing", () => {
    it("replaces the content in place: same day and order, sets by id keep their ids, new sets are added", async () => {
      const {
        ids: [squat0, squat1, , bench0]
      } = await squatAndBench("2025-03-03")
      const answer = await edit("2025-03-03", [
        { name: "Squat", exercise_id: "back-squat", sets: [kept(squat0, 6), kept(squat1, 6), fresh(6)] },
        { name: "Bench Press", sets: [kept(bench0, 10)] },
        { name: "Row", sets: [fresh(12)] }
      ])
      expect(answer.status).toBe(200)
      const rows: Array<Row> = answer.body
      expect(rows.every((row) => row.date === "2025-03-03" && row.workout_order === 0)).toBe(true)
      expect(shape(rows)).toEqual([
        [squat0, 0, "Squat", 0, 6, false],
        [squat1, 0, "Squat", 1, 6, false],
        [expect.any(Number), 0, "Squat", 2, 6, false],
        [bench0, 1, "Bench Press", 0, 10, false],
        [expect.any(Number), 2, "Row", 0, 12, false]
      ])
      expect(rows[0]).toMatchObject({ exercise_id: "back-squat", rpe: null, weight: null, weight_unit: "lb" })
      expect(await prescribed("2025-03-03")).toEqual(rows)
      const day = (await read(`/beta/api/workoutByDate?clientId=${client.id}&date=2025-03-03`)).body.data["2025-03-03"]
      expect(day.map((w: { exercises: Array<{ name: string }> }) => w.exercises.map((e) => e.name))).toEqual([
        ["Squat", "Bench Press", "Row"]
      ])
    })

    it("reorders exercises and sets keeping every set's id, and what was logged stays with its set", async () => {
      const {
        ids: [squat0, squat1, squat2, bench0, bench1]
      } = await squatAndBench("2025-03-04")
      expect((await log(squat2, { reps: 3, weight: 300 })).status).toBe(200)
      expect((await log(bench0, { reps: 7, rpe: 9 })).status).toBe(200)
      const answer = await edit("2025-03-04", [
        { name: "Bench Press", sets: [kept(bench1, 6), kept(bench0, 8)] },
        { name: "Squat", sets: [kept(squat2, 3), kept(squat1, 4), kept(squat0, 5)] }
      ])
      expect(answer.status).toBe(200)
      expect(shape(answer.body)).toEqual([
        [bench1, 0, "Bench Press", 0, 6, false],
        [bench0, 0, "Bench Press", 1, 8, false],
        [squat2, 1, "Squat", 0, 3, false],
        [squat1, 1, "Squat", 1, 4, false],
        [squat0, 1, "Squat", 2, 5, false]
      ])
      expect(await logged("2025-03-04")).toEqual([
        expect.objectContaining({
          id: bench0,
          exercise_order: 0,
          set: 1,
          exercise: "Bench Press",
          reps: 7,
          rpe: 9
        }),
        expect.objectContaining({ id: squat2, exercise_order: 1, set: 0, exercise: "Squat", reps: 3, weight: 300 })
      ])
    })

    it("moves a set to another exercise, keeping its id and its logged result", async () => {
      const {
        ids: [squat0, squat1, squat2, bench0, bench1]
      } = await squatAndBench("2025-03-05")
      await log(squat2, { reps: 2 })
      const answer = await edit("2025-03-05", [
        { name: "Squat", sets: [kept(squat0, 5), kept(squat1, 4)] },
        { name: "Bench Press", sets: [kept(bench0, 8), kept(bench1, 6), kept(squat2, 3)] }
      ])
      expect(answer.status).toBe(200)
      expect(answer.body.at(-1)).toMatchObject({ id: squat2, exercise: "Bench Press", set: 2 })
      expect(await logged("2025-03-05")).toEqual([
        expect.objectContaining({ id: squat2, exercise: "Bench Press", set: 2, reps: 2 })
      ])
    })

    it("keeps the lifter's added mark on a set it keeps", async () => {
      const {
        ids: [squat0]
      } = await squatAndBench("2025-03-06")
      const added = await addSetAfter(squat0)
      expect(added.status).toBe(200)
      const answer = await edit("2025-03-06", [{ name: "Squat", sets: [kept(squat0, 5), kept(added.body.id, 5)] }])
      expect(answer.status).toBe(200)
      expect(shape(answer.body)).toEqual([
        [squat0, 0, "Squat", 0, 5, false],
        [added.body.id, 0, "Squat", 1, 5, true]
      ])
    })

    it("refuses with 409 to remove sets with logged results, changing nothing, until discardLogged is sent", async () => {
      const { rows, ids } = await squatAndBench("2025-03-07")
      const [squat0, squat1, squat2, bench0, bench1] = ids
      await log(squat1, { reps: 4 })
      await log(bench1, { skipped: true })
      const onlyFirsts = [
        { name: "Squat", sets: [kept(squat0, 5), kept(squat2, 3)] },
        { name: "Bench Press", sets: [kept(bench0, 8)] }
      ]
      const key = newKey()
      const warned = await edit("2025-03-07", onlyFirsts, {}, key)
      expect(warned).toEqual({
        status: 409,
        body: {
          error: "workout: 2 sets you are removing have results the client logged; send discardLogged to remove them",
          code: "LoggedResultsExist"
        }
      })
      expect(await prescribed("2025-03-07")).toEqual(rows)
      expect((await logged("2025-03-07")).map((row: Row) => row.id)).toEqual([squat1, bench1])
      // The refused edit claimed no key: the coach's confirmation may send the same one.
      const confirmed = await edit("2025-03-07", onlyFirsts, { discardLogged: true }, key)
      expect(confirmed.status).toBe(200)
      expect(confirmed.body.map((row: Row) => row.id)).toEqual([squat0, squat2, bench0])
      expect(await logged("2025-03-07")).toEqual([])
    })

    it("names one set in the singular, and removes sets without results without asking", async () => {
      const {
        ids: [squat0, squat1]
      } = await squatAndBench("2025-03-08")
      await log(squat0, { reps: 5 })
      const unlogged = await edit("2025-03-08", [{ name: "Squat", sets: [kept(squat0, 5), kept(squat1, 4)] }])
      expect(unlogged.status).toBe(200)
      expect(unlogged.body.map((row: Row) => row.id)).toEqual([squat0, squat1])
      const warned = await edit("2025-03-08", [{ name: "Squat", sets: [kept(squat1, 4)] }])
      expect(warned).toEqual({
        status: 409,
        body: {
          error: "workout: 1 set you are removing has results the client logged; send discardLogged to remove it",
          code: "LoggedResultsExist"
        }
      })
      expect((await prescribed("2025-03-08")).map((row) => row.id)).toEqual([squat0, squat1])
    })

    it("answers a retry with the same key and body with the workout as it is, changing nothing", async () => {
      const {
        ids: [squat0]
      } = await squatAndBench("2025-03-10")
      const key = newKey()
      const content = [{ name: "Squat", sets: [kept(squat0, 5), fresh(5)] }]
      const first = await edit("2025-03-10", content, {}, key)
      expect(first.status).toBe(200)
      expect(first.body).toHaveLength(2)
      const retry = await edit("2025-03-10", content, {}, key)
      expect(retry).toEqual(first)
      expect(await prescribed("2025-03-10")).toEqual(first.body)
    })

    it("the same edit sent three times at once is applied once, and every answer is the workout it made", async () => {
      const { ids } = await squatAndBench("2025-03-09")
      const key = newKey()
      const content = [{ name: "Squat", sets: [kept(ids[0], 5), fresh(5), fresh(5)] }]
      const answers = await Promise.all([1, 2, 3].map(() => edit("2025-03-09", content, {}, key)))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
      expect(answers[1]).toEqual(answers[0])
      expect(answers[2]).toEqual(answers[0])
      expect(await prescribed("2025-03-09")).toEqual(answers[0]?.body)
      expect(answers[0]?.body).toHaveLength(3)
    })

    it("a retry of an edit whose workout was removed since answers that it holds nothing", async () => {
      const { ids } = await squatAndBench("2025-03-16")
      const key = newKey()
      const content = [{ name: "Squat", sets: [kept(ids[0], 5)] }]
      expect((await edit("2025-03-16", content, {}, key)).status).toBe(200)
      expect((await remove("2025-03-16")).status).toBe(200)
      expect(await edit("2025-03-16", content, {}, key)).toEqual({ status: 200, body: [] })
    })

    it("refuses a key used for another body or for a save with 409", async () => {
      const {
        ids: [squat0]
      } = await squatAndBench("2025-03-11")
      const key = newKey()
      expect((await edit("2025-03-11", [{ name: "Squat", sets: [kept(squat0, 5)] }], {}, key)).status).toBe(200)
      const other = await edit("2025-03-11", [{ name: "Squat", sets: [kept(squat0, 9)] }], {}, key)
      expect(other).toEqual({
        status: 409,
        body: {
          error: "idempotencyKey: already used for a different request; a new edit needs a new key",
          code: "KeyReused"
        }
      })
      const saveKey = newKey()
      const saved = await api.call("POST", "/beta/api/workout", {
        token: coach.idToken,
        body: {
          clientId: client.id,
          date: "2025-03-12",
          workout: [{ name: "Row", sets: [fresh(8)] }],
          idempotencyKey: saveKey
        }
      })
      expect(saved.status).toBe(200)
      expect((await edit("2025-03-11", [{ name: "Squat", sets: [kept(squat0, 5)] }], {}, saveKey)).status).toBe(409)
      expect((await prescribed("2025-03-11")).map((row) => row.reps)).toEqual([5])
    })

    it("refuses a set of another workout, or one listed twice, with 400 naming the set", async () => {
      const {
        ids: [squat0]
      } = await squatAndBench("2025-03-13")
      const {
        ids: [elsewhere]
      } = await squatAndBench("2025-03-14")
      const foreign = await edit("2025-03-13", [{ name: "Squat", sets: [kept(squat0, 5), kept(elsewhere, 5)] }])
      expect(foreign).toEqual({ status: 400, body: { error: `workout: set ${elsewhere} is not in this workout` } })
      const twice = await edit("2025-03-13", [{ name: "Squat", sets: [kept(squat0, 5), kept(squat0, 5)] }])
      expect(twice).toEqual({ status: 400, body: { error: `workout: set ${squat0} is listed twice` } })
      expect(await prescribed("2025-03-13")).toHaveLength(5)
    })

    it("refuses bad input with 400 naming the field", async () => {
      await squatAndBench("2025-03-15")
      const badOrder = await api.call("PUT", "/beta/api/workout", {
        token: coach.idToken,
        body: { clientId: client.id, date: "2025-03-15", workoutOrder: -1, workout: [], idempotencyKey: newKey() }
      })
      expect(badOrder.status).toBe(400)
      expect(badOrder.body.error).toContain("workoutOrder")
      const badKey = await api.call("PUT", "/beta/api/workout", {
        token: coach.idToken,
        body: { clientId: client.id, date: "2025-03-15", workoutOrder: 0, workout: [{ name: "Row", sets: [fresh(8)] }] }
      })
      expect(badKey.status).toBe(400)
      expect(badKey.body.error).toContain("idempotencyKey")
      const unknownExercise = await edit("2025-03-15", [
        { name: "Row", exercise_id: "custom-999999", sets: [fresh(8)] }
      ])
      expect(unknownExercise).toEqual({
        status: 400,
        body: { error: "exercise_id: must be an exercise of the library" }
      })
    })

    it("answers 404 naming the workout for an address with no workout", async () => {
      const answer = await edit("2031-01-01", [{ name: "Row", sets: [fresh(8)] }])
      expect(answer).toEqual({
        status: 404,
        body: { error: `workoutOrder: no workout 0 on 2031-01-01 for client ${client.id}`, code: "WorkoutNotFound" }
      })
    })
  })

  describe("removing and restoring", () => {
    const date = "2025-04-07"
    let rows: Array<Row>
    let ids: readonly [number, number, number, number, number]
    let addedSetId: number
    let resultsBefore: ApiAnswer
    let completionsBefore: ApiAnswer
    const range = `from=${date}&to=${date}`

    beforeAll(async () => {
      ;({ ids } = await squatAndBench(date))
      await log(ids[0], { reps: 5, weight: 225 })
      const added = await addSetAfter(ids[2])
      addedSetId = added.body.id
      rows = await prescribed(date)
      expect((await complete(date, 17)).status).toBe(200)
      resultsBefore = await read(`/beta/api/workoutResults/${client.id}?${range}`)
      completionsBefore = await read(`/beta/api/workoutCompletions/${client.id}?${range}`)
      expect(resultsBefore.body).toHaveLength(1)
      expect(completionsBefore.body).toHaveLength(1)
      const removed = await remove(date)
      expect(removed).toEqual({ status: 200, body: { clientId: client.id, date, workoutOrder: 0, removed: true } })
    })

    it("removing again answers the same", async () => {
      expect(await remove(date)).toEqual({
        status: 200,
        body: { clientId: client.id, date, workoutOrder: 0, removed: true }
      })
    })

    it("a removed workout is in no read: workouts, workoutByDate, workoutResults, workoutCompletions", async () => {
      expect(await read(`/beta/api/workouts/${client.id}?${range}`)).toEqual({ status: 200, body: [] })
      expect(await read(`/beta/api/workoutByDate?clientId=${client.id}&date=${date}`)).toEqual({
        status: 200,
        body: { data: { [date]: [] } }
      })
      expect(await read(`/beta/api/workoutResults/${client.id}?${range}`)).toEqual({ status: 200, body: [] })
      expect(await read(`/beta/api/workoutCompletions/${client.id}?${range}`)).toEqual({ status: 200, body: [] })
      const asCoach = await api.call("GET", `/beta/api/workouts/${client.id}?${range}`, { token: coach.idToken })
      expect(asCoach).toEqual({ status: 200, body: [] })
    })

    it("logging a set of a removed workout answers 404", async () => {
      const answer = await log(ids[1], { reps: 4 })
      expect(answer).toEqual({
        status: 404,
        body: { error: `id: no set with id ${ids[1]} in your workouts`, code: "SetNotFound" }
      })
    })

    it("adding a set after one of a removed workout answers 404", async () => {
      const answer = await addSetAfter(ids[0])
      expect(answer.status).toBe(404)
    })

    it("removing an added set of a removed workout answers 404", async () => {
      const answer = await api.call("DELETE", `/beta/api/loggedSet/${addedSetId}`, { token: client.idToken })
      expect(answer.status).toBe(404)
    })

    it("submitting a removed workout answers 404", async () => {
      expect((await complete(date, 19)).status).toBe(404)
    })

    it("editing a removed workout answers 404", async () => {
      const answer = await edit(date, [{ name: "Squat", sets: [kept(ids[0], 5)] }])
      expect(answer.status).toBe(404)
    })

    it("a new save on that day takes the next order after the removed one, never reusing it", async () => {
      const otherDate = "2025-04-08"
      await api.saveWorkout(coach, client, otherDate)
      expect((await remove(otherDate)).status).toBe(200)
      const next = await api.saveWorkout(coach, client, otherDate)
      expect(next.status).toBe(200)
      expect(new Set(next.body.map((row: Row) => row.workout_order))).toEqual(new Set([1]))
      expect((await restore(otherDate)).body.removed).toBe(false)
      const day = (await read(`/beta/api/workoutByDate?clientId=${client.id}&date=${otherDate}`)).body.data[otherDate]
      expect(day.map((w: { workout_order: number }) => w.workout_order)).toEqual([0, 1])
    })

    it("restoring brings back the prescription, the logged results and the completion unchanged; again answers the same", async () => {
      const restored = await restore(date)
      expect(restored).toEqual({ status: 200, body: { clientId: client.id, date, workoutOrder: 0, removed: false } })
      expect(await restore(date)).toEqual(restored)
      expect(await prescribed(date)).toEqual(rows)
      expect(await read(`/beta/api/workoutResults/${client.id}?${range}`)).toEqual(resultsBefore)
      expect(await read(`/beta/api/workoutCompletions/${client.id}?${range}`)).toEqual(completionsBefore)
      expect((await log(ids[1], { reps: 4 })).status).toBe(200)
    })

    it("an address that never held a workout answers 404 to removal and to restoring", async () => {
      const error = `workoutOrder: no workout 3 on ${date} for client ${client.id}`
      expect(await remove(date, 3)).toEqual({ status: 404, body: { error, code: "WorkoutNotFound" } })
      expect(await restore(date, 3)).toEqual({ status: 404, body: { error, code: "WorkoutNotFound" } })
    })

    it("refuses a malformed address with 400 naming the field", async () => {
      const badDate = await api.call("DELETE", `/beta/api/workout/${client.id}/2025-13-40/0`, { token: coach.idToken })
      expect(badDate.status).toBe(400)
      expect(badDate.body.error).toContain("date")
      const badOrder = await api.call("POST", "/beta/api/workout/restore", {
        token: coach.idToken,
        body: { clientId: client.id, date, workoutOrder: 1.5 }
      })
      expect(badOrder.status).toBe(400)
      expect(badOrder.body.error).toContain("workoutOrder")
    })
  })
})
