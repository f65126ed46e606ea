/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * Stored weights keep their unit (docs/decisions/018): a prescribed weight in the unit the coach
 * entered it, a logged weight in the lifter's, each row saying which; pounds for anything
 * sent without one. On PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto"
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const heavySet = (weight_unit?: string) => ({
  set: 0,
  amsap: false,
  ...(weight_unit === undefined ? {} : { weight_unit }),
  fields: [
    { name: "reps", value: 3 },
    { name: "weight", value: 140 }
  ]
})

describe.each(databasesUnderTest)("weights and their units on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Unit Coach")
    client = await api.clientOf(coach, "Unit Client")
  })

  const save = (date: string, weight_unit?: string, extra: object = {}, exercise: object = {}) =>
    api.call("POST", "/beta/api/workout", {
      token: coach.idToken,
      body: {
        clientId: client.id,
        date,
        workout: [{ name: "Back Squat", exercise_id: "back-squat", sets: [heavySet(weight_unit)], ...exercise }],
        ...extra
      }
    })
  const log = (update: object) =>
    api.call("PUT", "/beta/api/updateWorkoutResult", { token: client.idToken, body: update })
  const results = async (date: string) =>
    (await api.call("GET", `/beta/api/workoutResults/${client.id}?from=${date}&to=${date}`, { token: coach.idToken }))
      .body

  describe("a prescription", () => {
    it("keeps the unit the coach entered it in, on the save's answer and every read", async () => {
      const saved = await save("2025-06-01", "kg")
      expect(saved.body[0]).toMatchObject({ weight: 140, weight_unit: "kg" })
      const read = await api.call("GET", `/beta/api/workouts/${client.id}?from=2025-06-01&to=2025-06-01`, {
        token: client.idToken
      })
      expect(read.body).toEqual(saved.body)
    })

    it("is in pounds when sent without a unit", async () => {
      expect((await save("2025-06-02")).body[0]).toMatchObject({ weight: 140, weight_unit: "lb" })
    })

    it("a unit that is not lb or kg is a 400 naming the field", async () => {
      const answer = await save("2025-06-03", "st")
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatch(/^workout\[0\]\.sets\[0\]\.weight_unit\b/)
    })

    it("an idempotency key sent again with another unit or another exercise is a 409; the same body is the same workout", async () => {
      const key = randomUUID()
      const first = await save("2025-06-04", "kg", { idempotencyKey: key })
      expect(await save("2025-06-04", "kg", { idempotencyKey: key })).toEqual(first)
      expect((await save("2025-06-04", "lb", { idempotencyKey: key })).status).toBe(409)
      expect((await save("2025-06-04", "kg", { idempotencyKey: key }, { exercise_id: "front-squat" })).status).toBe(409)
      expect((await save("2025-06-04", "kg", { idempotencyKey: key }, { exercise_id: undefined })).status).toBe(409)
    })

    it("a set the lifter adds copies the unit of the set it follows", async () => {
      const [row] = (await save("2025-06-05", "kg")).body
      const added = await api.call("POST", "/beta/api/loggedSet", {
        token: client.idToken,
        body: { afterSetId: row.id, idempotencyKey: randomUUID() }
      })
      expect(added.body).toMatchObject({ weight: 140, weight_unit: "kg", exercise_id: "back-squat", added: true })
    })
  })

  describe("a logged weight", () => {
    let setId: number
    beforeAll(async () => {
      setId = (await save("2025-06-10", "lb")).body[0].id
    })

    it("keeps the unit the lifter logged it in, whatever the prescription's", async () => {
      const answer = await log({ id: setId, reps: 3, weight: 62.5, weight_unit: "kg" })
      expect(answer.body).toMatchObject({ weight: 62.5, weight_unit: "kg", exercise_id: "back-squat" })
      expect(await results("2025-06-10")).toEqual([answer.body])
    })

    it("an update without weight or unit keeps both", async () => {
      expect((await log({ id: setId, reps: 4 })).body).toMatchObject({ reps: 4, weight: 62.5, weight_unit: "kg" })
    })

    it("a weight sent without a unit is in pounds", async () => {
      expect((await log({ id: setId, weight: 135 })).body).toMatchObject({ weight: 135, weight_unit: "lb" })
    })

    it("a unit alone changes the unit and keeps the weight", async () => {
      expect((await log({ id: setId, weight_unit: "kg" })).body).toMatchObject({ weight: 135, weight_unit: "kg" })
    })

    it("a unit that is not lb or kg is a 400 naming weight_unit, and changes nothing", async () => {
      const before = await results("2025-06-10")
      const answer = await log({ id: setId, weight: 100, weight_unit: "st" })
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatch(/^weight_unit\b/)
      expect(await results("2025-06-10")).toEqual(before)
    })
  })
})
