/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { randomUUID } from "node:crypto"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_RATE_LIMITS, TOO_MANY_RECONNECTS } from "#server/rate-limit.ts"
import { MAX_STREAMS_PER_USER, TOO_MANY_STREAMS } from "#server/live/streams.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser } from "./support/emulator-users.ts"
import { type LiveReader, openLiveReader, type ReceivedEvent } from "./support/live-reader.ts"

/** Long enough for a message that would arrive to arrive, on a busy 2-core machine. */
const QUIET_MS = 400

const isMessage = (id: string) => (event: ReceivedEvent) =>
  event.data.type === "message" && event.data.message.id === id
const afterReady = (reader: LiveReader) => reader.events.filter((event) => event.data.type !== "ready")

describe.each(databasesUnderTest)("live events on $name", (database) => {
  const api = useApiUnderTest(database, { liveStreams: { heartbeatMs: 100 } })
  let coach: Account
  let client: Account
  let otherClient: Account
  let otherCoach: Account
  const readers: Array<LiveReader> = []

  const listen = async (account: Account | undefined, options: { lastEventId?: number; after?: number } = {}) => {
    const reader = await openLiveReader(api.server().url, account?.idToken, options)
    readers.push(reader)
    return reader
  }
  const send = async (from: Account, clientId: number, body: string) => {
    const answer = await api.call("POST", `/beta/api/chat/${clientId}/messages`, {
      token: from.idToken,
      body: { id: randomUUID(), body }
    })
    expect(answer.status).toBe(200)
    return answer.body as { id: string; seq: number }
  }

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Live Coach")
    client = await api.clientOf(coach, "Live Ann")
    otherClient = await api.clientOf(coach, "Live Bo")
    otherCoach = await api.signupAs("Coach", "Other Live Coach")
  })
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close()
  })

  it("both people of a thread get a new message, and nobody else does", async () => {
    const [coachStream, clientStream, otherClientStream, otherCoachStream] = await Promise.all([
      listen(coach),
      listen(client),
      listen(otherClient),
      listen(otherCoach)
    ])
    expect(coachStream.status).toBe(200)
    const started = performance.now()
    const sent = await send(client, client.id, "Left knee, stopped at 3")
    const [toCoach] = await coachStream.waitFor(isMessage(sent.id), { ms: 2_000 })
    const [toClient] = await clientStream.waitFor(isMessage(sent.id), { ms: 2_000 })
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(toCoach).toEqual({ id: sent.seq, data: { type: "message", message: sent } })
    expect(toClient).toEqual(toCoach)
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    expect(afterReady(otherClientStream)).toEqual([])
    expect(afterReady(otherCoachStream)).toEqual([])
  })

  it("a coach's stream carries every client's thread; read marks and comments come too", async () => {
    const coachStream = await listen(coach)
    const clientStream = await listen(client)
    const toAnn = await send(coach, client.id, "How did it go?")
    const fromBo = await send(otherClient, otherClient.id, "Done!")
    await coachStream.waitFor((event) => event.data.type === "message", { count: 2 })
    const marked = await api.call("PUT", `/beta/api/chat/${client.id}/read`, {
      token: client.idToken,
      body: { messageId: toAnn.id }
    })
    const [mark] = await coachStream.waitFor((event) => event.data.type === "read")
    expect(mark?.data).toEqual({ type: "read", mark: marked.body })
    const saved = await api.saveWorkout(coach, client, "2025-03-03")
    const comment = await api.call("POST", "/beta/api/comments", {
      token: client.idToken,
      body: { id: randomUUID(), target: { kind: "set", setId: saved.body[0].id }, body: "left knee" }
    })
    expect(comment.status).toBe(200)
    const [toCoach] = await coachStream.waitFor((event) => event.data.type === "comment")
    expect(toCoach?.data).toEqual({ type: "comment", comment: comment.body })
    const reply = await api.call("PUT", `/beta/api/comments/${comment.body.id}/reply`, {
      token: coach.idToken,
      body: { body: "Ice it" }
    })
    const comments = await clientStream.waitFor((event) => event.data.type === "comment", { count: 2 })
    expect(comments[1]?.data).toEqual({ type: "comment", comment: reply.body })
    // Ann's stream never carried Bo's message.
    expect(clientStream.events.some(isMessage(fromBo.id))).toBe(false)
    // Ids only grow.
    const ids = coachStream.events.map((event) => event.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it("a reconnect with Last-Event-ID gets exactly what it missed, in order, and nothing twice", async () => {
    const first = await listen(client)
    const seen = await send(coach, client.id, "seen before the drop")
    const [last] = await first.waitFor(isMessage(seen.id))
    first.close()
    const missed = [await send(coach, client.id, "missed 1"), await send(client, client.id, "missed 2")]
    await api.call("PUT", `/beta/api/chat/${client.id}/read`, {
      token: client.idToken,
      body: { messageId: missed[0]?.id }
    })
    const resumed = await listen(client, { lastEventId: last?.id ?? 0 })
    await resumed.waitFor((event) => event.data.type === "read")
    const after = afterReady(resumed)
    expect(after.map((event) => (event.data.type === "message" ? event.data.message.id : event.data.type))).toEqual([
      missed[0]?.id,
      missed[1]?.id,
      "read"
    ])
    const byQuery = await listen(client, { after: last?.id ?? 0 })
    await byQuery.waitFor((event) => event.data.type === "read")
    expect(afterReady(byQuery)).toEqual(after)
    // Live after the catch-up, still once each.
    const next = await send(coach, client.id, "after the catch-up")
    await resumed.waitFor(isMessage(next.id))
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    expect(resumed.events.filter(isMessage(next.id))).toHaveLength(1)
  })

  it("with writers racing each other, every listener gets each event once, in id order, and a resume agrees", async () => {
    const busyCoach = await api.signupAs("Coach", "Busy Coach")
    const lifters = await Promise.all([1, 2, 3].map((n) => api.clientOf(busyCoach, `Racer ${n}`)))
    const coachStream = await listen(busyCoach)
    const lifterStreams = await Promise.all(lifters.map((lifter) => listen(lifter)))
    const start = coachStream.events[0]?.id ?? 0
    const sent = await Promise.all(
      lifters.flatMap((lifter) => [
        ...Array.from({ length: 6 }, (_, n) => send(lifter, lifter.id, `from ${lifter.name} ${n}`)),
        ...Array.from({ length: 4 }, (_, n) => send(busyCoach, lifter.id, `to ${lifter.name} ${n}`))
      ])
    )
    const received = await coachStream.waitFor((event) => event.data.type === "message", { count: sent.length })
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    const ids = afterReady(coachStream).map((event) => event.id)
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b))
    expect(new Set(received.map((event) => (event.data.type === "message" ? event.data.message.id : "")))).toEqual(
      new Set(sent.map((message) => message.id))
    )
    for (const [index, stream] of lifterStreams.entries()) {
      const lifter = lifters[index]
      await stream.waitFor((event) => event.data.type === "message", { count: 10 })
      const mine = afterReady(stream)
      expect(mine).toHaveLength(10)
      expect(mine.every((event) => event.data.type === "message" && event.data.message.clientId === lifter?.id)).toBe(
        true
      )
    }
    const resumed = await listen(busyCoach, { lastEventId: start })
    await resumed.waitFor((event) => event.data.type === "message", { count: sent.length })
    expect(afterReady(resumed)).toEqual(afterReady(coachStream))
  })

  it("a stream without Last-Event-ID starts now: ready names the cursor and nothing older follows", async () => {
    await send(coach, client.id, "old news")
    const reader = await listen(client)
    const [ready] = reader.events
    expect(ready?.data).toEqual({ type: "ready", cursor: ready?.id })
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    expect(afterReady(reader)).toEqual([])
  })

  it("sends heartbeat comments while nothing happens", async () => {
    const reader = await listen(otherCoach)
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    expect(reader.heartbeats()).toBeGreaterThan(0)
  })

  it("refuses a stream without a token (401), without an account (403), or with a bad Last-Event-ID (400)", async () => {
    const none = await listen(undefined)
    expect(none.status).toBe(401)
    const stranger = await createEmulatorUser("stranger")
    expect((await openLiveReader(api.server().url, stranger.idToken)).status).toBe(403)
    const response = await fetch(`${api.server().url}/beta/api/events`, {
      headers: { authorization: `Bearer ${client.idToken}`, "last-event-id": "abc" }
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^Last-Event-ID: /) })
  })

  it(`holds at most ${MAX_STREAMS_PER_USER} open streams per person on an instance`, async () => {
    const person = await api.signupAs("Coach", "Many Tabs")
    for (let tab = 0; tab < MAX_STREAMS_PER_USER; tab++) expect((await listen(person)).status).toBe(200)
    const response = await fetch(`${api.server().url}/beta/api/events`, {
      headers: { authorization: `Bearer ${person.idToken}` }
    })
    expect(response.status).toBe(429)
    expect(await response.json()).toEqual({ error: TOO_MANY_STREAMS })
    readers.pop()?.close()
    // The closed one's place is free again once the server saw it go.
    await expect
      .poll(async () => {
        const again = await openLiveReader(api.server().url, person.idToken)
        again.close()
        return again.status
      })
      .toBe(200)
  })

  it("a reconnect storm meets the per-person limit of stream openings with a 429 saying so", async () => {
    const person = await api.signupAs("Client", "Stormy")
    const statuses: Array<number> = []
    for (let attempt = 0; attempt <= DEFAULT_RATE_LIMITS.eventStreams.points; attempt++) {
      const reader = await openLiveReader(api.server().url, person.idToken)
      statuses.push(reader.status)
      reader.close()
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_RATE_LIMITS.eventStreams.points)
    const refused = await fetch(`${api.server().url}/beta/api/events`, {
      headers: { authorization: `Bearer ${person.idToken}` }
    })
    expect(refused.status).toBe(429)
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/)
    expect(await refused.json()).toEqual({ error: TOO_MANY_RECONNECTS })
    // Other calls are counted apart: the person can still read and write.
    expect((await api.call("GET", "/beta/api/chat/unread", { token: person.idToken })).status).toBe(200)
  })
})
