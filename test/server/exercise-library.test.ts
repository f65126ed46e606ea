/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * The exercise library on the wire (docs/decisions/019): everyone reads the canonical exercises,
 * a coach adds their own (idempotent by name) and reads them with their clients; a
 * workout names its exercises by id, only ones the coach may use, and one saved by name
 * alone is linked as the migration links old workouts. Tested maxes take the coach's own
 * exercises too. On PGlite and PostgreSQL.
 */
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { catalogueExercise, EXERCISE_CATALOGUE } from "#domain/exercise-catalogue.ts"
import { ExerciseLibrary, UNKNOWN_EXERCISE } from "#domain/exercises.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const CUSTOM_ID = /^custom-[1-9]\d*$/

const fiveReps = (extra: object = {}) => ({
  set: 0,
  amsap: false,
  fields: [{ name: "reps", value: 5 }],
  ...extra
})

describe.each(databasesUnderTest)("the exercise library on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherCoach: Account
  let otherClient: Account
  let loner: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Lib Coach")
    client = await api.clientOf(coach, "Lib Client")
    otherCoach = await api.signupAs("Coach", "Other Lib Coach")
    otherClient = await api.clientOf(otherCoach, "Other Lib Client")
    loner = await api.signupAs("Client", "Coachless Client")
  })

  const library = (who: Account) => api.call("GET", "/beta/api/exercises", { token: who.idToken })
  const add = (body: object, who: Account = coach) =>
    api.call("POST", "/beta/api/exercises", { token: who.idToken, body })
  const save = (workout: unknown, date: string, who: Account = coach, of: Account = client, extra: object = {}) =>
    api.call("POST", "/beta/api/workout", {
      token: who.idToken,
      body: { clientId: of.id, date, workout, ...extra }
    })
  const prescribed = async (date: string, of: Account = client) =>
    (await api.call("GET", `/beta/api/workouts/${of.id}?from=${date}&to=${date}`, { token: of.idToken })).body

  describe("reading it", () => {
    it("lists every canonical exercise, as the catalogue has it and marked not custom", async () => {
      const answer = await library(loner)
      expect(answer.status).toBe(200)
      expect(Schema.is(ExerciseLibrary)(answer.body)).toBe(true)
      expect(answer.body).toHaveLength(EXERCISE_CATALOGUE.length)
      const squat = answer.body.find((exercise: { id: string }) => exercise.id === "back-squat")
      expect(squat).toEqual({ ...catalogueExercise("back-squat"), custom: false })
    })

    it("puts the canonical exercises first, then the coach's own in the order added, the same each time", async () => {
      const first = (await add({ name: "Prowler Relay", category: "conditioning", equipment: "other" })).body
      const second = (await add({ name: "Stone To Shoulder" })).body
      const listed = (await library(coach)).body
      expect(listed.slice(-2)).toEqual([first, second])
      expect(listed.slice(0, -2).every((exercise: { custom: boolean }) => !exercise.custom)).toBe(true)
      expect((await library(coach)).body).toEqual(listed)
    })

    it("a client reads their coach's own exercises; another coach and their clients do not", async () => {
      const mine = (await add({ name: "Duck Walk Drill" })).body
      expect((await library(client)).body).toContainEqual(mine)
      expect((await library(coach)).body).toEqual((await library(client)).body)
      expect((await library(otherCoach)).body).not.toContainEqual(mine)
      expect((await library(otherClient)).body).not.toContainEqual(mine)
    })

    it("a client without a coach reads the canonical exercises only", async () => {
      const listed = (await library(loner)).body
      expect(listed.filter((exercise: { custom: boolean }) => exercise.custom)).toEqual([])
    })

    it("without a token is a 401", async () => {
      expect((await api.call("GET", "/beta/api/exercises")).status).toBe(401)
    })
  })

  describe("adding one", () => {
    it("answers the stored exercise: a custom id, no aliases, category and equipment other when not given", async () => {
      const answer = await add({ name: "Tire Flip" })
      expect(answer).toEqual({
        status: 200,
        body: {
          id: expect.stringMatching(CUSTOM_ID),
          name: "Tire Flip",
          aliases: [],
          category: "other",
          equipment: "other",
          custom: true
        }
      })
    })

    it("keeps the category and equipment given", async () => {
      const answer = await add({ name: "Meadows Grip Row", category: "horizontal pull", equipment: "barbell" })
      expect(answer.body).toMatchObject({
        name: "Meadows Grip Row",
        category: "horizontal pull",
        equipment: "barbell",
        custom: true
      })
    })

    it("is idempotent by name: the same name, however written, answers the exercise already stored", async () => {
      const first = await add({ name: "Zercher Carry" })
      const again = await add({ name: "zercher  CARRY!" })
      expect(again).toEqual(first)
      const listed = (await library(coach)).body.filter(
        (exercise: { name: string }) => exercise.name === "Zercher Carry"
      )
      expect(listed).toHaveLength(1)
    })

    it("a canonical name or alias answers the canonical exercise, adding nothing", async () => {
      const before = (await library(coach)).body
      expect((await add({ name: "bb back squats" })).body).toEqual({
        ...catalogueExercise("back-squat"),
        custom: false
      })
      expect((await add({ name: "Front Squat" })).body.id).toBe("front-squat")
      expect((await library(coach)).body).toEqual(before)
    })

    it("two coaches adding the same name each get their own", async () => {
      const mine = (await add({ name: "Sandbag Over Bar" })).body
      const theirs = (await add({ name: "Sandbag Over Bar" }, otherCoach)).body
      expect(theirs.id).toMatch(CUSTOM_ID)
      expect(theirs.id).not.toBe(mine.id)
    })

    it("a client cannot add one: 403, and nothing is stored", async () => {
      const answer = await add({ name: "Client Made Lift" }, client)
      expect(answer).toEqual({ status: 403, body: { error: "Only coaches can add exercises" } })
      expect(
        (await library(client)).body.some((exercise: { name: string }) => exercise.name === "Client Made Lift")
      ).toBe(false)
    })

    it("without a token is a 401", async () => {
      expect((await api.call("POST", "/beta/api/exercises", { body: { name: "Anon Lift" } })).status).toBe(401)
    })

    it.each([
      ["an empty name", { name: "" }, "name"],
      ["a category not in the list", { name: "Odd Lift", category: "cardio-ish" }, "category"],
      ["equipment not in the list", { name: "Odd Lift", equipment: "rock" }, "equipment"]
    ])("%s is a 400 naming %s", async (_, body, field) => {
      const answer = await add(body)
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatch(new RegExp(`^${field}\\b`))
    })
  })

  describe("saving a workout that names its exercises", () => {
    it("stores the canonical id sent and keeps the name the coach wrote", async () => {
      const saved = await save([{ name: "Comp Squat", exercise_id: "back-squat", sets: [fiveReps()] }], "2025-05-01")
      expect(saved.status).toBe(200)
      expect(saved.body[0]).toMatchObject({ exercise: "Comp Squat", exercise_id: "back-squat" })
      expect(await prescribed("2025-05-01")).toEqual(saved.body)
      const byDate = await api.call("GET", `/beta/api/workoutByDate?clientId=${client.id}&date=2025-05-01`, {
        token: client.idToken
      })
      expect(byDate.body.data["2025-05-01"][0].exercises[0]).toMatchObject({
        name: "Comp Squat",
        exercise_id: "back-squat"
      })
    })

    it("takes the coach's own exercise by id", async () => {
      const own = (await add({ name: "Atlas Stone" })).body
      const saved = await save([{ name: "Atlas Stone", exercise_id: own.id, sets: [fiveReps()] }], "2025-05-02")
      expect(saved.body[0]).toMatchObject({ exercise: "Atlas Stone", exercise_id: own.id })
    })

    it("refuses another coach's exercise as unknown, saying nothing of it, and stores nothing", async () => {
      const theirs = (await add({ name: "Secret Lift" }, otherCoach)).body
      const answer = await save([{ name: "Secret Lift", exercise_id: theirs.id, sets: [fiveReps()] }], "2025-05-03")
      expect(answer).toEqual({ status: 400, body: { error: UNKNOWN_EXERCISE } })
      expect(await prescribed("2025-05-03")).toEqual([])
    })

    it.each([
      ["a well-formed id the library does not have", "no-such-lift"],
      ["a custom number never given out", "custom-999999"]
    ])("refuses %s: a 400 naming exercise_id", async (_, id) => {
      const answer = await save([{ name: "Mystery", exercise_id: id, sets: [fiveReps()] }], "2025-05-04")
      expect(answer).toEqual({ status: 400, body: { error: UNKNOWN_EXERCISE } })
    })

    it("links an exercise sent without an id by its name, as old workouts were linked", async () => {
      const saved = await save(
        [
          { name: "Squats", sets: [fiveReps()] },
          { name: "Strongman Walk Medley", sets: [fiveReps()] },
          { name: "strongman walk medley", sets: [fiveReps()] }
        ],
        "2025-05-05"
      )
      expect(saved.status).toBe(200)
      const [squat, medley, again] = saved.body
      expect(squat).toMatchObject({ exercise: "Squats", exercise_id: "back-squat" })
      expect(medley.exercise_id).toMatch(CUSTOM_ID)
      expect(again).toMatchObject({ exercise: "strongman walk medley", exercise_id: medley.exercise_id })
      // The new exercise is the coach's own: in their library, usable by id from now on.
      const listed = (await library(coach)).body
      expect(listed).toContainEqual(expect.objectContaining({ id: medley.exercise_id, custom: true }))
      const byId = await save([{ name: "Medley", exercise_id: medley.exercise_id, sets: [fiveReps()] }], "2025-05-06")
      expect(byId.status).toBe(200)
    })

    it("a name one coach already made their own becomes another coach's own, not theirs", async () => {
      const mine = (await save([{ name: "Keg Toss", sets: [fiveReps()] }], "2025-05-07")).body[0]
      const theirs = (await save([{ name: "Keg Toss", sets: [fiveReps()] }], "2025-05-07", otherCoach, otherClient))
        .body[0]
      expect(theirs.exercise_id).toMatch(CUSTOM_ID)
      expect(theirs.exercise_id).not.toBe(mine.exercise_id)
    })

    it("a percentage of max over 150 is a 400 naming the field", async () => {
      const answer = await save(
        [{ name: "Squat", sets: [fiveReps({ fields: [{ name: "max_percent", value: 151 }] })] }],
        "2025-05-08"
      )
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatch(/^workout\[0\]\.sets\[0\]\.fields\[0\].*max_percent.*150/)
      const atTheCap = await save(
        [{ name: "Squat", sets: [fiveReps({ fields: [{ name: "max_percent", value: 150 }] })] }],
        "2025-05-08"
      )
      expect(atTheCap.status).toBe(200)
    })
  })

  describe("tested maxes of the coach's own exercises", () => {
    const record = (exercise_id: string, who: Account = coach) =>
      api.call("POST", "/beta/api/maxes", {
        token: who.idToken,
        body: { clientId: client.id, exercise_id, value: 200, unit: "lb", set_on: "2025-05-01" }
      })

    it("a coach records a max of their own exercise", async () => {
      const own = (await add({ name: "Axle Clean" })).body
      const answer = await record(own.id)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ exercise_id: own.id, value: 200 })
    })

    it("another coach's exercise is an unknown one: 400, and nothing is stored", async () => {
      const theirs = (await add({ name: "Their Axle Clean" }, otherCoach)).body
      const before = (await api.call("GET", `/beta/api/maxes/${client.id}`, { token: coach.idToken })).body
      expect(await record(theirs.id)).toEqual({ status: 400, body: { error: UNKNOWN_EXERCISE } })
      expect((await api.call("GET", `/beta/api/maxes/${client.id}`, { token: coach.idToken })).body).toEqual(before)
    })
  })
})
