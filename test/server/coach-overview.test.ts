/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * The coach's dashboard (docs/decisions/021, 042): GET /api/coachOverview?today= answers, for every client
 * the coach has linked, the last session, this week's submitted and scheduled workouts,
 * the workouts missed in the last two weeks, new records, the coming seven days, and
 * compliance (submitted of scheduled in the last 7 and 28 days, per client and for all). Built
 * through the API as the app would (workouts saved, sets logged, workouts submitted); only
 * a removed workout is marked in the database, as the removal call is not part of this
 * work. On PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { CoachOverview } from "#domain/coach-overview.ts"
import { type Account, SQUAT_WORKOUT, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser } from "./support/emulator-users.ts"

// A Wednesday: the week is Sunday 16 to Saturday 22 November, "missed" looks at 5 to 18
// November, records at 13 to 19 November, and the coming days are 19 to 25 November.
// Compliance looks at 13 to 19 November (7 days) and 23 October to 19 November (28 days).
const TODAY = "2025-11-19"

const tally = (done: number, scheduled: number) => ({ done, scheduled })
const compliance = (last7Days: [number, number], last28Days: [number, number]) => ({
  last7Days: tally(...last7Days),
  last28Days: tally(...last28Days)
})

const exercisesOf = (names: ReadonlyArray<string>) =>
  names.map((name) => ({
    name,
    sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 5 }] }]
  }))

