/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * A client's tested maxes (docs/decisions/004): the coach records one for a client on their list,
 * in the unit entered, with the day it was set; the client and their coach read every
 * entry, newest first. Nothing is overwritten: an exercise's earlier entries stay as its
 * history. On PGlite and PostgreSQL. The whole who-may-call-what grid is in
 * authorization-matrix.test.ts, malformed bodies in bad-input.test.ts.
 */
import * as Schema from "effect/Schema"
import { beforeAll, describe, expect, it } from "vitest"
import { TestedMaxes } from "#domain/maxes.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

const entry = (exercise_id: string, value: number, set_on: string, unit = "lb") => ({
  exercise_id,
  value,
  unit,
  set_on
})

describe.each(databasesUnderTest)("tested maxes on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Max Coach")
    client = await api.clientOf(coach, "Maxine Lifter")
  })

  const record = (body: object, who: Account = coach, of: Account = client) =>
    api.call("POST", "/beta/api/maxes", { token: who.idToken, body: { clientId: of.id, ...body } })
  const maxes = (who: Account = client, of: Account = client) =>
    api.call("GET", `/beta/api/maxes/${of.id}`, { token: who.idToken })

  it("a coach records a max for their client and is answered the stored entry, with when it was recorded", async () => {
    const lifter = await api.clientOf(coach)
    const before = Date.now()
    const answer = await record(entry("back-squat", 315, "2025-11-03"), coach, lifter)
    expect(answer).toEqual({
      status: 200,
      body: { ...entry("back-squat", 315, "2025-11-03"), recorded_at: expect.stringMatching(ISO_INSTANT) }
    })
    // The database's clock, read back as UTC: within a minute of this test's clock.
    expect(Math.abs(Date.parse(answer.body.recorded_at) - before)).toBeLessThan(60_000)
    expect(await maxes(lifter, lifter)).toEqual({ status: 200, body: [answer.body] })
  })

  it("two entries for one exercise are both kept, newest first, and the client reads them", async () => {
    const first = await record(entry("deadlift", 405, "2025-09-01"))
    const second = await record(entry("deadlift", 425, "2025-10-15"))
    expect([first.status, second.status]).toEqual([200, 200])
    const listed = await maxes(client)
    expect(listed).toEqual({ status: 200, body: [second.body, first.body] })
    expect(Schema.is(TestedMaxes)(listed.body)).toBe(true)
  })

  it("the coach reads the same list as the client", async () => {
    expect(await maxes(coach)).toEqual(await maxes(client))
  })

  it("orders by the day a max was set, not the order entered; the same day, the later entry first", async () => {
    const lifter = await api.clientOf(coach)
    const march = await record(entry("bench-press", 225, "2025-03-01"), coach, lifter)
    const january = await record(entry("bench-press", 205, "2025-01-10"), coach, lifter)
    const marchAgain = await record(entry("bench-press", 230, "2025-03-01"), coach, lifter)
    const listed = await maxes(coach, lifter)
    expect(listed.body).toEqual([marchAgain.body, march.body, january.body])
  })

  it("keeps each value in the unit it was entered in, halves included", async () => {
    const lifter = await api.clientOf(coach)
    const kilos = await record(entry("back-squat", 142.5, "2025-06-02", "kg"), coach, lifter)
    const pounds = await record(entry("overhead-press", 135, "2025-06-01", "lb"), coach, lifter)
    expect(kilos.body).toMatchObject({ value: 142.5, unit: "kg" })
    expect((await maxes(lifter, lifter)).body).toEqual([kilos.body, pounds.body])
  })

  it("a client with no maxes yet reads an empty list, and so does their coach", async () => {
    const lifter = await api.clientOf(coach)
    expect(await maxes(lifter, lifter)).toEqual({ status: 200, body: [] })
    expect(await maxes(coach, lifter)).toEqual({ status: 200, body: [] })
  })

  it("without a token, neither call answers: 401", async () => {
    const read = await api.call("GET", `/beta/api/maxes/${client.id}`)
    const write = await api.call("POST", "/beta/api/maxes", {
      body: { clientId: client.id, ...entry("back-squat", 300, "2025-11-03") }
    })
    expect([read.status, write.status]).toEqual([401, 401])
  })

  describe("someone else's maxes", () => {
    let otherCoach: Account
    let otherClient: Account
    let theirs: unknown

    beforeAll(async () => {
      otherCoach = await api.signupAs("Coach", "Olga Other-Coach")
      otherClient = await api.clientOf(otherCoach, "Otto Other-Client")
      theirs = (await record(entry("back-squat", 275, "2025-08-08"), otherCoach, otherClient)).body
    })

    it("a coach cannot record one for another coach's client: 404 naming clientId, and nothing is stored", async () => {
      const answer = await record(entry("back-squat", 999, "2025-11-03"), coach, otherClient)
      expect(answer).toEqual({
        status: 404,
        body: { error: `clientId: no client with id ${otherClient.id} on your client list`, code: "ClientNotFound" }
      })
      expect((await maxes(otherClient, otherClient)).body).toEqual([theirs])
    })

    it("a coach cannot read another coach's client's maxes: 404, as for their workouts", async () => {
      expect(await maxes(coach, otherClient)).toEqual({
        status: 404,
        body: { error: `No client with id ${otherClient.id} on your client list`, code: "ClientNotFound" }
      })
    })

    it("a client cannot read another client's maxes: 403", async () => {
      expect(await maxes(client, otherClient)).toEqual({
        status: 403,
        body: { error: "You can only see your own maxes" }
      })
    })

    it("a client cannot record a max, not even their own: 403, and nothing is stored", async () => {
      const before = (await maxes(otherClient, otherClient)).body
      const answer = await record(entry("back-squat", 500, "2025-11-03"), otherClient, otherClient)
      expect(answer).toEqual({ status: 403, body: { error: "Only coaches can record maxes" } })
      expect((await maxes(otherClient, otherClient)).body).toEqual(before)
    })

    it("a coach naming another coach (or themself) as the client is a 404", async () => {
      expect((await record(entry("back-squat", 300, "2025-11-03"), coach, otherCoach)).status).toBe(404)
      expect((await record(entry("back-squat", 300, "2025-11-03"), coach, coach)).status).toBe(404)
    })
  })
})
