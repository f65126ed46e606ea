/**
 * The live stream's connection walked by its model: every state and transition (each way
 * a connection can end included), replayed on a running actor with its real
 * implementations over a connection the test plays the server for. What a screen notices:
 * the status it is told, each event handed on once while open, and a reconnect that
 * resumes after the last event it got.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import type { LiveEvent } from "#domain/live-events.ts"
import type { ConnectionEnd } from "#gateway/live-stream.ts"
import { liveStreamImplementations, type ConnectPort } from "#machines/live-stream/live-stream.actors.ts"
import { baseWaitMs, BUSY_WAIT_MS, liveStreamMachine, MAX_WAIT_MS } from "#machines/live-stream/live-stream.machine.ts"
import { selectLiveStatus, type LiveStreamSnapshot } from "#machines/live-stream/live-stream.selectors.ts"
import type { LiveStreamEvent } from "#machines/live-stream/live-stream.types.ts"
import { annId, chatMessage, coachId } from "#machines/unread/unread.fixtures.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"
import { replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = LiveStreamEvent | { type: string }

const input = { random: () => 0.5 }
const event: LiveEvent = { type: "message", message: chatMessage(coachId, 12) }
const ends: ReadonlyArray<ConnectionEnd> = [
  { kind: "ended" },
  { kind: "failed", reason: "Failed to fetch" },
  { kind: "busy", retryAfterMs: 5_000 },
  { kind: "badCursor" },
  { kind: "refused", status: 403 },
  { kind: "aborted" }
]

const events = (snapshot: LiveStreamSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "live.start" },
  { type: "live.stop" },
  { type: "network.offline" },
  { type: "network.online" },
  { type: "stream.ready", cursor: 10 },
  { type: "stream.event", id: 12, event },
  { type: "stream.retry", ms: 2_000 },
  ...ends.map((end) => ({ type: "stream.end", end })),
  ...delayedEvents(snapshot)
]

const walk = modelOf<LiveStreamSnapshot, ModelEvent>(liveStreamMachine, {
  input,
  events,
  // No guard reads the context: the state tells vertices apart.
  serialize: (snapshot) => leafOf(snapshot)
})

describe("the live stream machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** Connections the test answers as the server would: the latest one is `current`. */
function scriptedConnections() {
  type Handlers = Parameters<ConnectPort>[2]
  const connections: Array<{
    after: number | undefined
    signal: AbortSignal
    handlers: Handlers
    end: (end: ConnectionEnd) => void
  }> = []
  const connect: ConnectPort = (after, signal, handlers) =>
    new Promise((resolve) => connections.push({ after, signal, handlers, end: resolve }))
  const current = () => {
    const open = connections.at(-1)
    if (open === undefined || open.signal.aborted) throw new Error("no connection is open")
    return open
  }
  return { connect, connections, current, openCount: () => connections.filter((c) => !c.signal.aborted).length }
}

function runningStream() {
  const server = scriptedConnections()
  const actor = createActor(liveStreamMachine.provide(liveStreamImplementations(server.connect)), { input })
  const handedOn: Array<LiveEvent> = []
  let readies = 0
  actor.on("live.event", ({ event }) => handedOn.push(event))
  actor.on("live.ready", () => (readies += 1))
  actor.start()
  // The connection's own events come from the connection, as the reader would send them.
  const driver = {
    send: (sent: ModelEvent) => {
      const e = sent as LiveStreamEvent
      if (e.type === "stream.ready") server.current().handlers.ready(e.cursor)
      else if (e.type === "stream.event") server.current().handlers.event(e.id, e.event)
      else if (e.type === "stream.retry") server.current().handlers.retry(e.ms)
      else if (e.type === "stream.end") server.current().end(e.end)
      else actor.send(e)
    }
  } as unknown as AnyActorRef
  return { server, actor, driver, handedOn, readies: () => readies }
}

