/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * Copy and repeat (docs/decisions/025): a coach copies a workout, a day or a week
 * of a client to other days and to other clients of theirs, repeated weekly with a change
 * per week; a busy day is skipped unless told to add; the preview stores nothing; the same
 * key again answers the first copy; one request is all or nothing. On PGlite and
 * PostgreSQL. Who may call is in programming-authorization.test.ts, templates in
 * templates.test.ts.
 */
import { and, eq, sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { UserId } from "#domain/ids.ts"
import { workouts } from "#server/db/schema.ts"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"

const MONDAY = "2026-03-02"
const WEDNESDAY = "2026-03-04"
const SUNDAY = "2026-03-01"

let keys = 0
const freshKey = () => `copy-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

const progress = (loadPercent: number, reps = 0, sets = 0) => ({ kind: "progress", loadPercent, reps, sets })

/** A /workouts row, as far as these tests read it. */
interface Row {
  readonly id: number
  readonly date: string
  readonly workout_order: number
  readonly exercise: string
  readonly [field: string]: unknown
}

/** A row as the copy should reproduce it: everything but its id. */
const content = ({ id: _id, ...row }: Row) => row

describe.each(databasesUnderTest)("copy and repeat on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let source: Account

  const copy = (body: object, who: Account = coach) =>
    api.call("POST", "/beta/api/workouts/copy", {
      token: who.idToken,
      body: { repeats: [], idempotencyKey: freshKey(), ...body }
    })
  const rows = async (client: Account, from: string, to = from): Promise<Array<Row>> => {
    const answer = await api.call("GET", `/beta/api/workouts/${client.id}?from=${from}&to=${to}`, {
      token: coach.idToken
    })
    expect(answer.status).toBe(200)
    return answer.body
  }
  const weightsOf = (day: ReadonlyArray<Row>, exercise: string) =>
    day.filter((row) => row.exercise === exercise).map((row) => row.weight)
  const created = (client: Account, date: string, workouts: number, exercises: ReadonlyArray<string>) => ({
    clientId: client.id,
    date,
    status: "created",
    workouts,
    exercises,
    reason: null
  })

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Copy Coach")
    source = await api.clientOf(coach, "Sam Source")
    // Monday: squat and bench; Wednesday: deadlift, then a second workout of presses.
    for (const [date, workout] of [
      [MONDAY, SQUAT_WORKOUT],
      [WEDNESDAY, oneExercise("Deadlift", 3, 3)],
      [WEDNESDAY, oneExercise("Overhead Press", 2, 8)]
    ] as const) {
      expect((await api.saveWorkout(coach, source, date, workout)).status).toBe(200)
    }
  })

  it("copies one workout to another day of the same client: every value and library id kept, a new order", async () => {
    const answer = await copy({
      source: { kind: "workout", clientId: source.id, date: WEDNESDAY, workoutOrder: 1 },
      targets: [{ clientId: source.id, start: "2026-03-10" }]
    })
    expect(answer.status).toBe(200)
    expect(answer.body.dryRun).toBe(false)
    expect(answer.body.days).toEqual([created(source, "2026-03-10", 1, ["Overhead Press"])])
    const original = (await rows(source, WEDNESDAY)).filter((row) => row.workout_order === 1)
    const copied = await rows(source, "2026-03-10")
    expect(copied.map(content)).toEqual(
      original.map((row) => ({ ...content(row), date: "2026-03-10", workout_order: 0 }))
    )
    expect(copied[0]?.exercise_id).toBe("overhead-press")
  })

  it("copies a day with its two workouts to two other clients, the report by client then date", async () => {
    const first = await api.clientOf(coach, "First Target")
    const second = await api.clientOf(coach, "Second Target")
    const answer = await copy({
      source: { kind: "day", clientId: source.id, date: WEDNESDAY },
      targets: [
        { clientId: second.id, start: "2026-04-02" },
        { clientId: first.id, start: "2026-04-01" }
      ]
    })
    expect(answer.body.days).toEqual([
      created(first, "2026-04-01", 2, ["Deadlift", "Overhead Press"]),
      created(second, "2026-04-02", 2, ["Deadlift", "Overhead Press"])
    ])
    const sourceDay = (await rows(source, WEDNESDAY)).map(content)
    for (const [client, date] of [
      [first, "2026-04-01"],
      [second, "2026-04-02"]
    ] as const) {
      expect((await rows(client, date)).map(content)).toEqual(sourceDay.map((row) => ({ ...row, date })))
    }
  })

  it("copies a week: each day keeps its weekday, the first at or after the target's start (ADR 040)", async () => {
    const target = await api.clientOf(coach)
    const answer = await copy({
      source: { kind: "week", clientId: source.id, from: SUNDAY },
      targets: [
        { clientId: target.id, start: "2026-05-03" },
        { clientId: target.id, start: "2026-05-13" }
      ]
    })
    // From Sunday 3 May: Monday 4, Wednesday 6. From Wednesday 13 May: Wednesday 13, then Monday 18.
    expect(answer.body.days).toEqual([
      created(target, "2026-05-04", 1, ["Squat", "Bench Press"]),
      created(target, "2026-05-06", 2, ["Deadlift", "Overhead Press"]),
      created(target, "2026-05-13", 2, ["Deadlift", "Overhead Press"]),
      created(target, "2026-05-18", 1, ["Squat", "Bench Press"])
    ])
    const landed = await rows(target, "2026-05-01", "2026-05-31")
    expect([...new Set(landed.map((row) => row.date))]).toEqual([
      "2026-05-04",
      "2026-05-06",
      "2026-05-13",
      "2026-05-18"
    ])
  })

  it("legacy repeats keep their meaning: +2.5 % a week multiplies loads and percentages, rounded to 0.1", async () => {
    const target = await api.clientOf(coach)
    const answer = await copy({
      source: { kind: "workout", clientId: source.id, date: MONDAY, workoutOrder: 0 },
      targets: [{ clientId: target.id, start: "2026-06-01" }],
      repeats: [progress(2.5), progress(2.5), progress(2.5)]
    })
    const dates = ["2026-06-01", "2026-06-08", "2026-06-15", "2026-06-22"]
    expect(answer.body.days).toEqual(dates.map((date) => created(target, date, 1, ["Squat", "Bench Press"])))
    const weeks = await Promise.all(dates.map((date) => rows(target, date)))
    expect(weeks.map((day) => weightsOf(day, "Squat"))).toEqual([
      [225, null],
      [230.6, null],
      [236.4, null],
      [242.3, null]
    ])
    expect(weeks.map((day) => day.find((row) => row.exercise === "Bench Press")?.e1rm_percent)).toEqual([
      75, 76.9, 78.8, 80.8
    ])
    // Reps, RPE, AMRAP and the backoff stay as they were.
    expect(weeks[3]?.map((row) => [row.reps, row.rpe, row.backoff_percent])).toEqual(
      weeks[0]?.map((row) => [row.reps, row.rpe, row.backoff_percent])
    )
  })

  it("a repeat may add reps and sets: the added set copies the exercise's last", async () => {
    const target = await api.clientOf(coach)
    await copy({
      source: { kind: "workout", clientId: source.id, date: WEDNESDAY, workoutOrder: 0 },
      targets: [{ clientId: target.id, start: "2026-06-03" }],
      repeats: [progress(0, 1, 1)]
    })
    const next = await rows(target, "2026-06-10")
    expect(next.map((row) => [row.exercise, row.set, row.reps])).toEqual([
      ["Deadlift", 0, 4],
      ["Deadlift", 1, 4],
      ["Deadlift", 2, 4],
      ["Deadlift", 3, 4]
    ])
  })

  it("a deload week halves the sets and takes 10 % off; the week after continues from the week before it", async () => {
    const target = await api.clientOf(coach)
    await copy({
      source: { kind: "workout", clientId: source.id, date: MONDAY, workoutOrder: 0 },
      targets: [{ clientId: target.id, start: "2026-07-06" }],
      repeats: [progress(2.5), { kind: "deload" }, progress(2.5)]
    })
    const weeks = await Promise.all(
      ["2026-07-06", "2026-07-13", "2026-07-20", "2026-07-27"].map((date) => rows(target, date))
    )
    expect(weeks.map((day) => weightsOf(day, "Squat"))).toEqual([[225, null], [230.6, null], [207.5], [236.4, null]])
    expect(weeks[2]?.map((row) => row.exercise)).toEqual(["Squat", "Bench Press"])
    expect(weeks[2]?.find((row) => row.exercise === "Bench Press")?.e1rm_percent).toBe(69.2)
  })

  it("a day that already holds a workout is skipped and left alone; with onBusyDay 'add' the copy follows it", async () => {
    const target = await api.clientOf(coach)
    await api.saveWorkout(coach, target, "2026-08-05", oneExercise("Plank", 1))
    const before = await rows(target, "2026-08-05")
    const skipping = await copy({
      source: { kind: "week", clientId: source.id, from: SUNDAY },
      targets: [{ clientId: target.id, start: "2026-08-02" }]
    })
    expect(skipping.body.days).toEqual([
      created(target, "2026-08-03", 1, ["Squat", "Bench Press"]),
      {
        clientId: target.id,
        date: "2026-08-05",
        status: "skipped",
        workouts: 0,
        exercises: [],
        reason: "already has a workout"
      }
    ])
    expect(await rows(target, "2026-08-05")).toEqual(before)

    const adding = await copy({
      source: { kind: "day", clientId: source.id, date: WEDNESDAY },
      targets: [{ clientId: target.id, start: "2026-08-05" }],
      onBusyDay: "add"
    })
    expect(adding.body.days).toEqual([created(target, "2026-08-05", 2, ["Deadlift", "Overhead Press"])])
    const day = await rows(target, "2026-08-05")
    expect([...new Set(day.map((row) => `${row.workout_order} ${row.exercise}`))]).toEqual([
      "0 Plank",
      "1 Deadlift",
      "2 Overhead Press"
    ])
  })

  it("a removed workout neither makes a day busy nor is copied, and its order is not reused", async () => {
    const target = await api.clientOf(coach)
    await api.saveWorkout(coach, target, "2026-09-01", oneExercise("Plank", 1))
    await api.saveWorkout(coach, target, "2026-09-08", oneExercise("Lunge", 2))
    await api.saveWorkout(coach, target, "2026-09-08", oneExercise("Row", 2))
    await api
      .server()
      .database.db.update(workouts)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(workouts.clientId, UserId.make(target.id)), eq(workouts.workoutOrder, 0)))
    const answer = await copy({
      source: { kind: "day", clientId: target.id, date: "2026-09-08" },
      targets: [{ clientId: target.id, start: "2026-09-01" }]
    })
    expect(answer.body.days).toEqual([created(target, "2026-09-01", 1, ["Row"])])
    const copied = (await rows(target, "2026-09-01")).filter((row) => row.exercise !== "Plank")
    expect(copied.map((row) => [row.workout_order, row.exercise])).toEqual([
      [1, "Row"],
      [1, "Row"]
    ])
  })

  it("a preview answers the same report and stores nothing; the copy then does what it showed", async () => {
    const target = await api.clientOf(coach)
    await api.saveWorkout(coach, target, "2026-10-14", oneExercise("Plank", 1))
    const body = {
      source: { kind: "week", clientId: source.id, from: SUNDAY },
      targets: [{ clientId: target.id, start: "2026-10-04" }],
      repeats: [progress(5)]
    }
    const preview = await copy({ ...body, dryRun: true })
    expect(preview.status).toBe(200)
    expect(preview.body.dryRun).toBe(true)
    const previewed = preview.body.days as ReadonlyArray<{ date: string; status: string }>
    expect(previewed.map((day) => `${day.date} ${day.status}`)).toEqual([
      "2026-10-05 created",
      "2026-10-07 created",
      "2026-10-12 created",
      "2026-10-14 skipped"
    ])
    expect((await rows(target, "2026-10-01", "2026-10-31")).map((row) => row.date)).toEqual(["2026-10-14"])
    const copied = await copy(body)
    expect(copied.body).toEqual({ ...preview.body, dryRun: false })
  })

  it("the same key and body again answers the first report and creates nothing; another body with it is a 409", async () => {
    const target = await api.clientOf(coach)
    const body = {
      source: { kind: "workout", clientId: source.id, date: MONDAY, workoutOrder: 0 },
      targets: [{ clientId: target.id, start: "2026-11-02" }],
      idempotencyKey: freshKey()
    }
    const first = await copy(body)
    const stored = await rows(target, "2026-11-02")
    const again = await copy(body)
    expect(again).toEqual(first)
    expect(await rows(target, "2026-11-02")).toEqual(stored)
    const other = await copy({ ...body, targets: [{ clientId: target.id, start: "2026-11-03" }] })
    expect(other.status).toBe(409)
    expect(other.body.error).toMatch(/^idempotencyKey: /)
    expect(await rows(target, "2026-11-03")).toEqual([])
  })

  describe("all or nothing", () => {
    let otherClient: Account

    beforeAll(async () => {
      const otherCoach = await api.signupAs("Coach", "Other Coach")
      otherClient = await api.clientOf(otherCoach, "Not Yours")
    })

    it("one target that is not the coach's client: 404 naming it, and no target gets anything", async () => {
      const target = await api.clientOf(coach)
      const answer = await copy({
        source: { kind: "day", clientId: source.id, date: WEDNESDAY },
        targets: [
          { clientId: target.id, start: "2026-12-01" },
          { clientId: otherClient.id, start: "2026-12-01" }
        ]
      })
      expect(answer).toEqual({
        status: 404,
        body: {
          error: `targets[1].clientId: no client with id ${otherClient.id} on your client list`,
          code: "ClientNotFound"
        }
      })
      expect(await rows(target, "2026-12-01")).toEqual([])
    })

    it("more than 400 days in one copy: 400 naming repeats, and nothing is created", async () => {
      const target = await api.clientOf(coach)
      const answer = await copy({
        source: { kind: "week", clientId: source.id, from: SUNDAY },
        // 20 targets x 13 weeks x 2 days = 520 days, far apart so none is busy.
        targets: Array.from({ length: 20 }, (_, i) => ({
          clientId: target.id,
          start: new Date(Date.UTC(2030 + i * 2, 0, 6)).toISOString().slice(0, 10)
        })),
        repeats: Array.from({ length: 12 }, () => progress(1))
      })
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatch(/^repeats: this copy would create 520 days/)
      expect(await rows(target, "2030-01-01", "2030-12-31")).toEqual([])
    })
  })

  it.each([
    ["source", { kind: "month", clientId: 1, date: MONDAY }, {}],
    ["source", { kind: "day", clientId: 0, date: MONDAY }, {}],
    ["targets", undefined, { targets: [] }],
    ["targets", undefined, { targets: Array.from({ length: 21 }, () => ({ clientId: 1, start: MONDAY })) }],
    ["targets[0].start", undefined, { targets: [{ clientId: 1, start: "2026-02-30" }] }],
    ["repeats", undefined, { repeats: Array.from({ length: 13 }, () => ({ kind: "deload" })) }],
    ["repeats[0]", undefined, { repeats: [progress(60)] }],
    ["repeats[0]", undefined, { repeats: [progress(2.5, 1.5)] }],
    ["onBusyDay", undefined, { onBusyDay: "replace" }],
    ["dryRun", undefined, { dryRun: "yes" }],
    ["idempotencyKey", undefined, { idempotencyKey: "short" }]
  ])("a bad %s is a 400 naming it", async (field, badSource, overrides) => {
    const answer = await copy({
      source: badSource ?? { kind: "day", clientId: source.id, date: MONDAY },
      targets: [{ clientId: source.id, start: "2027-01-04" }],
      ...overrides
    })
    expect(answer.status).toBe(400)
    expect(String(answer.body.error).startsWith(field)).toBe(true)
  })

  it("a source with nothing on it is a 400 naming source; a start whose repeats run past 9999 is a 400 naming it", async () => {
    const empty = await copy({
      source: { kind: "week", clientId: source.id, from: "2027-02-01" },
      targets: [{ clientId: source.id, start: "2027-03-01" }]
    })
    expect(empty).toEqual({
      status: 400,
      body: { error: `source: client ${source.id} has no workouts in the 7 days from 2027-02-01` }
    })
    const late = await copy({
      source: { kind: "day", clientId: source.id, date: MONDAY },
      targets: [{ clientId: source.id, start: "9999-12-20" }],
      repeats: [progress(1), progress(1)]
    })
    expect(late.status).toBe(400)
    expect(late.body.error).toMatch(/^targets\[0\]\.start: /)
  })
})
