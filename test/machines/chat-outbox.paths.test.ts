/**
 * A thread's outbox (docs/decisions/030) walked by its model: every state and
 * transition, eventless and guarded branches included, replayed on a running actor with
 * its real implementations over a chat API the test answers, with fake timers. Along every
 * walk a message the server has not answered shows as "Sending…" or "Not sent yet", never
 * as sent; each try sends the same id; the server's stored copy is announced once and the
 * entry leaves; a refusal stays, with the server's words, until discarded.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, initialTransition } from "xstate"
import { BadRequest } from "#domain/api-errors.ts"
import type { ChatMessage, MessageId } from "#domain/chat.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { clientId } from "#machines/chat/chat.fixtures.ts"
import { chatOutboxImplementations, keptNowhere } from "#machines/chat-outbox/chat-outbox.actors.ts"
import type { KeptOutbox } from "#domain/chat-outbox.ts"
import {
  chatOutboxMachine,
  nextToSend,
  NETWORK_RETRY_MS,
  RETRY_AFTER_FAILURE_MS
} from "#machines/chat-outbox/chat-outbox.machine.ts"
import {
  SENDING,
  SERVER_BUSY_WAIT,
  WAITING_FOR_NETWORK,
  selectPendingMessages,
  type ChatOutboxSnapshot
} from "#machines/chat-outbox/chat-outbox.selectors.ts"
import type { ChatOutboxEvent } from "#machines/chat-outbox/chat-outbox.types.ts"
import type { OutboxEntry } from "#domain/chat-outbox.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = ChatOutboxEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const FIRST = "0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c9b10" as MessageId
const SECOND = "1c7f5d2f-9a8b-4d2e-8b74-3a2f6e8d0c21" as MessageId
const THIRD = "2d8a6e3a-0b9c-4e3f-9c85-4b3a7f9e1d32" as MessageId
const input = { clientId, online: true }
const WRITTEN = "2026-11-23T17:04:00.000Z"
/** Written before a reload (or in a tab since closed): kept on the device, not yet stored by the server. */
const KEPT: OutboxEntry = {
  id: THIRD,
  body: "Written before the reload",
  createdAt: "2026-11-23T17:00:00.000Z",
  refused: null
}

const stored = (id: MessageId, body: string): ChatMessage => ({
  id,
  clientId,
  senderId: clientId,
  body,
  createdAt: "2026-11-23T17:05:00.000Z",
  seq: 42
})

const refused = new BadRequest({ error: "body: must be at most 2000 characters" })
const rateLimited = new GatewayDefect({
  reason: "rateLimited",
  message: "Too many messages in a minute",
  status: 429,
  retryAfterMs: 3_000
})
const noNetwork = new GatewayDefect({ reason: "network", message: "The server could not be reached" })
const serverError = new GatewayDefect({ reason: "status", message: "500", status: 500 })

const eventsFor = (snapshot: ChatOutboxSnapshot): ReadonlyArray<ModelEvent> => {
  const next = nextToSend(snapshot.context.entries)
  return [
    { type: "message.send", id: FIRST, body: "Is Friday still on?", createdAt: WRITTEN },
    { type: "message.send", id: SECOND, body: "Knee is fine now", createdAt: WRITTEN },
    ...snapshot.context.entries.map((entry): ModelEvent => ({ type: "message.discard", id: entry.id })),
    // The device's store read before, or after, what was written meanwhile was kept on it:
    // then the restore holds the same ids as the outbox, and each must stay one message.
    done("loadKept", [KEPT]),
    done("loadKept", [KEPT, ...snapshot.context.entries]),
    failure("loadKept", new Error("IndexedDB could not be opened")),
    { type: "network.online" },
    { type: "network.offline" },
    ...(next === undefined ? [] : [done("sendMessage", stored(next.id, next.body))]),
    failure("sendMessage", refused),
    failure("sendMessage", rateLimited),
    failure("sendMessage", noNetwork),
    failure("sendMessage", serverError),
    ...delayedEvents(snapshot)
  ]
}

const serialize = (snapshot: ChatOutboxSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    entries: snapshot.context.entries.map((entry) => [entry.id.slice(0, 2), entry.refused !== null]),
    online: snapshot.context.online
  })

