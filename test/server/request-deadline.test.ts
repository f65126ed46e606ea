/**
 * The request deadline stops the work it answers for (server/deadline.ts, docs/product.md
 * Limits): a copy still writing when its deadline passes is answered 503 with Retry-After,
 * its transaction is rolled back, and afterwards none of its rows exist. A request within
 * the deadline on the same server is written as before. On PGlite and PostgreSQL.
 */
import { count, eq } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { MAX_COPY_SETS } from "#domain/copy-plan.ts"
import { UserId } from "#domain/ids.ts"
import { WORKOUT_CAPS } from "#domain/workout.ts"
import { copyKeys, users } from "#server/db/schema.ts"
import { UNAVAILABLE_MESSAGE_TEXT } from "#server/db/unavailable.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { storedRowsFor } from "./support/stored-rows.ts"

/** Long enough for a token check and a small copy, far too short for writing 19,500 sets. */
const DEADLINE_MS = 600

const SOURCE_DAY = "2026-03-02"

/** The largest workout a save takes: 30 exercises of 25 sets (750 set rows), of the catalogue's names. */
const FULL_WORKOUT = Array.from({ length: WORKOUT_CAPS.exercises }, (_, exercise) => ({
  name: ["Back Squat", "Bench Press", "Deadlift"][exercise % 3] ?? "Back Squat",
  sets: Array.from({ length: WORKOUT_CAPS.setsPerExercise }, (_, set) => ({
    set,
    amsap: false,
    fields: [{ name: "reps", value: 5 }]
  }))
}))

/**
 * Sends a setup call again while the short deadline answers it 503 (a busy machine): each
 * 503 kept nothing, which is what this file is about.
 */
async function past503<T>(call: () => Promise<T>, status: (result: T) => number = () => 200): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await call()
      if (status(result) !== 503 || attempt === 8) return result
    } catch (error) {
      if (!(error instanceof Error && / 503 /.test(error.message)) || attempt === 8) throw error
    }
  }
}

let keys = 0
const freshKey = () => `deadline-${Date.now().toString(36)}-${(keys++).toString().padStart(6, "0")}`

describe.each(databasesUnderTest)("a request past its deadline on $name", (database) => {
  const api = useApiUnderTest(database, { requestDeadlineMs: DEADLINE_MS })
  let coach: Account
  let source: Account
  let targets: ReadonlyArray<Account>

  const copy = (to: ReadonlyArray<Account>, weeks: number) =>
    api.call("POST", "/beta/api/workouts/copy", {
      token: coach.idToken,
      body: {
        source: { kind: "workout", clientId: source.id, date: SOURCE_DAY, workoutOrder: 0 },
        targets: to.map((client) => ({ clientId: client.id, start: "2026-06-01" })),
        weeks: Array.from({ length: weeks }, () => ({ kind: "progress" })),
        idempotencyKey: freshKey()
      }
    })

  const stored = async (clients: ReadonlyArray<Account>) => {
    const { db } = api.server().database
    const [keyRows] = await db
      .select({ n: count() })
      .from(copyKeys)
      .where(eq(copyKeys.coachId, UserId.make(coach.id)))
    return {
      ...(await storedRowsFor(
        db,
        clients.map((client) => client.id)
      )),
      copies: keyRows?.n
    }
  }

  /**
   * Resolves once no transaction of the coach's copy is open: a copy locks the coach's row
   * until it commits or rolls back, so taking that lock waits for it.
   */
  const copyFinished = () =>
    api.server().database.db.transaction((tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, UserId.make(coach.id)))
        .for("update")
    )

  beforeAll(async () => {
    coach = await past503(() => api.signupAs("Coach", "Deadline Coach"))
    source = await past503(() => api.clientOf(coach, "Dee Source"))
    targets = [
      await past503(() => api.clientOf(coach, "Dee Target 1")),
      await past503(() => api.clientOf(coach, "Dee Target 2"))
    ]
    const saved = await past503(
      () => api.saveWorkout(coach, source, SOURCE_DAY, FULL_WORKOUT),
      (answer) => answer.status
    )
    expect(saved.status).toBe(200)
  }, 60_000)

  it("a copy of 19,500 sets past the deadline is a 503 and leaves no rows", async () => {
    expect(26 * WORKOUT_CAPS.exercises * WORKOUT_CAPS.setsPerExercise).toBeLessThanOrEqual(MAX_COPY_SETS)
    const started = Date.now()
    const answer = await copy(targets, 13)
    expect(answer).toEqual({ status: 503, body: { error: UNAVAILABLE_MESSAGE_TEXT } })
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 1_000)
    await copyFinished()
    expect(await stored(targets)).toEqual({ workouts: 0, sets: 0, copies: 0 })
  })

  it("a copy within the deadline on the same server is written whole, once however often a busy machine made it a 503", async () => {
    const [first] = targets
    if (first === undefined) throw new Error("no target")
    const answer = await past503(
      () => copy([first], 1),
      (sent) => sent.status
    )
    expect(answer.status).toBe(200)
    expect(await stored([first])).toEqual({
      workouts: 1,
      sets: WORKOUT_CAPS.exercises * WORKOUT_CAPS.setsPerExercise,
      copies: 1
    })
  })
})
