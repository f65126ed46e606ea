/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { randomUUID } from "node:crypto"
import { beforeAll, describe, expect, it } from "vitest"
import { MESSAGE_MAX_CHARACTERS } from "#domain/chat.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

const DAY = "2025-04-07"

describe.each(databasesUnderTest)("comments on workouts and sets on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherClient: Account
  let setIds: Array<number>

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Comment Coach")
    client = await api.clientOf(coach, "Ann Commenter")
    otherClient = await api.clientOf(coach, "Bo Commenter")
    const saved = await api.saveWorkout(coach, client, DAY)
    setIds = saved.body.map((row: { id: number }) => row.id)
    await api.saveWorkout(coach, otherClient, DAY)
  })

  const comment = (from: Account, target: unknown, body: string, id: string = randomUUID()) =>
    api.call("POST", "/beta/api/comments", { token: from.idToken, body: { id, target, body } })
  const reply = (from: Account, commentId: string, body: string) =>
    api.call("PUT", `/beta/api/comments/${commentId}/reply`, { token: from.idToken, body: { body } })
  const day = (reader: Account, clientId: number, date = DAY) =>
    api.call("GET", `/beta/api/comments/${clientId}?date=${date}`, { token: reader.idToken })
  const recent = (reader: Account, query = "") =>
    api.call("GET", `/beta/api/recentComments${query}`, { token: reader.idToken })

  it("a lifter comments on a set; the answer names the day, workout, exercise and set", async () => {
    const id = randomUUID()
    const answer = await comment(client, { kind: "set", setId: setIds[1] }, "left knee, stopped at 3", id)
    expect(answer).toEqual({
      status: 200,
      body: {
        id,
        clientId: client.id,
        date: DAY,
        workoutOrder: 0,
        setId: setIds[1],
        exercise: "Squat",
        setIndex: 1,
        body: "left knee, stopped at 3",
        createdAt: expect.any(String),
        reply: null,
        seq: expect.any(Number)
      }
    })
  })

  it("a lifter comments on a workout; the same id again answers the same comment, stored once", async () => {
    const id = randomUUID()
    const first = await comment(client, { kind: "workout", date: DAY, workoutOrder: 0 }, "felt strong", id)
    expect(first.body).toMatchObject({ setId: null, exercise: null, setIndex: null })
    const again = await comment(client, { kind: "workout", date: DAY, workoutOrder: 0 }, "felt strong", id)
    expect(again).toEqual(first)
    const listed = (await day(client, client.id)).body.filter((c: { id: string }) => c.id === id)
    expect(listed).toHaveLength(1)
    const reused = await comment(client, { kind: "workout", date: DAY, workoutOrder: 0 }, "another text", id)
    expect(reused).toEqual({ status: 409, body: { error: expect.stringMatching(/^id: /), code: "CommentIdTaken" } })
  })

  it("the coach replies in place; the same reply again changes nothing, a new one replaces it", async () => {
    const written = (await comment(client, { kind: "set", setId: setIds[0] }, "grindy")).body
    const first = await reply(coach, written.id, "Drop 5 lb next time")
    expect(first.body.reply).toEqual({ body: "Drop 5 lb next time", coachId: coach.id, repliedAt: expect.any(String) })
    expect(first.body.seq).toBe(written.seq)
    expect((await reply(coach, written.id, "Drop 5 lb next time")).body).toEqual(first.body)
    expect((await reply(coach, written.id, "Drop 10 lb")).body.reply.body).toBe("Drop 10 lb")
  })

  it("a day's comments are read by the client and their coach, in the order written", async () => {
    const fromClient = await day(client, client.id)
    const fromCoach = await day(coach, client.id)
    expect(fromClient.status).toBe(200)
    expect(fromCoach.body).toEqual(fromClient.body)
    const seqs = fromCoach.body.map((c: { seq: number }) => c.seq)
    expect(seqs).toEqual([...seqs].sort((a: number, b: number) => a - b))
    expect((await day(coach, client.id, "2025-04-08")).body).toEqual([])
  })

  it("the coach's recent comments come newest first across clients, with the client's name", async () => {
    const fromBo = (await comment(otherClient, { kind: "workout", date: DAY, workoutOrder: 0 }, "short on time")).body
    const answer = await recent(coach, "?limit=2")
    expect(answer.status).toBe(200)
    expect(answer.body).toHaveLength(2)
    expect(answer.body[0]).toEqual({ ...fromBo, clientName: "Bo Commenter" })
    expect(answer.body[1].clientName).toBe("Ann Commenter")
    expect(answer.body[0].seq).toBeGreaterThan(answer.body[1].seq)
  })

  it("a removed workout's comments leave every read", async () => {
    const date = "2025-04-09"
    await api.saveWorkout(coach, client, date)
    const written = (await comment(client, { kind: "workout", date, workoutOrder: 0 }, "about to go")).body
    await api.call("DELETE", `/beta/api/workout/${client.id}/${date}/0`, { token: coach.idToken })
    expect((await day(coach, client.id, date)).body).toEqual([])
    expect((await recent(coach, "?limit=50")).body.map((c: { id: string }) => c.id)).not.toContain(written.id)
  })

  it("a client comments only on their own workouts and sets (404 naming the target)", async () => {
    const bosSets = (
      await api.call("GET", `/beta/api/workouts/${otherClient.id}?from=${DAY}&to=${DAY}`, {
        token: otherClient.idToken
      })
    ).body
    expect(await comment(client, { kind: "set", setId: bosSets[0].id }, "not mine")).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/^target\.setId: /), code: "SetNotFound" }
    })
    expect(await comment(client, { kind: "workout", date: DAY, workoutOrder: 5 }, "no such")).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/^target\.workoutOrder: /), code: "WorkoutNotFound" }
    })
  })

  it("only clients comment, only their coach replies, only coaches read the recent list", async () => {
    expect((await comment(coach, { kind: "set", setId: setIds[0] }, "coach")).status).toBe(403)
    const written = (await comment(client, { kind: "set", setId: setIds[0] }, "hi")).body
    expect((await reply(client, written.id, "self")).status).toBe(403)
    const stranger = await api.signupAs("Coach", "Stranger Coach")
    expect(await reply(stranger, written.id, "not mine")).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/^commentId: /) }
    })
    expect((await day(stranger, client.id)).status).toBe(404)
    expect((await day(otherClient, client.id)).status).toBe(403)
    expect((await recent(client)).status).toBe(403)
    expect((await recent(stranger)).body).toEqual([])
  })

  it.each([
    ["an empty body", { kind: "set", setId: 1 }, "", /^body: /],
    ["a control character", { kind: "set", setId: 1 }, "a\u0007b", /^body: /],
    ["a body past the maximum", { kind: "set", setId: 1 }, "y".repeat(MESSAGE_MAX_CHARACTERS + 1), /^body: /],
    ["an unknown target kind", { kind: "exercise", setId: 1 }, "hi", /^target/],
    ["a bad set id", { kind: "set", setId: 0 }, "hi", /^target\.setId: /],
    ["a bad date", { kind: "workout", date: "2025-02-30", workoutOrder: 0 }, "hi", /^target\.date: /]
  ])("refuses %s with a 400 naming the field", async (_, target, body, field) => {
    const answer = await comment(client, target, body)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(field)
  })

  it("refuses a reply that is whitespace only, and a bad comment id, with 400s naming them", async () => {
    const written = (await comment(client, { kind: "set", setId: setIds[0] }, "ok")).body
    expect((await reply(coach, written.id, "   ")).body.error).toMatch(/^body: /)
    expect((await reply(coach, "nope", "hi")).body.error).toMatch(/^commentId: /)
    expect((await recent(coach, "?limit=51")).body.error).toMatch(/^limit: /)
  })
})
