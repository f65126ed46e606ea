/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { randomUUID } from "node:crypto"
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

/* A lifter's replies from their coach and the read mark on them (docs/decisions/041). */

const DAY = "2025-05-12"

describe.each(databasesUnderTest)("replies to a lifter's comments, and their read mark, on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let otherClient: Account
  let setIds: Array<number>
  let bosSetIds: Array<number>

  const savedSetIds = async (lifter: Account): Promise<Array<number>> =>
    (await api.saveWorkout(coach, lifter, DAY)).body.map((row: { id: number }) => row.id)

  // Ann and Bo, one coach's two lifters, each with a workout on DAY.
  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Reply Coach")
    ;[client, otherClient] = [await api.clientOf(coach, "Ann Reader"), await api.clientOf(coach, "Bo Reader")]
    ;[setIds, bosSetIds] = [await savedSetIds(client), await savedSetIds(otherClient)]
  })

  const comment = async (from: Account, body: string) => {
    const id = randomUUID()
    const setId = from === otherClient ? bosSetIds[0] : setIds[0]
    const answer = await api.call("POST", "/beta/api/comments", {
      token: from.idToken,
      body: { id, target: { kind: "set", setId }, body }
    })
    expect(answer.status).toBe(200)
    return id
  }
  const workoutComment = async (from: Account, body: string) => {
    const id = randomUUID()
    await api.call("POST", "/beta/api/comments", {
      token: from.idToken,
      body: { id, target: { kind: "workout", date: DAY, workoutOrder: 0 }, body }
    })
    return id
  }
  const reply = (commentId: string, body: string) =>
    api.call("PUT", `/beta/api/comments/${commentId}/reply`, { token: coach.idToken, body: { body } })
  const replies = (reader: Account | undefined) =>
    api.call("GET", "/beta/api/commentReplies", reader === undefined ? {} : { token: reader.idToken })
  const markRead = (reader: Account | undefined, body: unknown) =>
    api.call("PUT", "/beta/api/comments/read", reader === undefined ? { body } : { token: reader.idToken, body })

  it("a lifter reads their replies newest first; marking one read clears it and every earlier one, on any device", async () => {
    expect((await replies(client)).body).toEqual({ replies: [], unread: 0, readUpTo: null })
    const first = await comment(client, "left knee, stopped at 3")
    const second = await workoutComment(client, "gym was packed")
    await comment(client, "no reply to this one")
    await reply(first, "Go lighter next time.")
    await reply(second, "Fine, rest as long as you need.")

    const read = await replies(client)
    expect(read.status).toBe(200)
    expect(read.body.unread).toBe(2)
    expect(read.body.replies.map((c: { id: string }) => c.id)).toEqual([second, first])
    expect(read.body.replies[0].reply).toMatchObject({ body: "Fine, rest as long as you need.", coachId: coach.id })

    const marked = await markRead(client, { upTo: first })
    expect(marked.status).toBe(200)
    expect(marked.body).toMatchObject({ unread: 1, readUpTo: expect.any(String) })
    // Read up to the newest: nothing unread, as the next read (another device) says too.
    expect((await markRead(client, { upTo: second })).body.unread).toBe(0)
    expect((await replies(client)).body.unread).toBe(0)
    // An older mark does not move it back.
    expect((await markRead(client, { upTo: first })).body.unread).toBe(0)

    // A new reply (or a changed one) is unread again.
    await reply(first, "Actually: skip squats this week.")
    expect((await replies(client)).body.unread).toBe(1)
  })

  it("a comment of someone else's, or one without a reply, is no mark to move (404 naming upTo)", async () => {
    const bos = await comment(otherClient, "Bo's own note")
    await reply(bos, "Nice work, Bo.")
    expect(await markRead(client, { upTo: bos })).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/^upTo: /) }
    })
    const unreplied = await comment(client, "still waiting")
    expect((await markRead(client, { upTo: unreplied })).status).toBe(404)
    expect((await markRead(client, { upTo: randomUUID() })).status).toBe(404)
    // Bo's replies stay unread for Bo, whatever Ann sent.
    expect((await replies(otherClient)).body.unread).toBe(1)
  })

  it("only a lifter has replies to read (403 for a coach), and only signed in (401)", async () => {
    expect((await replies(coach)).status).toBe(403)
    expect((await markRead(coach, { upTo: randomUUID() })).status).toBe(403)
    expect((await replies(undefined)).status).toBe(401)
    expect((await markRead(undefined, { upTo: randomUUID() })).status).toBe(401)
  })

  it.each([
    ["a missing upTo", {}],
    ["an upTo that is no id", { upTo: "yesterday" }],
    ["an upTo that is a number", { upTo: 5 }]
  ])("refuses %s with a 400 naming upTo", async (_, body) => {
    const answer = await markRead(client, body)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^upTo/)
  })
})
