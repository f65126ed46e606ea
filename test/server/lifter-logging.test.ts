/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * What a lifter does while logging besides typing values (docs/decisions/004, Logging): add a set (an AMSAP
 * set keeps going), remove a set they added, skip a prescribed one, and log RIR in half
 * steps. On PGlite and PostgreSQL. Who may call what is in authorization-matrix.test.ts,
 * malformed bodies in bad-input.test.ts.
 */
import { randomUUID } from "node:crypto"
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { LoggedRow, WorkoutRow } from "#domain/workout.ts"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"

interface Row {
  readonly id: number
  readonly exercise: string
  readonly set: number
  readonly added: boolean
}

describe.each(databasesUnderTest)("logging a workout on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherClient: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
    otherClient = await api.clientOf(coach)
  })

  /** A new day of SQUAT_WORKOUT (Squat 5 @ RPE 8 x 225, Squat AMSAP AMRAP -10 %, Bench 8 @ 75 %) for `who`. */
  const newDay = async (date: string, who: Account = client, workout: unknown = SQUAT_WORKOUT) => {
    const saved = await api.saveWorkout(coach, who, date, workout)
    expect(saved.status).toBe(200)
    return saved.body as ReadonlyArray<Row>
  }
  const prescribed = async (date: string, who: Account = client) =>
    (await api.call("GET", `/beta/api/workouts/${who.id}?from=${date}&to=${date}`, { token: who.idToken }))
      .body as ReadonlyArray<Row>
  const logged = async (date: string, who: Account = client) =>
    (await api.call("GET", `/beta/api/workoutResults/${who.id}?from=${date}&to=${date}`, { token: who.idToken }))
      .body as ReadonlyArray<Row & { readonly skipped: boolean }>
  const addSet = (afterSetId: number, idempotencyKey: string = randomUUID(), who: Account = client) =>
    api.call("POST", "/beta/api/loggedSet", { token: who.idToken, body: { afterSetId, idempotencyKey } })
  const removeSet = (setId: number, who: Account = client) =>
    api.call("DELETE", `/beta/api/loggedSet/${setId}`, { token: who.idToken })
  const log = (body: object, who: Account = client) =>
    api.call("PUT", "/beta/api/updateWorkoutResult", { token: who.idToken, body })
  const setIdOf = (rows: ReadonlyArray<Row>, index = 0) => {
    const row = rows[index]
    if (row === undefined) throw new Error(`no row ${index} among ${rows.length}`)
    return row.id
  }
  const setsOf = (rows: ReadonlyArray<Row>, exercise: string) =>
    rows.filter((row) => row.exercise === exercise).map((row) => [row.set, row.added])

  describe("adding a set", () => {
    it("follows the exercise's last set, copies its prescription and is marked added", async () => {
      const squat = setIdOf(await newDay("2025-10-01"))
      const answer = await addSet(squat)
      expect(answer).toEqual({
        status: 200,
        body: {
          id: expect.any(Number),
          date: "2025-10-01",
          workout_order: 0,
          exercise_order: 0,
          exercise: "Squat",
          exercise_id: "back-squat",
          set: 2,
          reps: "AMRAP",
          rir: null,
          rpe: null,
          weight: null,
          weight_unit: "lb",
          backoff_percent: 10,
          e1rm_percent: null,
          max_percent: null,
          amsap: true,
          added: true
        }
      })
      expect(Schema.is(WorkoutRow)(answer.body)).toBe(true)
      const rows = await prescribed("2025-10-01")
      expect(setsOf(rows, "Squat")).toEqual([
        [0, false],
        [1, false],
        [2, true]
      ])
      expect(setsOf(rows, "Bench Press")).toEqual([[0, false]])
      expect(rows.find((row) => row.set === 2)).toEqual(answer.body)
    })

    it("keeps going: each addition follows the one before", async () => {
      const squat = setIdOf(await newDay("2025-10-02"))
      const first = await addSet(squat)
      const second = await addSet(first.body.id)
      const third = await addSet(squat)
      expect([first.body.set, second.body.set, third.body.set]).toEqual([2, 3, 4])
      expect(setsOf(await prescribed("2025-10-02"), "Squat")).toEqual([
        [0, false],
        [1, false],
        [2, true],
        [3, true],
        [4, true]
      ])
    })

    it("the same key twice adds one set and answers it both times", async () => {
      const squat = setIdOf(await newDay("2025-10-03"))
      const key = randomUUID()
      const first = await addSet(squat, key)
      const again = await addSet(squat, key)
      expect([first.status, again.status]).toEqual([200, 200])
      expect(again.body).toEqual(first.body)
      expect(setsOf(await prescribed("2025-10-03"), "Squat")).toEqual([
        [0, false],
        [1, false],
        [2, true]
      ])
    })

    it("the same key sent five times at once adds one set, and every answer is that set", async () => {
      const squat = setIdOf(await newDay("2025-10-04"))
      const key = randomUUID()
      const answers = await Promise.all(Array.from({ length: 5 }, () => addSet(squat, key)))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
      const added = (await prescribed("2025-10-04")).filter((row) => row.added)
      expect(added).toHaveLength(1)
      for (const answer of answers) expect(answer.body).toEqual(added[0])
    })

    it("different keys sent at once each add a set, at distinct places", async () => {
      const squat = setIdOf(await newDay("2025-10-05"))
      const answers = await Promise.all(Array.from({ length: 4 }, () => addSet(squat)))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
      expect(answers.map((answer) => answer.body.set).sort()).toEqual([2, 3, 4, 5])
    })

    it("a key reused to add after another set is a 409 naming idempotencyKey, and adds nothing", async () => {
      const day = await newDay("2025-10-06")
      const key = randomUUID()
      expect((await addSet(setIdOf(day, 0), key)).status).toBe(200)
      const reused = await addSet(setIdOf(day, 2), key)
      expect(reused).toEqual({
        status: 409,
        body: { error: expect.stringMatching(/^idempotencyKey: /), code: "KeyReused" }
      })
      expect(setsOf(await prescribed("2025-10-06"), "Bench Press")).toEqual([[0, false]])
    })

    it("a key is the client's own: another client sending the same key adds their own set", async () => {
      const key = randomUUID()
      const mine = setIdOf(await newDay("2025-10-07"))
      const theirs = setIdOf(await newDay("2025-10-07", otherClient))
      const myAnswer = await addSet(mine, key)
      const theirAnswer = await addSet(theirs, key, otherClient)
      expect([myAnswer.status, theirAnswer.status]).toEqual([200, 200])
      expect(theirAnswer.body.id).not.toBe(myAnswer.body.id)
      expect((await prescribed("2025-10-07", otherClient)).filter((row) => row.added)).toEqual([theirAnswer.body])
    })

    it("an exercise holding 25 sets takes no more: a 409 naming afterSetId", async () => {
      const day = await newDay("2025-10-08", client, oneExercise("Squat", 24))
      const last = await addSet(setIdOf(day, 0))
      expect(last).toMatchObject({ status: 200, body: { set: 24, added: true } })
      const refused = await addSet(setIdOf(day, 0))
      expect(refused).toEqual({ status: 409, body: { error: "afterSetId: an exercise holds at most 25 sets" } })
      expect(await prescribed("2025-10-08")).toHaveLength(25)
    })

    it("a retry of an addition that filled the exercise still answers its set", async () => {
      const day = await newDay("2025-10-09", client, oneExercise("Squat", 24))
      const key = randomUUID()
      const first = await addSet(setIdOf(day, 0), key)
      const again = await addSet(setIdOf(day, 0), key)
      expect(again).toEqual(first)
    })

    it("after another client's set is a 404 naming afterSetId, and adds nothing", async () => {
      const theirs = setIdOf(await newDay("2025-10-10", otherClient))
      const answer = await addSet(theirs)
      expect(answer).toEqual({
        status: 404,
        body: { error: `afterSetId: no set with id ${theirs} in your workouts`, code: "SetNotFound" }
      })
      expect((await prescribed("2025-10-10", otherClient)).filter((row) => row.added)).toEqual([])
    })

    it("a coach cannot add a set to a client's workout: 403", async () => {
      const squat = setIdOf(await newDay("2025-10-11"))
      const answer = await addSet(squat, randomUUID(), coach)
      expect(answer).toEqual({ status: 403, body: { error: expect.stringContaining("Only clients") } })
    })

    it("without a token is a 401", async () => {
      const squat = setIdOf(await newDay("2025-10-12"))
      const answer = await api.call("POST", "/beta/api/loggedSet", {
        body: { afterSetId: squat, idempotencyKey: randomUUID() }
      })
      expect(answer.status).toBe(401)
    })
  })

  describe("removing a set", () => {
    it("removes a set the lifter added, with what they logged for it, and answers its id", async () => {
      const squat = setIdOf(await newDay("2025-10-13"))
      const added = await addSet(squat)
      expect((await log({ id: added.body.id, reps: 12, weight: 200 })).status).toBe(200)
      expect((await logged("2025-10-13")).map((row) => [row.id, row.added])).toEqual([[added.body.id, true]])
      const answer = await removeSet(added.body.id)
      expect(answer).toEqual({ status: 200, body: { id: added.body.id } })
      expect(setsOf(await prescribed("2025-10-13"), "Squat")).toEqual([
        [0, false],
        [1, false]
      ])
      expect(await logged("2025-10-13")).toEqual([])
    })

    it("a set added after a removal takes the place after the exercise's last set", async () => {
      const squat = setIdOf(await newDay("2025-10-14"))
      const first = await addSet(squat)
      const second = await addSet(squat)
      await removeSet(second.body.id)
      const again = await addSet(squat)
      expect([first.body.set, again.body.set]).toEqual([2, 3])
    })

    it("a set the coach prescribed is a 409: it can be skipped, not removed", async () => {
      const squat = setIdOf(await newDay("2025-10-15"))
      const answer = await removeSet(squat)
      expect(answer).toEqual({
        status: 409,
        body: { error: "setId: only a set you added can be removed; skip a prescribed set instead" }
      })
      expect(setsOf(await prescribed("2025-10-15"), "Squat")).toEqual([
        [0, false],
        [1, false]
      ])
    })

    it("another client's added set is a 404 naming setId, and stays", async () => {
      const theirs = setIdOf(await newDay("2025-10-16", otherClient))
      const added = await addSet(theirs, randomUUID(), otherClient)
      const answer = await removeSet(added.body.id)
      expect(answer).toEqual({
        status: 404,
        body: { error: `setId: no set with id ${added.body.id} in your workouts`, code: "SetNotFound" }
      })
      expect((await prescribed("2025-10-16", otherClient)).filter((row) => row.added)).toEqual([added.body])
    })

    it("a set already removed is a 404", async () => {
      const squat = setIdOf(await newDay("2025-10-17"))
      const added = await addSet(squat)
      expect((await removeSet(added.body.id)).status).toBe(200)
      expect((await removeSet(added.body.id)).status).toBe(404)
    })

    it("a coach cannot remove a client's set: 403; without a token: 401", async () => {
      const squat = setIdOf(await newDay("2025-10-18"))
      const added = await addSet(squat)
      expect((await removeSet(added.body.id, coach)).status).toBe(403)
      expect((await api.call("DELETE", `/beta/api/loggedSet/${added.body.id}`)).status).toBe(401)
      expect((await prescribed("2025-10-18")).filter((row) => row.added)).toEqual([added.body])
    })
  })

  describe("skipping a set", () => {
    it("a skipped set is listed in workoutResults with nothing logged, and answers skipped", async () => {
      const squat = setIdOf(await newDay("2025-10-19"))
      const answer = await log({ id: squat, skipped: true })
      expect(answer).toEqual({
        status: 200,
        body: {
          id: squat,
          date: "2025-10-19",
          workout_order: 0,
          exercise_order: 0,
          exercise: "Squat",
          exercise_id: "back-squat",
          set: 0,
          reps: null,
          rir: null,
          rpe: null,
          weight: null,
          weight_unit: "lb",
          backoff_percent: null,
          e1rm_percent: null,
          max_percent: null,
          amsap: false,
          added: false,
          skipped: true
        }
      })
      expect(Schema.is(LoggedRow)(answer.body)).toBe(true)
      expect(await logged("2025-10-19")).toEqual([answer.body])
      const coachView = await api.call("GET", `/beta/api/workoutResults/${client.id}?from=2025-10-19&to=2025-10-19`, {
        token: coach.idToken
      })
      expect(coachView.body).toEqual([answer.body])
    })

    it("an update without skipped keeps it; skipped false undoes it", async () => {
      const squat = setIdOf(await newDay("2025-10-20"))
      await log({ id: squat, skipped: true })
      expect((await log({ id: squat, weight: 225 })).body).toMatchObject({ weight: 225, skipped: true })
      expect((await log({ id: squat, reps: 5, skipped: false })).body).toMatchObject({
        reps: 5,
        weight: 225,
        skipped: false
      })
      expect(await logged("2025-10-20")).toEqual([expect.objectContaining({ id: squat, skipped: false })])
    })

    it("a set un-skipped with nothing logged leaves workoutResults", async () => {
      const squat = setIdOf(await newDay("2025-10-21"))
      await log({ id: squat, skipped: true })
      await log({ id: squat, skipped: false })
      expect(await logged("2025-10-21")).toEqual([])
    })

    it("skipped must be true or false: a 400 naming skipped", async () => {
      const squat = setIdOf(await newDay("2025-10-22"))
      const answer = await log({ id: squat, skipped: "yes" })
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatch(/^skipped: /)
    })
  })

  describe("logged values", () => {
    it("RIR in half steps is kept as sent: 2.5 round trips", async () => {
      const squat = setIdOf(await newDay("2025-10-23"))
      const answer = await log({ id: squat, reps: 5, rir: 2.5, weight: 225 })
      expect(answer).toMatchObject({ status: 200, body: { rir: 2.5 } })
      expect(await logged("2025-10-23")).toEqual([answer.body])
    })

    it("25 reps are logged on an AMRAP set and read back", async () => {
      const day = await newDay("2025-10-24")
      const answer = await log({ id: setIdOf(day, 1), reps: 25 })
      expect(answer).toMatchObject({ status: 200, body: { reps: 25, amsap: true } })
      expect(await logged("2025-10-24")).toEqual([answer.body])
    })

    it("a value logged on an added set reads back as added", async () => {
      const squat = setIdOf(await newDay("2025-10-25"))
      const added = await addSet(squat)
      const answer = await log({ id: added.body.id, reps: 7 })
      expect(answer.body).toMatchObject({ id: added.body.id, set: 2, reps: 7, added: true, skipped: false })
    })
  })
})
