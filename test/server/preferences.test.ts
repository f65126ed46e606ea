/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * A user's unit, bar and smallest plate (docs/decisions/018, 019): the user reads and replaces their
 * own, their coach reads them and may set the bar and smallest plate but never the unit,
 * and nobody else reads or writes them. On PGlite and PostgreSQL; the whole grid is in
 * authorization-matrix.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_PREFERENCES, UNIT_IS_THE_LIFTERS } from "#domain/preferences.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const KILOS = { unit: "kg", bar: 15, smallest_plate: 0.5 }

describe.each(databasesUnderTest)("preferences on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherCoach: Account
  let otherClient: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Pref Coach")
    client = await api.clientOf(coach, "Pref Client")
    otherCoach = await api.signupAs("Coach", "Other Pref Coach")
    otherClient = await api.clientOf(otherCoach, "Other Pref Client")
  })

  const read = (of: Account, who: Account = of) =>
    api.call("GET", `/beta/api/preferences/${of.id}`, { token: who.idToken })
  const write = (body: object, of: Account, who: Account = of) =>
    api.call("PUT", `/beta/api/preferences/${of.id}`, { token: who.idToken, body })

  it("a user who never chose has pounds and the usual bar and plates", async () => {
    const newcomer = await api.clientOf(coach, "Fresh Client")
    expect(await read(newcomer)).toEqual({ status: 200, body: DEFAULT_PREFERENCES })
    expect(await read(newcomer, coach)).toEqual({ status: 200, body: DEFAULT_PREFERENCES })
  })

  it("a user replaces their own and is answered what is stored; the same PUT again changes nothing", async () => {
    const lifter = await api.clientOf(coach, "Kilo Client")
    expect(await write(KILOS, lifter)).toEqual({ status: 200, body: KILOS })
    expect(await write(KILOS, lifter)).toEqual({ status: 200, body: KILOS })
    expect(await read(lifter)).toEqual({ status: 200, body: KILOS })
    expect(await read(lifter, coach)).toEqual({ status: 200, body: KILOS })
  })

  it("a PUT is a full replace: null brings back the unit's usual bar and plates", async () => {
    const lifter = await api.clientOf(coach, "Reset Client")
    await write(KILOS, lifter)
    const back = { unit: "kg", bar: null, smallest_plate: null }
    expect(await write(back, lifter)).toEqual({ status: 200, body: back })
  })

  it("a coach sets their own unit", async () => {
    const coachKilos = { unit: "kg", bar: null, smallest_plate: null }
    expect(await write(coachKilos, coach)).toEqual({ status: 200, body: coachKilos })
    expect(await read(coach)).toEqual({ status: 200, body: coachKilos })
  })

  describe("a coach and their client's", () => {
    let lifter: Account
    beforeAll(async () => {
      lifter = await api.clientOf(coach, "Plates Client")
      await write({ unit: "kg", bar: null, smallest_plate: null }, lifter)
    })

    it("the coach sets the bar and smallest plate, sending the lifter's unit back", async () => {
      const plates = { unit: "kg", bar: 15, smallest_plate: 1.25 }
      expect(await write(plates, lifter, coach)).toEqual({ status: 200, body: plates })
      expect(await read(lifter)).toEqual({ status: 200, body: plates })
    })

    it("the coach cannot change the unit: 403, and nothing changes", async () => {
      const before = (await read(lifter)).body
      const answer = await write({ unit: "lb", bar: 45, smallest_plate: 2.5 }, lifter, coach)
      expect(answer).toEqual({ status: 403, body: { error: UNIT_IS_THE_LIFTERS } })
      expect((await read(lifter)).body).toEqual(before)
    })
  })

  describe("someone else's", () => {
    it("another coach reads or writes none of a client's: 404, as for their workouts", async () => {
      const notYours = {
        status: 404,
        body: { error: `No client with id ${client.id} on your client list`, code: "ClientNotFound" }
      }
      expect(await read(client, otherCoach)).toEqual(notYours)
      expect(await write(DEFAULT_PREFERENCES, client, otherCoach)).toEqual(notYours)
    })

    it("a client reads or writes no other client's: 403", async () => {
      const refused = { status: 403, body: { error: "You can only see your own preferences" } }
      expect(await read(otherClient, client)).toEqual(refused)
      expect(await write(KILOS, otherClient, client)).toEqual(refused)
      expect((await read(otherClient)).body).toEqual(DEFAULT_PREFERENCES)
    })

    it("a client reads nothing of their coach's: 403", async () => {
      expect((await read(coach, client)).status).toBe(403)
    })

    it("a coach reads no other coach's: 404", async () => {
      expect((await read(otherCoach, coach)).status).toBe(404)
    })

    it("an unknown user is a 404", async () => {
      const answer = await api.call("GET", "/beta/api/preferences/999999", { token: coach.idToken })
      expect(answer).toEqual({
        status: 404,
        body: { error: "No client with id 999999 on your client list", code: "ClientNotFound" }
      })
    })
  })

  it("without a token, neither call answers: 401", async () => {
    const answers = [
      await api.call("GET", `/beta/api/preferences/${client.id}`),
      await api.call("PUT", `/beta/api/preferences/${client.id}`, { body: KILOS })
    ]
    expect(answers.map((answer) => answer.status)).toEqual([401, 401])
  })

  it.each([
    ["a unit that is not lb or kg", { ...KILOS, unit: "st" }, "unit"],
    ["a smallest plate no one sells", { ...KILOS, smallest_plate: 0.3 }, "smallest_plate"],
    ["a negative bar", { ...KILOS, bar: -1 }, "bar"],
    ["a missing bar", { unit: "kg", smallest_plate: null }, "bar"]
  ])("%s is a 400 naming %s, and changes nothing", async (_, body, field) => {
    const before = (await read(client)).body
    const answer = await write(body, client)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(new RegExp(`^${field}\\b`))
    expect((await read(client)).body).toEqual(before)
  })
})