// About 140 vertices and 960 edges. An outbox that kept the same id twice would grow its
// list with every send and never end: the bound makes that a failure naming it, fast.
const walk = modelOf<ChatOutboxSnapshot, ModelEvent>(chatOutboxMachine, {
  input,
  events: eventsFor,
  serialize,
  bound: { vertices: 1_000, edges: 10_000 }
})

describe("the chat outbox's model", () => {
  test("reaches every state the machine declares ('checking' is passed through: its eventless branches are the proof)", () => {
    const passedThrough = walk.edges
      .flatMap((edge) => [...edge.taken])
      .filter((transition) => transition.eventType === "")
      .map((transition) => transition.source.path.join("."))
    expect([...new Set([...walk.reachedStates, ...passedThrough])].sort()).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })

  test("restores what the device kept over messages written meanwhile, with the same ids: each stays one message", () => {
    expect(restoresOverWritten.length).toBeGreaterThan(0)
    for (const edge of walk.edges) {
      const ids = edge.path.state.context.entries.map((entry) => entry.id)
      expect(ids, edge.name).toEqual([...new Set(ids)])
    }
  })
})

/** The walks whose restore brings back copies of messages written while it was read. */
const restoresOverWritten = walk.edges.filter((edge) => {
  if (edge.event.type !== "xstate.done.actor.loadKept") return false
  const kept = (edge.event as { output: ReadonlyArray<OutboxEntry> }).output
  return kept.some((entry) => edge.from.context.entries.some((written) => written.id === entry.id))
})

/** The device's store, in memory: what the outbox keeps and forgets, KEPT there from before. */
function keptInMemory(...before: ReadonlyArray<OutboxEntry>) {
  const store = new Map<MessageId, OutboxEntry>(before.map((entry) => [entry.id, entry]))
  return {
    store,
    kept: (load: KeptOutbox["load"]): KeptOutbox => ({
      load,
      keep: (thread, entry) => {
        expect(thread).toBe(clientId)
        store.set(entry.id, entry)
        return Promise.resolve()
      },
      forget: (id) => {
        store.delete(id)
        return Promise.resolve()
      }
    })
  }
}

function runningOutbox() {
  const stubs = deferredGateway(["sendMessage", "loadKept"])
  const device = keptInMemory(KEPT)
  const machine = chatOutboxMachine.provide(
    chatOutboxImplementations({
      chat: stubs.gateway,
      kept: device.kept(async (thread) => (stubs.gateway as { loadKept: KeptOutbox["load"] }).loadKept(thread)),
      watchNetwork: () => () => undefined
    })
  )
  const actor = createActor(machine, { input })
  const announced: Array<ChatMessage> = []
  actor.on("sent", ({ message }) => announced.push(message))
  actor.start()
  const flags = { loadFailed: false }
  const written: Array<OutboxEntry> = []
  return {
    stubs,
    actor,
    announced,
    /** The messages written on this device during the run, as written. */
    written,
    flags,
    loadFailed: () => flags.loadFailed,
    device: device.store,
    answers: { sendMessage: oneCall(stubs, "sendMessage"), loadKept: oneCall(stubs, "loadKept") }
  }
}
type RunningOutbox = ReturnType<typeof runningOutbox>

