/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * GET /api/doneSets/{clientId}?from=&today=&utcOffset= (docs/decisions/042): the sets a
 * client did, each on the day it was done, chosen by that day and not by the workout's
 * date, so work done ahead of schedule is read where it was done. Built through the API
 * as the app would; only the instant a set was logged is set in the database, since the
 * server stamps it with its own clock. On PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { DoneWork } from "#domain/done-work.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const TODAY = "2025-11-19"
const SIX_MONTHS_BACK = "2025-05-21"

const squats = (reps = 5) => [
  { name: "Back Squat", sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: reps }] }] }
]

describe.each(databasesUnderTest)("done sets on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let lifter: Account
  let otherLifter: Account
  let otherCoach: Account

  const schedule = async (client: Account, date: string) => {
    const answer = await api.saveWorkout(coach, client, date, squats())
    expect(answer.status).toBe(200)
    return (answer.body as Array<{ id: number }>)[0]?.id
  }
  const log = async (client: Account, setId: number | undefined, body: Record<string, unknown>, at: string) => {
    const answer = await api.call("PUT", "/beta/api/updateWorkoutResult", {
      token: client.idToken,
      body: { id: setId, ...body }
    })
    expect(answer.status).toBe(200)
    await api
      .server()
      .database.db.execute(sql`update set_results set updated_at = ${at}::timestamptz where set_id = ${setId}`)
  }
  const doneSets = (who: Account | null, clientId: number, query: string) =>
    api.call("GET", `/beta/api/doneSets/${clientId}?${query}`, who === null ? {} : { token: who.idToken })
  const window = (from = SIX_MONTHS_BACK, utcOffset = 0) => `from=${from}&today=${TODAY}&utcOffset=${utcOffset}`

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Dora Done")
    lifter = await api.clientOf(coach, "Ada Ahead")
    otherCoach = await api.signupAs("Coach", "Other Coach")
    otherLifter = await api.clientOf(otherCoach, "Someone Else")
    // Long ago, before any window here.
    await log(lifter, await schedule(lifter, "2025-03-03"), { reps: 5, weight: 185 }, "2025-03-03T18:00:00.000Z")
    // On its day.
    await log(lifter, await schedule(lifter, "2025-11-10"), { reps: 5, weight: 200 }, "2025-11-10T18:00:00.000Z")
    // Next Monday's workout, done today.
    await log(lifter, await schedule(lifter, "2025-11-24"), { reps: 5, weight: 230 }, "2025-11-19T17:30:00.000Z")
    // Filled in a week late: it counts on its own day.
    await log(lifter, await schedule(lifter, "2025-11-12"), { reps: 3, weight: 210 }, "2025-11-19T19:00:00.000Z")
    // Skipped, or planned and not touched: no work.
    await log(lifter, await schedule(lifter, "2025-11-14"), { skipped: true }, "2025-11-14T18:00:00.000Z")
    await schedule(lifter, "2025-11-26")
    // Logged at 03:00 UTC on the 20th: the 19th in New York, not yet in UTC.
    await log(lifter, await schedule(lifter, "2025-11-28"), { reps: 2, weight: 240 }, "2025-11-20T03:00:00.000Z")
  })

  it("the lifter's sets of the window by the day each was done: ahead of schedule on the day done, late on its own day", async () => {
    const answer = await doneSets(lifter, lifter.id, window())
    expect(answer.status).toBe(200)
    expect(Schema.is(DoneWork)(answer.body)).toBe(true)
    expect(
      answer.body.sets.map((set: { date: string; done_on: string; weight: number }) => [
        set.date,
        set.done_on,
        set.weight
      ])
    ).toEqual([
      ["2025-11-10", "2025-11-10", 200],
      ["2025-11-12", "2025-11-12", 210],
      ["2025-11-24", TODAY, 230]
    ])
    expect(answer.body.sets[2]).toMatchObject({
      exercise: "Back Squat",
      exercise_id: "back-squat",
      reps: 5,
      skipped: false
    })
    expect(answer.body.loggedBefore).toBe(true)
  })

  it("on the reader's calendar: in New York the set logged at 22:00 is today's", async () => {
    const answer = await doneSets(lifter, lifter.id, window(SIX_MONTHS_BACK, -300))
    expect(answer.body.sets.map((set: { date: string; done_on: string }) => [set.date, set.done_on])).toContainEqual([
      "2025-11-28",
      TODAY
    ])
  })

  it("a window that starts after everything but today's work: only that, and sets were done before it", async () => {
    const answer = await doneSets(lifter, lifter.id, window("2025-11-15"))
    expect(answer.body.sets.map((set: { done_on: string }) => set.done_on)).toEqual([TODAY])
    expect(answer.body.loggedBefore).toBe(true)
  })

  it("a lifter who never did a set: nothing, and nothing before", async () => {
    const fresh = await api.clientOf(coach, "Nova Newcomer")
    expect(await doneSets(fresh, fresh.id, window())).toEqual({ status: 200, body: { sets: [], loggedBefore: false } })
  })

  it("their coach reads the same", async () => {
    const mine = await doneSets(lifter, lifter.id, window())
    expect(await doneSets(coach, lifter.id, window())).toEqual(mine)
  })

  it("without a token: 401", async () => {
    expect((await doneSets(null, lifter.id, window())).status).toBe(401)
  })

  it("another lifter: 403; another coach, or no such client: 404", async () => {
    expect(await doneSets(otherLifter, lifter.id, window())).toEqual({
      status: 403,
      body: { error: "You can only see your own logged sets" }
    })
    expect((await doneSets(otherCoach, lifter.id, window())).status).toBe(404)
    expect((await doneSets(coach, 999_999, window())).status).toBe(404)
  })

  it.each([
    ["from=2025-13-01&today=2025-11-19&utcOffset=0", "from"],
    ["today=2025-11-19&utcOffset=0", "from"],
    ["from=2025-11-01&today=soon&utcOffset=0", "today"],
    ["from=2025-11-20&today=2025-11-19&utcOffset=0", "today"],
    ["from=2024-01-01&today=2025-11-19&utcOffset=0", "today"],
    ["from=2025-11-01&today=2025-11-19", "utcOffset"],
    ["from=2025-11-01&today=2025-11-19&utcOffset=900", "utcOffset"],
    ["from=2025-11-01&today=2025-11-19&utcOffset=1.5", "utcOffset"]
  ])("%s is a 400 naming %s", async (query, field) => {
    const answer = await doneSets(lifter, lifter.id, query)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(new RegExp(`^${field}: `))
  })
})