describe("a running live stream, driven along the model", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningStream()
    const [initial] = initialTransition(liveStreamMachine, input)
    let expectedEvents = 0
    let expectedReadies = 0
    let lastLeaf = leafOf(initial)
    await replayPath<LiveStreamSnapshot, ModelEvent>(
      initial,
      edge.path,
      running.driver,
      {},
      (expected, sent) => {
        const actual = running.actor.getSnapshot()
        const leaf = leafOf(actual)
        expect(leaf).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expect(selectLiveStatus(actual)).toBe(selectLiveStatus(expected))
        // One connection is open exactly while streaming, and it resumes after the last event seen.
        expect(running.server.openCount()).toBe(leaf.startsWith("streaming") ? 1 : 0)
        if (leaf === "streaming.connecting" && lastLeaf !== leaf) {
          expect(running.server.current().after).toBe(actual.context.lastId)
        }
        // Each event is handed on once, only while open; each opening is told.
        if (sent?.type === "stream.event" && lastLeaf === "streaming.open") expectedEvents += 1
        if (sent?.type === "stream.ready" && lastLeaf === "streaming.connecting") expectedReadies += 1
        expect(running.handedOn).toHaveLength(expectedEvents)
        expect(running.readies()).toBe(expectedReadies)
        lastLeaf = leaf
      },
      { reconnect: MAX_WAIT_MS * 2 }
    )
    running.actor.stop()
    expect(running.server.openCount()).toBe(0)
  })
})

describe("the waits between reconnects", () => {
  test("after an open stream ends, the server's retry; failing again and again, doubling up to a minute", () => {
    expect(baseWaitMs({ kind: "ended" }, 0, 3_000)).toBe(3_000)
    expect([1, 2, 3, 4, 5, 6].map((attempt) => baseWaitMs({ kind: "failed", reason: "" }, attempt, 3_000))).toEqual([
      6_000, 12_000, 24_000, 48_000, 60_000, 60_000
    ])
  })

  test("told busy, at least Retry-After (5 s when it names none)", () => {
    expect(baseWaitMs({ kind: "busy", retryAfterMs: 20_000 }, 0, 3_000)).toBe(20_000)
    expect(baseWaitMs({ kind: "busy", retryAfterMs: undefined }, 0, 3_000)).toBe(BUSY_WAIT_MS)
    expect(baseWaitMs({ kind: "busy", retryAfterMs: 1_000 }, 0, 3_000)).toBe(3_000)
  })

  test("stretched by up to half at random, so tabs dropped together do not return together", async () => {
    vi.useFakeTimers()
    const waits = [0, 0.999].map((random) => {
      const server = scriptedConnections()
      const actor = createActor(liveStreamMachine.provide(liveStreamImplementations(server.connect)), {
        input: { random: () => random }
      }).start()
      actor.send({ type: "live.start" })
      server.current().handlers.ready(1)
      server.current().end({ kind: "ended" })
      return { actor, server }
    })
    await settleMicrotasks()
    expect(waits.map(({ actor }) => actor.getSnapshot().context.waitMs)).toEqual([3_000, 4_499])
    vi.advanceTimersByTime(3_001)
    expect(waits.map(({ server }) => server.openCount())).toEqual([1, 0])
    vi.advanceTimersByTime(1_500)
    expect(waits.map(({ server }) => server.openCount())).toEqual([1, 1])
    // Both resume after the event they saw last: the ready's cursor here.
    expect(waits.map(({ server }) => server.current().after)).toEqual([1, 1])
    waits.forEach(({ actor }) => actor.stop())
    vi.useRealTimers()
  })

  test("a refusal stops for good, saying why; signing in again starts afresh", async () => {
    const server = scriptedConnections()
    const actor = createActor(liveStreamMachine.provide(liveStreamImplementations(server.connect)), { input }).start()
    actor.send({ type: "live.start" })
    server.current().handlers.ready(5)
    server.current().handlers.event(6, { type: "message", message: chatMessage(annId, 6) })
    server.current().end({ kind: "refused", status: 403 })
    await settleMicrotasks()
    expect(selectLiveStatus(actor.getSnapshot())).toBe("stopped")
    expect(actor.getSnapshot().context.refusedWith).toBe(403)
    actor.send({ type: "live.start" })
    expect(server.current().after).toBeUndefined()
    actor.stop()
  })
})