function expectWhatThePersonSees(snapshot: ChatOutboxSnapshot, running: RunningOutbox, event: ModelEvent | undefined) {
  const leaf = leafOf(snapshot)
  const shown = selectPendingMessages(snapshot)
  // One message per id, whatever brought it (written here, restored from the device, or both).
  const ids = snapshot.context.entries.map((entry) => entry.id)
  expect(ids).toEqual([...new Set(ids)])
  // What was written here is held as written: a copy restored from the device never replaces it.
  for (const written of running.written) {
    const held = snapshot.context.entries.find((entry) => entry.id === written.id)
    if (held !== undefined) expect({ ...held, refused: null }).toEqual(written)
  }
  // Everything the server has not stored is on screen, and none of it as sent.
  expect(shown.map((message) => message.id)).toEqual(snapshot.context.entries.map((entry) => entry.id))
  for (const message of shown) {
    const entry = snapshot.context.entries.find((kept) => kept.id === message.id)
    if (entry?.refused != null) expect(message.note).toBe(`Not sent: ${entry.refused}`)
    else
      expect(message.note).toBe(
        leaf === "offline" ? WAITING_FOR_NETWORK : leaf === "waitingToRetry" ? SERVER_BUSY_WAIT : SENDING
      )
  }
  // Everything held is kept on the device as held (a refusal too); what the server stored, or a discarded
  // refusal, is not. KEPT stays on the device while it is read, or if it could not be read.
  for (const entry of snapshot.context.entries) expect(running.device.get(entry.id)).toEqual(entry)
  const held = new Set(snapshot.context.entries.map((entry) => entry.id))
  expect([...running.device.keys()].filter((id) => !held.has(id))).toEqual(
    leaf === "restoring" || running.loadFailed() ? [KEPT.id].filter((id) => running.device.has(id)) : []
  )
  expect(running.stubs.isWaitingFor("loadKept")).toBe(leaf === "restoring")
  // One request at a time, always the oldest message still to send, with the id made on the device.
  expect(running.stubs.isWaitingFor("sendMessage")).toBe(leaf === "sending")
  if (leaf === "sending") {
    const next = nextToSend(snapshot.context.entries)
    expect(running.stubs.argsOf("sendMessage")).toEqual([clientId, { id: next?.id, body: next?.body }])
  }
  if (event?.type === "xstate.done.actor.sendMessage") {
    const message = (event as { output: ChatMessage }).output
    expect(running.announced.at(-1)).toEqual(message)
    expect(snapshot.context.entries.some((entry) => entry.id === message.id)).toBe(false)
  }
}

describe("a running outbox, driven along the model", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each(
    [...new Set([...walk.walksForEveryTransition, ...restoresOverWritten])].map((edge) => [edge.name, edge] as const)
  )("%s", async (_, edge) => {
    const running = runningOutbox()
    const { actor } = running
    const [initial] = initialTransition(chatOutboxMachine, input)
    let answered = 0
    await replayPath<ChatOutboxSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      running.answers,
      (expected, event) => {
        if (event?.type === "xstate.done.actor.sendMessage") answered += 1
        if (event?.type === "message.send") {
          const { id, body, createdAt } = event as Extract<ChatOutboxEvent, { type: "message.send" }>
          if (!running.written.some((entry) => entry.id === id))
            running.written.push({ id, body, createdAt, refused: null })
        }
        if (event?.type === "xstate.error.actor.loadKept") running.flags.loadFailed = true
        // Announced as stored exactly once per answer of the server, never before it, and each id once.
        expect(running.announced).toHaveLength(answered)
        const announcedIds = running.announced.map((message) => message.id)
        expect(announcedIds).toEqual([...new Set(announcedIds)])
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatThePersonSees(actual, running, event)
      },
      { serverWait: RETRY_AFTER_FAILURE_MS, networkRetry: NETWORK_RETRY_MS }
    )
    actor.stop()
  })
})