describe.each(databasesUnderTest)("the coach overview on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let ann: Account
  let ben: Account
  let cal: Account
  let dee: Account
  let eve: Account
  let finn: Account
  let gus: Account
  let hal: Account
  let otherCoach: Account
  let otherClient: Account

  /** Saves a workout of one five-rep set per exercise; answers its set ids by exercise name. */
  const schedule = async (client: Account, date: string, names: ReadonlyArray<string> = ["Back Squat"]) => {
    const answer = await api.saveWorkout(coach, client, date, exercisesOf(names))
    expect(answer.status).toBe(200)
    return new Map((answer.body as Array<{ id: number; exercise: string }>).map((row) => [row.exercise, row.id]))
  }
  const log = async (client: Account, setId: number | undefined, weight: number, unit = "lb", reps = 5) =>
    expect(
      (
        await api.call("PUT", "/beta/api/updateWorkoutResult", {
          token: client.idToken,
          body: { id: setId, reps, weight, weight_unit: unit }
        })
      ).status
    ).toBe(200)
  const submit = async (client: Account, date: string, workoutOrder = 0) =>
    expect(
      (
        await api.call("PUT", "/beta/api/workoutCompletion", {
          token: client.idToken,
          body: {
            date,
            workout_order: workoutOrder,
            started_at: `${date}T17:00:00.000Z`,
            ended_at: `${date}T18:00:00.000Z`,
            duration_seconds: 3_000
          }
        })
      ).status
    ).toBe(200)
  const submitAt = async (client: Account, date: string, startedAt: string, endedAt: string) =>
    expect(
      (
        await api.call("PUT", "/beta/api/workoutCompletion", {
          token: client.idToken,
          body: { date, workout_order: 0, started_at: startedAt, ended_at: endedAt, duration_seconds: 3_000 }
        })
      ).status
    ).toBe(200)
  // The server stamps a logged set with its own clock; a test says when it was logged.
  const loggedOn = (setId: number | undefined, at: string) =>
    api
      .server()
      .database.db.execute(sql`update set_results set updated_at = ${at}::timestamptz where set_id = ${setId}`)
  const remove = (client: Account, date: string) =>
    api.server().database.db.execute(sql`update workouts set deleted_at = now()
      where client_id = ${client.id} and date = ${date}::date`)
  const overview = (who: Account = coach, today = TODAY, utcOffset?: number) =>
    api.call(
      "GET",
      `/beta/api/coachOverview?today=${today}${utcOffset === undefined ? "" : `&utcOffset=${utcOffset}`}`,
      {
        token: who.idToken
      }
    )
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw JSON answer, as a client sees it
  const named = (body: any, name: string) =>
    (body.clients as Array<{ name: string }>).find((client) => client.name === name)

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Olive Overview")
    // Signed up out of name order: the answer is by name all the same.
    dee = await api.clientOf(coach, "Dee Record")
    ben = await api.clientOf(coach, "ben Behind")
    ann = await api.clientOf(coach, "Ann Active")
    cal = await api.clientOf(coach, "Cal Idle")
    const invited = await api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: "not-signed-up-yet@example.com" } }
    })
    expect(invited.status).toBe(200)

    // Ann trained this week: Monday submitted, Tuesday logged but not submitted, Friday to come.
    await log(ann, (await schedule(ann, "2025-11-17")).get("Back Squat"), 200)
    await submit(ann, "2025-11-17")
    await log(ann, (await schedule(ann, "2025-11-18")).get("Back Squat"), 205)
    expect((await api.saveWorkout(coach, ann, "2025-11-21", SQUAT_WORKOUT)).status).toBe(200)
    await schedule(ann, "2025-11-22")
    await remove(ann, "2025-11-22")

    // Ben fell behind: two untouched workouts in the last two weeks, one logged, one removed,
    // one too long ago to count; two workouts on one coming day, one a day too far.
    await schedule(ben, "2025-11-03")
    await schedule(ben, "2025-11-10")
    await schedule(ben, "2025-11-14")
    await log(ben, (await schedule(ben, "2025-11-12")).get("Back Squat"), 135)
    await schedule(ben, "2025-11-13")
    await remove(ben, "2025-11-13")
    await schedule(ben, "2025-11-24", ["Deadlift", "Front Squat"])
    await schedule(ben, "2025-11-24", ["Deadlift", "Overhead Press"])
    await schedule(ben, "2025-11-26")

    // Cal submitted once, long ago, and has nothing in the coming seven days.
    await schedule(cal, "2025-11-01")
    await submit(cal, "2025-11-01")
    await schedule(cal, "2025-11-26")

    // Dee reads kilograms. Back Squat: 105 kg x 5 before the window, then 110 kg and 275 lb
    // x 5 in it (a record, read in kg); Bench Press does not beat its past; Deadlift has no past.
    await api.call("PUT", `/beta/api/preferences/${dee.id}`, {
      token: dee.idToken,
      body: { unit: "kg", bar: null, smallest_plate: null }
    })
    const october = await schedule(dee, "2025-10-20", ["Back Squat", "Bench Press"])
    await log(dee, october.get("Back Squat"), 100, "kg")
    await log(dee, october.get("Bench Press"), 80, "kg")
    await log(dee, (await schedule(dee, "2025-11-12")).get("Back Squat"), 105, "kg")
    const tuesday = await schedule(dee, "2025-11-18", ["Back Squat", "Bench Press", "Deadlift"])
    await log(dee, tuesday.get("Back Squat"), 110, "kg")
    await log(dee, tuesday.get("Bench Press"), 75, "kg")
    await log(dee, tuesday.get("Deadlift"), 150, "kg", 3)
    await submit(dee, "2025-11-18")
    await log(dee, (await schedule(dee, TODAY)).get("Back Squat"), 275, "lb")

    // Eve trains ahead (docs/decisions/042): on Wednesday the 19th she does Monday the 24th's
    // workout and submits it; Friday's is still to come. Her earlier squat was on the 10th.
    eve = await api.clientOf(coach, "Eve Early")
    const tenth = await schedule(eve, "2025-11-10")
    await log(eve, tenth.get("Back Squat"), 200)
    await loggedOn(tenth.get("Back Squat"), "2025-11-10T18:00:00.000Z")
    await schedule(eve, "2025-11-21", ["Deadlift"])
    const early = await schedule(eve, "2025-11-24", ["Back Squat"])
    await log(eve, early.get("Back Squat"), 230)
    await loggedOn(early.get("Back Squat"), "2025-11-19T17:30:00.000Z")
    await submitAt(eve, "2025-11-24", "2025-11-19T17:00:00.000Z", "2025-11-19T18:00:00.000Z")

    // Finn logs Tuesday the 25th's set at 03:00 UTC on the 20th, without submitting it:
    // 22:00 on the 19th in New York (UTC-5), the 20th in UTC.
    finn = await api.clientOf(coach, "Finn Nightowl")
    const late = await schedule(finn, "2025-11-25")
    await log(finn, late.get("Back Squat"), 150)
    await loggedOn(late.get("Back Squat"), "2025-11-20T03:00:00.000Z")

    // Gus logged Monday's set and Friday's, then took both back (Undo leaves an empty result).
    gus = await api.clientOf(coach, "Gus Undo")
    for (const date of ["2025-11-17", "2025-11-21"]) {
      const setId = (await schedule(gus, date)).get("Back Squat")
      await log(gus, setId, 180)
      expect(
        (
          await api.call("PUT", "/beta/api/updateWorkoutResult", {
            token: gus.idToken,
            body: { id: setId, reps: null, weight: null, rir: null, skipped: false }
          })
        ).status
      ).toBe(200)
    }

    // Hal is steady: in the last 7 days 3 scheduled, 2 submitted (today's still to do); in
    // the last 28, 12 scheduled, 10 submitted (the 10th logged, never submitted). Not
    // counted: the day before the 28, a removed workout, one to come and one done ahead.
    hal = await api.clientOf(coach, "Hal Steady")
    for (const date of ["2025-11-14", "2025-11-17"]) {
      await schedule(hal, date)
      await submit(hal, date)
    }
    await schedule(hal, TODAY)
    for (const date of [
      "2025-10-23",
      "2025-10-25",
      "2025-10-27",
      "2025-10-29",
      "2025-10-31",
      "2025-11-03",
      "2025-11-05",
      "2025-11-07"
    ]) {
      await schedule(hal, date)
      await submit(hal, date)
    }
    await log(hal, (await schedule(hal, "2025-11-10")).get("Back Squat"), 185)
    for (const date of ["2025-10-22", "2025-11-11", "2025-11-24"]) {
      await schedule(hal, date)
      await submit(hal, date)
    }
    await remove(hal, "2025-11-11")
    await schedule(hal, "2025-11-21")

    otherCoach = await api.signupAs("Coach", "Other Coach")
    otherClient = await api.clientOf(otherCoach, "Aaron Elsewhere")
    await api.saveWorkout(otherCoach, otherClient, "2025-11-20")
    // Submitted in both windows, and never in Olive's figures.
    expect((await api.saveWorkout(otherCoach, otherClient, "2025-11-18")).status).toBe(200)
    await submit(otherClient, "2025-11-18")
  })

  it("answers every linked client by name, pending invitations and other coaches' clients left out", async () => {
    const answer = await overview()
    expect(answer.status).toBe(200)
    expect(Schema.is(CoachOverview)(answer.body)).toBe(true)
    expect(answer.body).toMatchObject({ today: TODAY, weekFrom: "2025-11-16" })
    expect(answer.body.clients.map((client: { name: string }) => client.name)).toEqual([
      "Ann Active",
      "ben Behind",
      "Cal Idle",
      "Dee Record",
      "Eve Early",
      "Finn Nightowl",
      "Gus Undo",
      "Hal Steady"
    ])
  })

  it("a client who trained this week: the last session, 1 of 3 submitted, nothing missed, the days to come", async () => {
    const { body } = await overview()
    expect(body.clients[0]).toEqual({
      clientId: ann.id,
      name: "Ann Active",
      lastSession: "2025-11-18",
      weekScheduled: 3,
      weekCompleted: 1,
      missed: 0,
      // Her first squats are no record: nothing before them to beat.
      newRecords: [],
      upcoming: [{ date: "2025-11-21", workouts: 1, exercises: ["Squat", "Bench Press"] }],
      // Monday submitted, Tuesday only logged; Friday is to come and Saturday's removed.
      compliance: compliance([1, 2], [1, 2])
    })
  })

  it("a client who missed: untouched workouts of the last 14 days, not the logged, removed or older ones", async () => {
    const { body } = await overview()
    expect(body.clients[1]).toEqual({
      clientId: ben.id,
      name: "ben Behind",
      lastSession: "2025-11-12",
      weekScheduled: 0,
      weekCompleted: 0,
      missed: 2,
      newRecords: [],
      upcoming: [{ date: "2025-11-24", workouts: 2, exercises: ["Deadlift", "Front Squat", "Overhead Press"] }],
      // The 14th in 7 days; the 3rd, 10th, 12th (logged is not submitted) and 14th in 28.
      compliance: compliance([0, 1], [0, 4])
    })
  })

  it("a client with nothing in the coming seven days has no upcoming days; a submission alone is a session", async () => {
    const { body } = await overview()
    expect(body.clients[2]).toMatchObject({ name: "Cal Idle", lastSession: "2025-11-01", missed: 0, upcoming: [] })
  })

  it("a new record: the window's best estimate above everything before it, in the client's unit", async () => {
    const { body } = await overview()
    expect(body.clients[3]).toEqual({
      clientId: dee.id,
      name: "Dee Record",
      lastSession: TODAY,
      weekScheduled: 2,
      weekCompleted: 1,
      missed: 0,
      // 275 lb x 5 is an e1RM of 320.8 lb (Epley, as the lifter's PR badge), 145.5 kg.
      newRecords: [{ exercise_id: "back-squat", exercise: "Back Squat", e1rm: 145.5, unit: "kg", date: TODAY }],
      // Today's workout is under way (a set logged): done work is not "next".
      upcoming: [],
      // October's workout is before the 28 days.
      compliance: compliance([1, 2], [1, 3])
    })
  })

  it("counts on the coach's day: six days later Ann's Friday is past and untouched, so missed; Dee's record still in the window", async () => {
    const { body } = await overview(coach, "2025-11-25")
    expect(body.weekFrom).toBe("2025-11-23")
    expect(body.clients[0]).toMatchObject({ name: "Ann Active", weekScheduled: 0, missed: 1, upcoming: [] })
    expect(body.clients[3].newRecords).toEqual([
      { exercise_id: "back-squat", exercise: "Back Squat", e1rm: 145.5, unit: "kg", date: TODAY }
    ])
  })

  it("a workout done ahead of its date: the session is the day it was done, and it is not next", async () => {
    const { body } = await overview()
    expect(named(body, "Eve Early")).toEqual({
      clientId: eve.id,
      name: "Eve Early",
      // Never the 24th, a day still to come.
      lastSession: TODAY,
      weekScheduled: 1,
      weekCompleted: 0,
      missed: 0,
      // 230 x 5 beats the 10th's 200 x 5, on the day it was lifted, labelled by that day.
      newRecords: [{ exercise_id: "back-squat", exercise: "Back Squat", e1rm: 268.3, unit: "lb", date: TODAY }],
      // The 24th is done: the next workout is Friday's.
      upcoming: [{ date: "2025-11-21", workouts: 1, exercises: ["Deadlift"] }],
      // The 24th, submitted today, counts once its date has come, not before.
      compliance: compliance([0, 0], [0, 1])
    })
  })

  it("a set taken back is not work done: no session, Monday missed, Friday still next", async () => {
    const { body } = await overview()
    expect(named(body, "Gus Undo")).toMatchObject({
      lastSession: null,
      missed: 1,
      upcoming: [{ date: "2025-11-21", workouts: 1, exercises: ["Back Squat"] }]
    })
  })

  it("the day before Eve trained ahead, her work of the 19th is not there yet", async () => {
    const { body } = await overview(coach, "2025-11-18")
    expect(named(body, "Eve Early")).toMatchObject({ lastSession: "2025-11-10", newRecords: [] })
  })

  it("days are the coach's calendar: a set logged at 22:00 in New York is that day there, the next in UTC", async () => {
    const newYork = (await overview(coach, TODAY, -300)).body
    expect(named(newYork, "Finn Nightowl")).toMatchObject({ lastSession: TODAY, upcoming: [] })
    // In UTC it was logged on the 20th: on the 19th it has not happened yet.
    const utc = (await overview(coach, TODAY, 0)).body
    expect(named(utc, "Finn Nightowl")).toMatchObject({ lastSession: null })
    expect(named((await overview(coach, "2025-11-20")).body, "Finn Nightowl")).toMatchObject({
      lastSession: "2025-11-20"
    })
  })

  it("the last session is the latest day done, even when a recent workout was done long before an older one", async () => {
    const planner = await api.signupAs("Coach", "Pia Planner")
    const ida = await api.clientOf(planner, "Ida Ahead")
    const asPlanner = async (date: string) => {
      const answer = await api.saveWorkout(planner, ida, date, exercisesOf(["Back Squat"]))
      expect(answer.status).toBe(200)
      return (answer.body as Array<{ id: number }>)[0]?.id
    }
    // Monday the 17th's workout, done six weeks ahead on 1 October; 20 October's done on its day.
    const recent = await asPlanner("2025-11-17")
    await log(ida, recent, 100)
    await loggedOn(recent, "2025-10-01T18:00:00.000Z")
    const older = await asPlanner("2025-10-20")
    await log(ida, older, 100)
    await loggedOn(older, "2025-10-20T18:00:00.000Z")
    const { body } = await overview(planner)
    expect(named(body, "Ida Ahead")).toMatchObject({ lastSession: "2025-10-20" })
  })

  it("a coach with no clients reads an empty list", async () => {
    const newcomer = await api.signupAs("Coach", "New Coach")
    expect(await overview(newcomer)).toEqual({
      status: 200,
      body: { today: TODAY, weekFrom: "2025-11-16", clients: [], compliance: compliance([0, 0], [0, 0]) }
    })
  })

  it("another coach sees their own client and none of these", async () => {
    const { body } = await overview(otherCoach)
    expect(body.clients.map((client: { clientId: number; name: string }) => [client.clientId, client.name])).toEqual([
      [otherClient.id, "Aaron Elsewhere"]
    ])
    expect(body.clients[0]).toMatchObject({
      weekScheduled: 2,
      upcoming: [{ date: "2025-11-20", workouts: 1 }],
      compliance: compliance([1, 1], [1, 1])
    })
    expect(body.compliance).toEqual(compliance([1, 1], [1, 1]))
  })

  it("compliance: submitted of scheduled in the last 7 and 28 days, nothing to come, removed or older", async () => {
    const { body } = await overview()
    expect(named(body, "Hal Steady")).toMatchObject({ weekScheduled: 3, weekCompleted: 1 })
    expect(named(body, "Hal Steady")).toMatchObject({ compliance: compliance([2, 3], [10, 12]) })
    expect(named(body, "Cal Idle")).toMatchObject({ compliance: compliance([0, 0], [1, 1]) })
    expect(named(body, "Finn Nightowl")).toMatchObject({ compliance: compliance([0, 0], [0, 0]) })
    expect(named(body, "Gus Undo")).toMatchObject({ compliance: compliance([0, 1], [0, 1]) })
  })

  it("compliance for all: every linked client's added up, another coach's client never in it", async () => {
    const { body } = await overview()
    // 7 days: Ann 1/2, Ben 0/1, Dee 1/2, Gus 0/1, Hal 2/3. 28 days: those of the 7 days with
    // Ben 0/4, Cal 1/1, Dee 1/3, Eve 0/1, Hal 10/12.
    expect(body.compliance).toEqual(compliance([4, 9], [13, 24]))
    type Tally = { done: number; scheduled: number }
    const clients = body.clients as Array<{ compliance: { last7Days: Tally; last28Days: Tally } }>
    const sum = (pick: (client: (typeof clients)[number]) => Tally) =>
      clients.map(pick).reduce((a, b) => tally(a.done + b.done, a.scheduled + b.scheduled), tally(0, 0))
    expect(body.compliance).toEqual({
      last7Days: sum((client) => client.compliance.last7Days),
      last28Days: sum((client) => client.compliance.last28Days)
    })
  })

  it("compliance moves with the coach's today: a week on, Eve's workout done ahead counts, on its date", async () => {
    const { body } = await overview(coach, "2025-11-25")
    // The 19th to the 25th: Friday the 21st not done, the 24th done ahead of it.
    expect(named(body, "Eve Early")).toMatchObject({ compliance: compliance([1, 2], [1, 3]) })
    // Hal: the 19th and 21st untouched, the 24th submitted early; the 23rd and 25th of
    // October, both submitted, are out of the 28 days now.
    expect(named(body, "Hal Steady")).toMatchObject({ compliance: compliance([1, 3], [8, 11]) })
  })

  it("without a token: 401", async () => {
    expect((await api.call("GET", `/beta/api/coachOverview?today=${TODAY}`)).status).toBe(401)
  })

  it("a client, or someone who never finished signing up: 403", async () => {
    expect(await overview(ann)).toEqual({
      status: 403,
      body: { error: "Only coaches can see the coach overview" }
    })
    const stranger = await createEmulatorUser("nobody")
    expect((await overview({ ...stranger, id: 0, name: "" })).status).toBe(403)
  })

  it.each(["2025-13-01", "19-11-2025", "yesterday", ""])("today=%j is a 400 naming today", async (today) => {
    const answer = await overview(coach, today)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^today: /)
  })

  it.each(["east", "1.5", "-841", "841"])("utcOffset=%j is a 400 naming utcOffset", async (utcOffset) => {
    const answer = await api.call("GET", `/beta/api/coachOverview?today=${TODAY}&utcOffset=${utcOffset}`, {
      token: coach.idToken
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^utcOffset: /)
  })

  it("without today: a 400 naming today", async () => {
    const answer = await api.call("GET", "/beta/api/coachOverview", { token: coach.idToken })
    expect(answer).toEqual({ status: 400, body: { error: expect.stringMatching(/^today: /) } })
  })
})
