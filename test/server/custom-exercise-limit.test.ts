/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * What one coach may keep in their own library (docs/product.md, Limits): at most
 * MAX_CUSTOM_EXERCISES exercises of their own, however they are made (POST /api/exercises
 * or a save naming an unknown exercise). Past it the call is a 400 naming the limit and
 * writes nothing; names the coach already has, and the library's own, still work. Two
 * racing additions at the edge cannot both pass. On PGlite and PostgreSQL.
 */
import { count, eq } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { MAX_CUSTOM_EXERCISES } from "#domain/exercises.ts"
import { UserId } from "#domain/ids.ts"
import { exerciseLibrary, workouts } from "#server/db/schema.ts"
import { libraryKey } from "#server/exercises/library.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const fiveReps = [{ set: 0, amsap: false, fields: [{ name: "reps", value: 5 }] }]

describe.each(databasesUnderTest)("the cap on a coach's own exercises on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  const add = (name: string) => api.call("POST", "/beta/api/exercises", { token: coach.idToken, body: { name } })
  const save = (names: ReadonlyArray<string>, date: string) =>
    api.saveWorkout(
      coach,
      client,
      date,
      names.map((name) => ({ name, sets: fiveReps }))
    )
  const ownCount = async () => {
    const [row] = await api
      .server()
      .database.db.select({ n: count() })
      .from(exerciseLibrary)
      .where(eq(exerciseLibrary.coachId, UserId.make(coach.id)))
    return row?.n
  }
  const workoutCount = async () => {
    const [row] = await api
      .server()
      .database.db.select({ n: count() })
      .from(workouts)
      .where(eq(workouts.clientId, UserId.make(client.id)))
    return row?.n
  }

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Cap Coach")
    client = await api.clientOf(coach, "Cap Client")
    // All but two of the cap stored directly: five hundred calls would meet the rate limit first.
    const names = Array.from({ length: MAX_CUSTOM_EXERCISES - 2 }, (_, n) => `Kept Lift ${n + 1}`)
    await api
      .server()
      .database.db.insert(exerciseLibrary)
      .values(names.map((name) => ({ name, coachId: UserId.make(coach.id), normalizedName: libraryKey(name) })))
  })

  it("adds up to the cap, then refuses a new name with a 400 naming the limit; known names still answer", async () => {
    expect((await add("Edge Lift A")).status).toBe(200)
    expect((await add("Edge Lift B")).status).toBe(200)
    expect(await ownCount()).toBe(MAX_CUSTOM_EXERCISES)
    const refused = await add("One Lift Too Many")
    expect(refused).toEqual({
      status: 400,
      body: {
        error: `name: "One Lift Too Many" is not in the library, and you keep ${MAX_CUSTOM_EXERCISES} exercises of your own, the most one coach may; choose one of those or one from the library`
      }
    })
    expect(await ownCount()).toBe(MAX_CUSTOM_EXERCISES)
    // A name the coach has (in any case) and a catalogue name are not new.
    const again = await add("edge lift a")
    expect(again.status).toBe(200)
    expect(again.body.name).toBe("Edge Lift A")
    expect((await add("Back Squat")).status).toBe(200)
    expect(await ownCount()).toBe(MAX_CUSTOM_EXERCISES)
  })

  it("a save naming an unknown exercise at the cap is a 400 and stores no workout; one naming known exercises saves", async () => {
    const before = await workoutCount()
    const refused = await save(["Kept Lift 1", "Brand New Lift", "Back Squat"], "2026-05-04")
    expect(refused.status).toBe(400)
    expect(refused.body.error).toContain(`you keep ${MAX_CUSTOM_EXERCISES} exercises of your own`)
    expect(await workoutCount()).toBe(before)
    expect(await ownCount()).toBe(MAX_CUSTOM_EXERCISES)
    expect((await save(["Kept Lift 1", "Edge Lift B", "Back Squat"], "2026-05-04")).status).toBe(200)
    expect(await workoutCount()).toBe((before ?? 0) + 1)
  })
})

describe.each(databasesUnderTest)("two additions racing at the cap's edge on $name", (database) => {
  const api = useApiUnderTest(database)

  it("of ten new names sent at once with one place left, exactly one is added", async () => {
    const coach = await api.signupAs("Coach", "Race Coach")
    const names = Array.from({ length: MAX_CUSTOM_EXERCISES - 1 }, (_, n) => `Raced Lift ${n + 1}`)
    await api
      .server()
      .database.db.insert(exerciseLibrary)
      .values(names.map((name) => ({ name, coachId: UserId.make(coach.id), normalizedName: libraryKey(name) })))
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        api.call("POST", "/beta/api/exercises", { token: coach.idToken, body: { name: `Racer ${n}` } })
      )
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 400)])
    const [row] = await api
      .server()
      .database.db.select({ n: count() })
      .from(exerciseLibrary)
      .where(eq(exerciseLibrary.coachId, UserId.make(coach.id)))
    expect(row?.n).toBe(MAX_CUSTOM_EXERCISES)
  })
})
