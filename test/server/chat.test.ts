/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { randomUUID } from "node:crypto"
import { beforeAll, describe, expect, it } from "vitest"
import { MESSAGE_MAX_CHARACTERS } from "#domain/chat.ts"
import { DEFAULT_RATE_LIMITS, TOO_MANY_MESSAGES } from "#server/rate-limit.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

describe.each(databasesUnderTest)("chat between a coach and a client on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  let secondClient: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach, "Ann Lifter")
    secondClient = await api.clientOf(coach, "Bo Lifter")
  })

  const send = (from: Account, clientId: number, body: string, id: string = randomUUID()) =>
    api.call("POST", `/beta/api/chat/${clientId}/messages`, { token: from.idToken, body: { id, body } })
  const page = (reader: Account, clientId: number, query = "") =>
    api.call("GET", `/beta/api/chat/${clientId}/messages${query}`, { token: reader.idToken })
  const unread = (reader: Account) => api.call("GET", "/beta/api/chat/unread", { token: reader.idToken })
  const markRead = (reader: Account, clientId: number, messageId: string) =>
    api.call("PUT", `/beta/api/chat/${clientId}/read`, { token: reader.idToken, body: { messageId } })

  it("a client's message is stored and answered with its id, sender, time and seq", async () => {
    const id = randomUUID()
    const answer = await send(client, client.id, "Left knee hurts\n\tstopped at 3 👨‍👩‍👧", id)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id,
      clientId: client.id,
      senderId: client.id,
      body: "Left knee hurts\n\tstopped at 3 👨‍👩‍👧",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      seq: expect.any(Number)
    })
    const read = await page(coach, client.id)
    expect(read.body.messages.map((m: { id: string }) => m.id)).toContain(id)
  })

  it("a retry with the same id stores nothing twice and answers the stored message", async () => {
    const id = randomUUID()
    const first = await send(coach, client.id, "Ease off today", id)
    const again = await Promise.all([
      send(coach, client.id, "Ease off today", id),
      send(coach, client.id, "Ease off today", id)
    ])
    expect(again.map((answer) => answer.status)).toEqual([200, 200])
    expect(again.map((answer) => answer.body)).toEqual([first.body, first.body])
    const read = await page(client, client.id, "?limit=100")
    expect(read.body.messages.filter((m: { id: string }) => m.id === id)).toHaveLength(1)
  })

  it("an id used for another message, or in another thread, is a 409 naming id", async () => {
    const id = randomUUID()
    await send(coach, client.id, "One", id)
    expect(await send(coach, client.id, "Two", id)).toEqual({
      status: 409,
      body: { error: expect.stringMatching(/^id: /), code: "MessageIdTaken" }
    })
    expect(await send(coach, secondClient.id, "One", id)).toEqual({
      status: 409,
      body: { error: expect.stringMatching(/^id: /), code: "MessageIdTaken" }
    })
    expect(await send(client, client.id, "One", id)).toEqual({
      status: 409,
      body: { error: expect.stringMatching(/^id: /), code: "MessageIdTaken" }
    })
  })

  it.each([
    ["an empty body", ""],
    ["a whitespace-only body", " \n\t  "],
    ["a NUL byte", "hi\u0000there"],
    ["an escape sequence", "hi\u001b[2J"],
    ["a carriage return", "hi\rthere"],
    ["a right-to-left override", "hi\u202Eereht"],
    ["a body one past the maximum", "x".repeat(MESSAGE_MAX_CHARACTERS + 1)]
  ])("refuses %s with a 400 naming body", async (_, body) => {
    const answer = await send(client, client.id, body)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^body: /)
  })

  it("takes a body of exactly the maximum, counted in characters (an emoji is one)", async () => {
    expect((await send(client, client.id, "💪".repeat(MESSAGE_MAX_CHARACTERS))).status).toBe(200)
  })

  it("refuses an id that is not a lower-case UUID with a 400 naming id", async () => {
    for (const id of ["not-a-uuid", randomUUID().toUpperCase(), ""]) {
      const answer = await send(client, client.id, "hello", id)
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatch(/^id: /)
    }
  })

  it("pages a thread newest first with a cursor to older pages, each message once", async () => {
    const ids: Array<string> = []
    for (let index = 0; index < 7; index++) {
      const id = randomUUID()
      ids.push(id)
      await send(index % 2 === 0 ? coach : secondClient, secondClient.id, `message ${index}`, id)
    }
    const seen: Array<string> = []
    let query = "?limit=3"
    for (;;) {
      const answer = await page(secondClient, secondClient.id, query)
      expect(answer.status).toBe(200)
      const seqs = answer.body.messages.map((m: { seq: number }) => m.seq)
      expect(seqs).toEqual([...seqs].sort((a: number, b: number) => b - a))
      seen.push(...answer.body.messages.map((m: { id: string }) => m.id))
      if (answer.body.before === null) break
      query = `?limit=3&before=${answer.body.before}`
    }
    expect(seen).toEqual([...ids].reverse())
  })

  it("refuses a bad cursor or limit with a 400 naming it", async () => {
    expect((await page(client, client.id, "?before=0")).body.error).toMatch(/^before: /)
    expect((await page(client, client.id, "?before=abc")).body.error).toMatch(/^before: /)
    expect((await page(client, client.id, "?limit=101")).body.error).toMatch(/^limit: /)
  })

  it("counts unread per thread for the coach and in total for the client; marks move forward only", async () => {
    const coachNow = await fresh()
    const third = await api.clientOf(coachNow, "Cy Lifter")
    const fourth = await api.clientOf(coachNow, "Di Lifter")
    const first = (await send(third, third.id, "one")).body
    const second = (await send(third, third.id, "two")).body
    await send(coachNow, third.id, "coach's own does not count")
    await send(coachNow, fourth.id, "for Di")
    expect((await unread(coachNow)).body).toEqual({
      total: 2,
      threads: [
        { clientId: fourth.id, unread: 0, lastMessageAt: expect.any(String) },
        { clientId: third.id, unread: 2, lastMessageAt: expect.any(String) }
      ]
    })
    expect((await unread(fourth)).body).toEqual({
      total: 1,
      threads: [{ clientId: fourth.id, unread: 1, lastMessageAt: expect.any(String) }]
    })
    const marked = await markRead(coachNow, third.id, second.id)
    expect(marked).toEqual({
      status: 200,
      body: { clientId: third.id, readerId: coachNow.id, seq: second.seq, readAt: expect.any(String) }
    })
    // Marking an older message keeps the later mark.
    expect((await markRead(coachNow, third.id, first.id)).body.seq).toBe(second.seq)
    expect((await unread(coachNow)).body.total).toBe(0)
  })

  it("a thread's read says how far the other person has read, never the caller's own mark", async () => {
    const lifter = await api.clientOf(coach, "Cy Lifter")
    const first = (await send(coach, lifter.id, "First")).body
    const second = (await send(lifter, lifter.id, "Second")).body
    expect((await page(coach, lifter.id)).body.readByOther).toBeNull()
    expect((await page(lifter, lifter.id)).body.readByOther).toBeNull()

    expect((await markRead(lifter, lifter.id, first.id)).status).toBe(200)
    expect((await page(coach, lifter.id)).body.readByOther).toBe(first.seq)
    // The client's own mark is not the other person's.
    expect((await page(lifter, lifter.id)).body.readByOther).toBeNull()

    expect((await markRead(coach, lifter.id, second.id)).status).toBe(200)
    expect((await page(lifter, lifter.id)).body.readByOther).toBe(second.seq)
    expect((await page(coach, lifter.id)).body.readByOther).toBe(first.seq)
    // Older pages carry it too.
    expect((await page(coach, lifter.id, `?before=${second.seq}`)).body.readByOther).toBe(first.seq)
  })

  it("refuses a read mark on a message of another thread with a 404 naming messageId", async () => {
    const other = (await send(secondClient, secondClient.id, "Bo's")).body
    const answer = await markRead(client, client.id, other.id)
    expect(answer).toEqual({ status: 404, body: { error: expect.stringMatching(/^messageId: /) } })
  })

  it("a client reads only their own thread, a coach only their clients'", async () => {
    expect((await page(client, secondClient.id)).status).toBe(403)
    const stranger = await fresh()
    expect((await page(stranger, client.id)).status).toBe(404)
    expect((await send(stranger, client.id, "hi")).status).toBe(404)
  })

  it("a client without a coach has no thread yet (404)", async () => {
    const loner = await api.signupAs("Client", "Lone Lifter")
    expect(await send(loner, loner.id, "anyone?")).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/^clientId: /), code: "NoCoach" }
    })
    expect((await unread(loner)).body).toEqual({ total: 0, threads: [] })
  })

  it("too many messages in a minute are a 429 saying so, while reads go on", async () => {
    const chatty = await fresh()
    const listener = await api.clientOf(chatty, "Patient Lifter")
    const statuses: Array<number> = []
    for (let index = 0; index < DEFAULT_RATE_LIMITS.messages.points; index++) {
      statuses.push((await send(chatty, listener.id, `message ${index}`)).status)
    }
    expect(statuses.every((status) => status === 200)).toBe(true)
    const refused = await send(chatty, listener.id, "one too many")
    expect(refused).toEqual({ status: 429, body: { error: TOO_MANY_MESSAGES } })
    expect((await page(chatty, listener.id)).status).toBe(200)
  })

  const fresh = () => api.signupAs("Coach", "Other Coach")
})
