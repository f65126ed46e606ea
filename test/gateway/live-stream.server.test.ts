/**
 * The browser's live stream against the real server (PGlite, and PostgreSQL when
 * DATABASE_URL is set): the reader (#gateway/live-stream.ts) under the live-stream machine,
 * as services.ts runs them, with real tokens from the Auth emulator. What a screen would
 * notice: events in the server's order; after the connection drops, the ones sent
 * meanwhile arrive, once each; a 429 is waited out as long as Retry-After says.
 */
import { randomUUID } from "node:crypto"
import { afterEach, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { LiveEvent } from "#domain/live-events.ts"
import { readLiveStream } from "#gateway/live-stream.ts"
import { liveStreamImplementations } from "#machines/live-stream/live-stream.actors.ts"
import { liveStreamMachine } from "#machines/live-stream/live-stream.machine.ts"
import { selectLiveStatus } from "#machines/live-stream/live-stream.selectors.ts"
import { type Account, type ApiUnderTest, useApiUnderTest } from "../server/support/api-under-test.ts"
import { databasesUnderTest } from "../server/support/databases.ts"
import { openLiveReader, type LiveReader } from "../server/support/live-reader.ts"

const until = async (check: () => boolean, what: string, ms = 8_000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The tab's stream for `account`, with a network the test can cut: `drop()` breaks the connection under way. */
function browserStream(api: ApiUnderTest, account: Account) {
  const connections: Array<AbortController> = []
  let opened = 0
  const options = {
    baseUrl: api.server().url,
    getIdToken: () => Promise.resolve(account.idToken),
    fetch: (input: string, init: RequestInit) => {
      opened += 1
      const network = new AbortController()
      connections.push(network)
      const signal = init.signal ? AbortSignal.any([init.signal, network.signal]) : network.signal
      return fetch(input, { ...init, signal })
    }
  }
  const actor = createActor(
    liveStreamMachine.provide(
      liveStreamImplementations((after, signal, handlers) => readLiveStream(options, after, signal, handlers))
    ),
    // No jitter: the waits are their least, so the test knows how long they take.
    { input: { random: () => 0 } }
  )
  const events: Array<LiveEvent> = []
  let readies = 0
  actor.on("live.event", ({ event }) => events.push(event))
  actor.on("live.ready", () => (readies += 1))
  actor.start()
  actor.send({ type: "live.start" })
  return {
    actor,
    events,
    readies: () => readies,
    opened: () => opened,
    status: () => selectLiveStatus(actor.getSnapshot()),
    drop: () => connections.at(-1)?.abort(new TypeError("network changed")),
    messageIds: () => events.flatMap((event) => (event.type === "message" ? [event.message.id] : []))
  }
}

describe.each(databasesUnderTest)("the browser's live stream on $name", (database) => {
  const api = useApiUnderTest(database, { liveStreams: { heartbeatMs: 200, maxStreamsPerUser: 2 } })
  const stops: Array<() => void> = []
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
  })
  const open = (account: Account) => {
    const stream = browserStream(api, account)
    stops.push(() => stream.actor.stop())
    return stream
  }
  const send = async (from: Account, clientId: number, body: string) => {
    const answer = await api.call("POST", `/beta/api/chat/${clientId}/messages`, {
      token: from.idToken,
      body: { id: randomUUID(), body }
    })
    expect(answer.status).toBe(200)
    return answer.body as { id: string; seq: number }
  }

  it("is open once the server is ready, and hands on each event in the server's order", async () => {
    const coach = await api.signupAs("Coach", "Stream Coach")
    const client = await api.clientOf(coach, "Stream Ann")
    const stream = open(coach)
    expect(stream.status()).toBe("connecting")
    await until(() => stream.status() === "open", "the stream to open")
    expect(stream.readies()).toBe(1)
    const sent = [
      await send(client, client.id, "Left knee, stopped at 3"),
      await send(coach, client.id, "Ice it"),
      await send(client, client.id, "Will do")
    ]
    await until(() => stream.events.length === 3, "three messages")
    expect(stream.messageIds()).toEqual(sent.map((message) => message.id))
    expect(stream.actor.getSnapshot().context.lastId).toBe(sent[2]?.seq)
  })

  it("after the connection drops, reconnects after the last event: what was sent meanwhile arrives once", async () => {
    const coach = await api.signupAs("Coach", "Drop Coach")
    const client = await api.clientOf(coach, "Drop Ann")
    const stream = open(client)
    await until(() => stream.status() === "open", "the stream to open")
    const before = await send(coach, client.id, "before the drop")
    await until(() => stream.events.length === 1, "the first message")
    stream.drop()
    await until(() => stream.status() === "reconnecting", "the drop to be seen")
    const meanwhile = [await send(coach, client.id, "missed 1"), await send(coach, client.id, "missed 2")]
    // The server's retry: 3 s, no jitter here.
    expect(stream.actor.getSnapshot().context.waitMs).toBe(3_000)
    await until(() => stream.status() === "open", "the reconnect", 8_000)
    await until(() => stream.events.length === 3, "what was missed")
    const after = await send(client, client.id, "after the reconnect")
    await until(() => stream.events.length === 4, "the next message")
    // Give a doubled event time to show up.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(stream.messageIds()).toEqual([before.id, ...meanwhile.map((message) => message.id), after.id])
    expect(stream.opened()).toBe(2)
    expect(stream.readies()).toBe(2)
  }, 20_000)

  it("told 429 (too many streams), waits as long as Retry-After says before trying again", async () => {
    const coach = await api.signupAs("Coach", "Many Tabs Coach")
    const blockers: Array<LiveReader> = [
      await openLiveReader(api.server().url, coach.idToken),
      await openLiveReader(api.server().url, coach.idToken)
    ]
    stops.push(() => blockers.forEach((blocker) => blocker.close()))
    expect(blockers.map((blocker) => blocker.status)).toEqual([200, 200])
    const stream = open(coach)
    await until(() => stream.actor.getSnapshot().matches("waitingToReconnect"), "the refusal")
    expect(stream.status()).toBe("reconnecting")
    // The server says 5 s.
    expect(stream.actor.getSnapshot().context.waitMs).toBe(5_000)
    blockers.forEach((blocker) => blocker.close())
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(stream.opened()).toBe(1)
    await until(() => stream.status() === "open", "the stream to open after the wait", 6_000)
    expect(stream.opened()).toBe(2)
  }, 20_000)

  it("stops when the person signs out, and a refusal stops it for good", async () => {
    const coach = await api.signupAs("Coach", "Leaving Coach")
    const stream = open(coach)
    await until(() => stream.status() === "open", "the stream to open")
    stream.actor.send({ type: "live.stop" })
    expect(stream.status()).toBe("stopped")
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(stream.opened()).toBe(1)
    const stranger = browserStream(api, { ...coach, idToken: "not-a-token" })
    stops.push(() => stranger.actor.stop())
    await until(() => stranger.status() === "stopped", "the refusal")
    expect(stranger.actor.getSnapshot().context.refusedWith).toBe(401)
    expect(stranger.opened()).toBe(2)
  })
})
