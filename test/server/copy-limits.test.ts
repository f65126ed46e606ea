/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * What one copy may write (docs/product.md, Limits): a copy, or its preview, that would
 * write more than MAX_COPY_SETS set rows is refused with a 400 naming the limit before
 * anything is written; one under it is copied as before. On PGlite and PostgreSQL.
 */
import { count, eq } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { MAX_COPY_SETS } from "#domain/copy-plan.ts"
import { UserId } from "#domain/ids.ts"
import { WORKOUT_CAPS } from "#domain/workout.ts"
import { copyKeys } from "#server/db/schema.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { storedRowsFor } from "./support/stored-rows.ts"

// The source week from Sunday 1 March 2026: three full workouts on each of its 7 days.
const SUNDAY = "2026-03-01"
const WEEK = Array.from({ length: 7 }, (_, day) => `2026-03-0${day + 1}`)
const WORKOUTS_PER_DAY = 3

let keys = 0
const freshKey = () => `limits-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

/** The largest workout a save takes: 30 exercises of 25 sets (750 set rows). */
const FULL_WORKOUT = Array.from({ length: WORKOUT_CAPS.exercises }, (_, exercise) => ({
  name: `Limit Lift ${exercise + 1}`,
  sets: Array.from({ length: WORKOUT_CAPS.setsPerExercise }, (_, set) => ({
    set,
    amsap: false,
    fields: [
      { name: "reps", value: 5 },
      { name: "weight", value: 100 }
    ]
  }))
}))
const FULL_SETS = WORKOUT_CAPS.exercises * WORKOUT_CAPS.setsPerExercise

const unchanged = (weeks: number) => Array.from({ length: weeks }, () => ({ kind: "progress" }))

describe.each(databasesUnderTest)("what one copy may write on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let source: Account
  let targets: ReadonlyArray<Account>

  const copy = (body: object) =>
    api.call("POST", "/beta/api/workouts/copy", { token: coach.idToken, body: { idempotencyKey: freshKey(), ...body } })
  const oneWorkout = () => ({ kind: "workout", clientId: source.id, date: SUNDAY, workoutOrder: 0 })
  const at = (clients: ReadonlyArray<Account>, start: string) =>
    clients.map((client) => ({ clientId: client.id, start }))

  /** Rows stored for these clients: workouts, their exercises and sets. */
  const storedFor = (clients: ReadonlyArray<Account>) =>
    storedRowsFor(
      api.server().database.db,
      clients.map((client) => client.id)
    )

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Limits Coach")
    source = await api.clientOf(coach, "Sam Source")
    targets = await Promise.all([1, 2, 3, 4].map((n) => api.clientOf(coach, `Tess Target ${n}`)))
    for (const date of WEEK)
      for (let order = 0; order < WORKOUTS_PER_DAY; order++)
        expect((await api.saveWorkout(coach, source, date, FULL_WORKOUT)).status).toBe(200)
  }, 180_000)

  it("the issue's copy (a week of full workouts to 4 clients, 12 repeats, added to busy days) is a 400 naming the limit, and writes nothing", async () => {
    // 21 workouts × 750 sets × 13 weeks × 4 clients.
    const wouldWrite = WEEK.length * WORKOUTS_PER_DAY * FULL_SETS * 13 * 4
    expect(wouldWrite).toBe(819_000)
    const body = {
      source: { kind: "week", clientId: source.id, from: SUNDAY },
      targets: at(targets, "2026-06-07"),
      repeats: Array.from({ length: 12 }, () => ({ kind: "progress", loadPercent: 0, reps: 0, sets: 0 })),
      onBusyDay: "add"
    }
    const expected = {
      status: 400,
      body: {
        error: `repeats: this copy would write 819,000 sets; at most ${MAX_COPY_SETS.toLocaleString("en-US")} in one request; copy fewer weeks or copy to fewer clients`
      }
    }
    expect(await copy({ ...body, dryRun: true })).toEqual(expected)
    expect(await copy(body)).toEqual(expected)
    expect(await storedFor(targets)).toEqual({ workouts: 0, sets: 0 })
    const [keysKept] = await api
      .server()
      .database.db.select({ n: count() })
      .from(copyKeys)
      .where(eq(copyKeys.coachId, UserId.make(coach.id)))
    expect(keysKept?.n).toBe(0)
  })

  it("at the limit's edge: 26 copies of a full workout (19,500 sets) preview, 27 (20,250) are refused", async () => {
    expect(26 * FULL_SETS).toBeLessThanOrEqual(MAX_COPY_SETS)
    expect(27 * FULL_SETS).toBeGreaterThan(MAX_COPY_SETS)
    const under = await copy({
      source: oneWorkout(),
      targets: at(targets.slice(0, 2), "2026-09-06"),
      weeks: unchanged(13),
      dryRun: true
    })
    expect(under.status).toBe(200)
    expect(under.body.days).toHaveLength(26)
    const over = await copy({
      source: oneWorkout(),
      targets: at(targets.slice(0, 3), "2026-09-06"),
      weeks: unchanged(9),
      dryRun: true
    })
    expect(over.status).toBe(400)
    expect(over.body.error).toContain("this copy would write 20,250 sets; at most 20,000 in one request")
  })

  it("a copy under the limit is written whole: 2 clients × 2 weeks of a full workout, 3,000 sets", async () => {
    const [first, second] = targets
    if (first === undefined || second === undefined) throw new Error("targets not set up")
    const before = await storedFor([first, second])
    const answer = await copy({ source: oneWorkout(), targets: at([first, second], "2026-11-01"), weeks: unchanged(2) })
    expect(answer.status).toBe(200)
    expect(answer.body.days.map((day: { status: string }) => day.status)).toEqual([
      "created",
      "created",
      "created",
      "created"
    ])
    const after = await storedFor([first, second])
    expect({
      workouts: (after.workouts ?? 0) - (before.workouts ?? 0),
      sets: (after.sets ?? 0) - (before.sets ?? 0)
    }).toEqual({ workouts: 4, sets: 4 * FULL_SETS })
  })
})
