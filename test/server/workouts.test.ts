/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

describe.each(databasesUnderTest)("workouts on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
  })

  const rowsOf = (path: string, who: Account = client) => api.call("GET", path, { token: who.idToken })

  it("a saved workout answers its prescription as flat rows, one per set", async () => {
    const saved = await api.saveWorkout(coach, client, "2025-04-01")
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual([
      {
        id: expect.any(Number),
        date: "2025-04-01",
        workout_order: 0,
        exercise_order: 0,
        exercise: "Squat",
        exercise_id: "back-squat",
        set: 0,
        reps: 5,
        rir: null,
        rpe: 8,
        weight: 225,
        weight_unit: "lb",
        backoff_percent: null,
        e1rm_percent: null,
        max_percent: null,
        amsap: false,
        added: false
      },
      expect.objectContaining({ exercise: "Squat", set: 1, reps: "AMRAP", backoff_percent: 10, amsap: true }),
      expect.objectContaining({ exercise: "Bench Press", exercise_order: 1, set: 0, reps: 8, e1rm_percent: 75 })
    ])
  })

  it("a second workout on the same date becomes the next workout_order", async () => {
    await api.saveWorkout(coach, client, "2025-04-02")
    const second = await api.saveWorkout(coach, client, "2025-04-02")
    expect(new Set(second.body.map((row: { workout_order: number }) => row.workout_order))).toEqual(new Set([1]))
  })

  it("two concurrent saves for the same date both succeed with distinct orders", async () => {
    const [a, b, c] = await Promise.all([
      api.saveWorkout(coach, client, "2025-04-03"),
      api.saveWorkout(coach, client, "2025-04-03"),
      api.saveWorkout(coach, client, "2025-04-03")
    ])
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200])
    const orders = [a, b, c].map((answer) => answer.body[0].workout_order).sort()
    expect(orders).toEqual([0, 1, 2])
  })

  it("workouts lists the days from..to, both ends included, and no others", async () => {
    const other = await api.clientOf(coach)
    for (const date of ["2025-05-01", "2025-05-10", "2025-05-20"]) await api.saveWorkout(coach, other, date)
    const all = await rowsOf(`/beta/api/workouts/${other.id}?from=2025-05-01&to=2025-05-20`, other)
    expect([...new Set(all.body.map((row: { date: string }) => row.date))]).toEqual([
      "2025-05-01",
      "2025-05-10",
      "2025-05-20"
    ])
    const ranged = await rowsOf(`/beta/api/workouts/${other.id}?from=2025-05-02&to=2025-05-20`, other)
    expect([...new Set(ranged.body.map((row: { date: string }) => row.date))]).toEqual(["2025-05-10", "2025-05-20"])
  })

  it("workoutByDate answers the day's workouts grouped into exercises under data", async () => {
    const other = await api.clientOf(coach)
    await api.saveWorkout(coach, other, "2025-06-01")
    await api.saveWorkout(coach, other, "2025-06-01", [{ name: "Row", sets: [{ set: 0, amsap: false, fields: [] }] }])
    const answer = await rowsOf(`/beta/api/workoutByDate?clientId=${other.id}&date=2025-06-01`, other)
    expect(answer.status).toBe(200)
    const day = answer.body.data["2025-06-01"]
    expect(day.map((w: { workout_order: number }) => w.workout_order)).toEqual([0, 1])
    expect(day[0].exercises.map((e: { name: string; sets: unknown[] }) => [e.name, e.sets.length])).toEqual([
      ["Squat", 2],
      ["Bench Press", 1]
    ])
    expect(day[1].exercises[0].name).toBe("Row")
  })

  it("workoutByDate for a day without workouts answers an empty list for that date", async () => {
    const answer = await rowsOf(`/beta/api/workoutByDate?clientId=${client.id}&date=2030-01-01`)
    expect(answer).toEqual({ status: 200, body: { data: { "2030-01-01": [] } } })
  })

  describe("logging results", () => {
    let setId: number

    beforeAll(async () => {
      const saved = await api.saveWorkout(coach, client, "2025-07-01")
      setId = saved.body[0].id
    })

    it("workoutResults lists nothing before anything is logged", async () => {
      const results = await rowsOf(`/beta/api/workoutResults/${client.id}?from=2025-07-01&to=2025-07-01`)
      expect(results).toEqual({ status: 200, body: [] })
    })

    it("updateWorkoutResult answers the logged row", async () => {
      const answer = await api.call("PUT", "/beta/api/updateWorkoutResult", {
        token: client.idToken,
        body: { id: setId, reps: 4, rir: 2, rpe: 8.5, weight: 230 }
      })
      expect(answer).toEqual({
        status: 200,
        body: {
          id: setId,
          date: "2025-07-01",
          workout_order: 0,
          exercise_order: 0,
          exercise: "Squat",
          exercise_id: "back-squat",
          set: 0,
          reps: 4,
          rir: 2,
          rpe: 8.5,
          weight: 230,
          weight_unit: "lb",
          backoff_percent: null,
          e1rm_percent: null,
          max_percent: null,
          amsap: false,
          added: false,
          skipped: false
        }
      })
    })

    it("the same body twice leaves the same row", async () => {
      const body = { id: setId, reps: 4, rir: 2, rpe: 8.5, weight: 230 }
      const first = await api.call("PUT", "/beta/api/updateWorkoutResult", { token: client.idToken, body })
      const second = await api.call("PUT", "/beta/api/updateWorkoutResult", { token: client.idToken, body })
      expect(second).toEqual(first)
      const results = await rowsOf(`/beta/api/workoutResults/${client.id}?from=2025-07-01&to=2025-07-01`)
      expect(results.body).toEqual([first.body])
    })

    it("an update with one value keeps the others; null clears one", async () => {
      const answer = await api.call("PUT", "/beta/api/updateWorkoutResult", {
        token: client.idToken,
        body: { id: setId, weight: 235, rpe: null }
      })
      expect(answer.body).toMatchObject({ reps: 4, rir: 2, rpe: null, weight: 235 })
    })

    it("logging never changes the coach's prescription", async () => {
      const prescribed = await rowsOf(`/beta/api/workouts/${client.id}?from=2025-07-01&to=2025-07-01`)
      expect(prescribed.body[0]).toMatchObject({ id: setId, reps: 5, rpe: 8, weight: 225, rir: null })
    })

    it("the coach sees what the client logged", async () => {
      const results = await rowsOf(`/beta/api/workoutResults/${client.id}?from=2025-07-01&to=2025-07-01`, coach)
      expect(results.body).toEqual([expect.objectContaining({ id: setId, reps: 4, weight: 235 })])
    })

    it("a client logs more reps than a prescription can ask for, e.g. 25 on an AMRAP set", async () => {
      const amrapSetId: number = (await rowsOf(`/beta/api/workouts/${client.id}?from=2025-07-01&to=2025-07-01`)).body[1]
        .id
      const answer = await api.call("PUT", "/beta/api/updateWorkoutResult", {
        token: client.idToken,
        body: { id: amrapSetId, reps: 25 }
      })
      expect(answer).toMatchObject({ status: 200, body: { id: amrapSetId, reps: 25, amsap: true } })
      const results = await rowsOf(`/beta/api/workoutResults/${client.id}?from=2025-07-01&to=2025-07-01`)
      expect(results.body).toContainEqual(expect.objectContaining({ id: amrapSetId, reps: 25 }))
      const prescribed = await rowsOf(`/beta/api/workouts/${client.id}?from=2025-07-01&to=2025-07-01`)
      expect(prescribed.body[1]).toMatchObject({ id: amrapSetId, reps: "AMRAP" })
    })

    it("a set that does not exist is a 404", async () => {
      const answer = await api.call("PUT", "/beta/api/updateWorkoutResult", {
        token: client.idToken,
        body: { id: 987654321, reps: 1 }
      })
      expect(answer).toEqual({
        status: 404,
        body: { error: expect.stringContaining("987654321"), code: "SetNotFound" }
      })
    })
  })

  it("a workout saved for a client the coach does not have is a 404 and stores nothing", async () => {
    const stranger = await api.signupAs("Client")
    const answer = await api.saveWorkout(coach, stranger, "2025-08-01", SQUAT_WORKOUT)
    expect(answer.status).toBe(404)
    const rows = await rowsOf(`/beta/api/workouts/${stranger.id}?from=2025-08-01&to=2025-08-01`, stranger)
    expect(rows.body).toEqual([])
  })
})
