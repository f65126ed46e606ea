/**
 * The Chat tab's unread counts walked by their model: every state and transition, replayed
 * on a running actor with its real implementations (a chat gateway the test answers, and
 * a live feed the test speaks through, as the stream would). What the person sees is the
 * badge's number, or none while no counts are known.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import { unreadImplementations } from "#machines/unread/unread.actors.ts"
import { annId, chatMessage, coachId, readMark, twoUnread } from "#machines/unread/unread.fixtures.ts"
import { countMessage, UNREAD_RETRY_MS, unreadMachine } from "#machines/unread/unread.machine.ts"
import { selectUnreadTotal, type UnreadSnapshot } from "#machines/unread/unread.selectors.ts"
import type { UnreadEvent } from "#machines/unread/unread.types.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"
import { scriptedLive } from "./scripted-live.ts"

type ModelEvent = UnreadEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { type: string }

const input = { me: annId }
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

const events = (snapshot: UnreadSnapshot): ReadonlyArray<ModelEvent> => [
  done("loadUnread", twoUnread),
  failure("loadUnread", serverDown),
  { type: "live.message", message: chatMessage(coachId, 41) },
  { type: "live.message", message: chatMessage(annId, 42) },
  { type: "live.read", mark: readMark(annId, 41) },
  { type: "live.read", mark: readMark(coachId, 42) },
  { type: "live.ready" },
  ...delayedEvents(snapshot)
]

// What guards read: whether counts are known, and whether something came during a read.
const serialize = (snapshot: UnreadSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    counts: snapshot.context.counts !== null,
    changed: snapshot.context.changedMeanwhile
  })

const walk = modelOf<UnreadSnapshot, ModelEvent>(unreadMachine, { input, events, serialize })

describe("the unread machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

function runningUnread() {
  const stubs = deferredGateway(["unread"])
  const feed = scriptedLive()
  const actor = createActor(unreadMachine.provide(unreadImplementations({ chat: stubs.gateway, live: feed.live })), {
    input
  }).start()
  // The model's live events arrive the way the app delivers them: through the feed.
  const driver = {
    send: (event: ModelEvent) => {
      if (event.type === "live.message" && "message" in event) feed.emit({ type: "message", message: event.message })
      else if (event.type === "live.read" && "mark" in event) feed.emit({ type: "read", mark: event.mark })
      else if (event.type === "live.ready") {
        feed.status("reconnecting")
        feed.status("open")
      } else actor.send(event as UnreadEvent)
    }
  } as unknown as AnyActorRef
  return { stubs, feed, actor, driver, answers: { loadUnread: oneCall(stubs, "unread") } }
}

describe("a running unread count, driven along the model", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningUnread()
    const [initial] = initialTransition(unreadMachine, input)
    await replayPath<UnreadSnapshot, ModelEvent>(
      initial,
      edge.path,
      running.driver,
      running.answers,
      (expected) => {
        const actual = running.actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        // The badge: the counts' total once known, none before.
        expect(selectUnreadTotal(actual)).toBe(expected.context.counts?.total ?? null)
        // A read is under way exactly while reading.
        expect(running.stubs.isWaitingFor("unread")).toBe(leafOf(actual) === "reading")
      },
      { retry: UNREAD_RETRY_MS }
    )
    running.actor.stop()
    expect(running.feed.listening()).toBe(0)
  })
})

describe("what the badge counts", () => {
  test("a message from the other person adds one to its thread; one in a thread not yet listed starts it", () => {
    const counted = countMessage(twoUnread, chatMessage(coachId, 50))
    expect(counted.total).toBe(3)
    expect(counted.threads[0]).toMatchObject({ clientId: annId, unread: 3, lastMessageAt: "2026-11-24T09:00:00.000Z" })
    const bo = 8 as typeof annId
    expect(
      countMessage(twoUnread, chatMessage(bo, 51, bo)).threads.map((thread) => [thread.clientId, thread.unread])
    ).toEqual([
      [bo, 1],
      [annId, 2]
    ])
  })

  test("the person's own message and the other person's read mark change nothing; their own mark reads again", async () => {
    const running = runningUnread()
    await settleMicrotasks()
    running.stubs.settle("unread", twoUnread)
    await settleMicrotasks()
    running.feed.emit({ type: "message", message: chatMessage(annId, 60) })
    running.feed.emit({ type: "read", mark: readMark(coachId, 60) })
    expect(selectUnreadTotal(running.actor.getSnapshot())).toBe(2)
    expect(running.stubs.isWaitingFor("unread")).toBe(false)
    running.feed.emit({ type: "message", message: chatMessage(coachId, 61) })
    expect(selectUnreadTotal(running.actor.getSnapshot())).toBe(3)
    running.feed.emit({ type: "read", mark: readMark(annId, 61) })
    await settleMicrotasks()
    // The badge keeps its number until the new read answers.
    expect(selectUnreadTotal(running.actor.getSnapshot())).toBe(3)
    running.stubs.settle("unread", { ...twoUnread, total: 0, threads: [] })
    await settleMicrotasks()
    expect(selectUnreadTotal(running.actor.getSnapshot())).toBe(0)
    running.actor.stop()
  })

  test("a message during the read makes the answer stale: it is read again, not counted twice", async () => {
    const running = runningUnread()
    await settleMicrotasks()
    running.feed.emit({ type: "message", message: chatMessage(coachId, 70) })
    running.stubs.settle("unread", twoUnread)
    await settleMicrotasks()
    expect(running.stubs.isWaitingFor("unread")).toBe(true)
    running.stubs.settle("unread", { ...twoUnread, total: 3 })
    await settleMicrotasks()
    expect(selectUnreadTotal(running.actor.getSnapshot())).toBe(3)
    running.actor.stop()
  })
})