describe("the outbox over time", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test("offline, a message waits; back online it is sent with the same id, once", async () => {
    const stubs = deferredGateway(["sendMessage"])
    let online: (up: boolean) => void = () => undefined
    const machine = chatOutboxMachine.provide(
      chatOutboxImplementations({
        chat: stubs.gateway,
        kept: keptNowhere,
        watchNetwork: (listener) => {
          online = listener
          return () => undefined
        }
      })
    )
    const actor = createActor(machine, { input: { clientId, online: false } }).start()
    actor.send({ type: "message.send", id: FIRST, body: "From the basement gym", createdAt: WRITTEN })
    await settleMicrotasks()
    expect(stubs.calls).toEqual([])
    expect(selectPendingMessages(actor.getSnapshot()).map((message) => message.note)).toEqual([WAITING_FOR_NETWORK])
    online(true)
    await settleMicrotasks()
    expect(stubs.calls).toEqual([
      { name: "sendMessage", args: [clientId, { id: FIRST, body: "From the basement gym" }] }
    ])
    // The request never got an answer (the network dropped again): the retry is the same message.
    stubs.fail("sendMessage", noNetwork)
    await settleMicrotasks()
    online(true)
    await settleMicrotasks()
    expect(stubs.calls.map((call) => call.args)).toEqual([
      [clientId, { id: FIRST, body: "From the basement gym" }],
      [clientId, { id: FIRST, body: "From the basement gym" }]
    ])
    stubs.settle("sendMessage", stored(FIRST, "From the basement gym"))
    await settleMicrotasks()
    expect(selectPendingMessages(actor.getSnapshot())).toEqual([])
    actor.stop()
  })

  test("a 429 waits as long as the server asked, then sends the same message again", async () => {
    vi.useFakeTimers()
    const { stubs, actor } = runningOutbox()
    await settleMicrotasks()
    stubs.settle("loadKept", [])
    actor.send({ type: "message.send", id: FIRST, body: "One more", createdAt: WRITTEN })
    await settleMicrotasks()
    stubs.fail("sendMessage", rateLimited)
    await settleMicrotasks()
    expect(selectPendingMessages(actor.getSnapshot())[0]?.note).toBe(SERVER_BUSY_WAIT)
    await vi.advanceTimersByTimeAsync(2_999)
    expect(stubs.isWaitingFor("sendMessage")).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(stubs.argsOf("sendMessage")).toEqual([clientId, { id: FIRST, body: "One more" }])
    actor.stop()
  })

  test("a refused message stays with the server's words and does not hold up the next one", async () => {
    const { stubs, actor } = runningOutbox()
    await settleMicrotasks()
    stubs.settle("loadKept", [])
    actor.send({ type: "message.send", id: FIRST, body: "x".repeat(10), createdAt: WRITTEN })
    actor.send({ type: "message.send", id: SECOND, body: "Knee is fine now", createdAt: WRITTEN })
    await settleMicrotasks()
    stubs.fail("sendMessage", refused)
    await settleMicrotasks()
    expect(stubs.argsOf("sendMessage")).toEqual([clientId, { id: SECOND, body: "Knee is fine now" }])
    expect(selectPendingMessages(actor.getSnapshot())[0]).toMatchObject({
      id: FIRST,
      status: "refused",
      note: "Not sent: body: must be at most 2000 characters"
    })
    actor.send({ type: "message.discard", id: FIRST })
    expect(selectPendingMessages(actor.getSnapshot()).map((message) => message.id)).toEqual([SECOND])
    // A message on its way cannot be discarded: it may already be stored.
    actor.send({ type: "message.discard", id: SECOND })
    expect(selectPendingMessages(actor.getSnapshot()).map((message) => message.id)).toEqual([SECOND])
    actor.stop()
  })

  test("what the device kept comes back first after a reload, is sent with its own id once, and leaves the device once stored", async () => {
    const { stubs, actor, device, announced } = runningOutbox()
    // Written while the device's store is read: it waits behind what was kept.
    actor.send({ type: "message.send", id: FIRST, body: "Just now", createdAt: WRITTEN })
    expect(selectPendingMessages(actor.getSnapshot()).map((message) => message.body)).toEqual(["Just now"])
    expect(stubs.isWaitingFor("sendMessage")).toBe(false)
    await settleMicrotasks()
    stubs.settle("loadKept", [KEPT])
    await settleMicrotasks()
    expect(selectPendingMessages(actor.getSnapshot()).map((message) => message.body)).toEqual([
      "Written before the reload",
      "Just now"
    ])
    expect(stubs.argsOf("sendMessage")).toEqual([clientId, { id: THIRD, body: "Written before the reload" }])
    expect([...device.keys()].sort()).toEqual([FIRST, THIRD].sort())
    stubs.settle("sendMessage", stored(THIRD, "Written before the reload"))
    await settleMicrotasks()
    expect(announced.map((message) => message.id)).toEqual([THIRD])
    expect([...device.keys()]).toEqual([FIRST])
    stubs.settle("sendMessage", stored(FIRST, "Just now"))
    await settleMicrotasks()
    expect(device.size).toBe(0)
    expect(selectPendingMessages(actor.getSnapshot())).toEqual([])
    actor.stop()
  })

  test("a refusal is kept with the server's words until discarded", async () => {
    const { stubs, actor, device } = runningOutbox()
    await settleMicrotasks()
    stubs.settle("loadKept", [KEPT])
    await settleMicrotasks()
    stubs.fail("sendMessage", refused)
    await settleMicrotasks()
    expect(device.get(THIRD)?.refused).toBe("body: must be at most 2000 characters")
    actor.send({ type: "message.discard", id: THIRD })
    expect(device.size).toBe(0)
    actor.stop()
  })
})
