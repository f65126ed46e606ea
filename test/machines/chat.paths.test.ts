/**
 * An open thread (docs/decisions/030) walked by its model: every state and
 * transition, the eventless and guarded branches of both parallel regions included,
 * replayed on a running actor with its real implementations over a chat API the test
 * answers, with fake timers. Along every walk the messages show oldest first, each once
 * (pages, live events and the outbox's copy merged by id); older pages are asked with the
 * cursor; the thread is marked read up to the other person's newest message only while
 * the page is in view; the composer hands only text the server would take to the outbox.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, initialTransition } from "xstate"
import { NotFound } from "#domain/api-errors.ts"
import { NoCoach } from "#domain/coaching-errors.ts"
import { ClientNotFound } from "#domain/workout-errors.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { chatImplementations, threadEventOf, watchReopening } from "#machines/chat/chat.actors.ts"
import { clientId, coachId, messageFrom, newestPage, olderPage, readMark } from "#machines/chat/chat.fixtures.ts"
import { chatMachine, READ_RETRY_MS } from "#machines/chat/chat.machine.ts"
import { selectComposer, selectThread, type ChatSnapshot } from "#machines/chat/chat.selectors.ts"
import { messageProblem, newestFrom } from "#domain/chat-text.ts"
import type { ChatEvent } from "#machines/chat/chat.types.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, replayPath, type ActorAnswer } from "./coach-stub-actors.ts"

type ModelEvent = ChatEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const input = { clientId, me: clientId, visible: true }
const noNetwork = new GatewayDefect({ reason: "network", message: "The server could not be reached" })
const noCoach = new NoCoach({ error: "clientId: this client has no coach" })
const fromCoach = messageFrom(coachId, 15, "See you Friday.")

const eventsFor = (snapshot: ChatSnapshot): ReadonlyArray<ModelEvent> => {
  const newest = newestFrom(snapshot.context.messages, snapshot.context.me)
  return [
    { type: "thread.retry" },
    { type: "thread.refresh" },
    { type: "older.load" },
    { type: "message.received", message: fromCoach },
    { type: "read.received", mark: readMark(coachId, 14) },
    { type: "page.hidden" },
    { type: "page.visible" },
    // The composer's events are root-level, the same in every state: offered while loading only, so the
    // walk covers them without multiplying every state of the thread by every draft.
    ...(snapshot.matches("loading")
      ? [{ type: "draft.change", text: "Knee feels fine" } as const, { type: "draft.send" } as const]
      : []),
    done("loadNewest", newestPage),
    failure("loadNewest", noNetwork),
    failure("loadNewest", noCoach),
    done("loadOlder", olderPage),
    done("refreshNewest", { messages: [fromCoach, ...newestPage.messages], before: 11, readByOther: 14 }),
    failure("refreshNewest", noNetwork),
    failure("loadOlder", noNetwork),
    ...(newest === undefined ? [] : [done("markRead", readMark(clientId, newest.seq))]),
    failure("markRead", noNetwork),
    ...delayedEvents(snapshot)
  ]
}

const serialize = (snapshot: ChatSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    messages: snapshot.context.messages.map((message) => message.seq),
    before: snapshot.context.before,
    read: snapshot.context.myReadSeq,
    visible: snapshot.context.visible,
    draft: snapshot.matches("loading") ? snapshot.context.draft : ""
  })

const walk = modelOf<ChatSnapshot, ModelEvent>(chatMachine, { input, events: eventsFor, serialize })

describe("the chat machine's model", () => {
  test("reaches every state the machine declares ('checking' is passed through: its eventless branches are the proof)", () => {
    const passedThrough = walk.edges
      .flatMap((edge) => [...edge.taken])
      .filter((transition) => transition.eventType === "")
      .map((transition) => transition.source.path.join("."))
    const reached = new Set([...walk.reachedStates.flatMap((state) => state.split("+")), ...passedThrough])
    expect([...reached].sort()).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

function runningThread() {
  // The newest page and an older one are asked apart, so both may wait at once.
  const stubs = deferredGateway(["newest", "older", "markRead"])
  type Call = (...args: ReadonlyArray<unknown>) => Promise<never>
  const calls: { newest: Call; older: Call; markRead: Call } = stubs.gateway
  const gateway = {
    messages: (id: typeof clientId, page: { before?: number } = {}) =>
      page.before === undefined ? calls.newest(id, page) : calls.older(id, page),
    markRead: (id: typeof clientId, messageId: string) => calls.markRead(id, messageId)
  }
  const queued: Array<string> = []
  const machine = chatMachine.provide(
    chatImplementations({
      chat: gateway,
      live: undefined,
      watchVisibility: () => () => undefined,
      queueMessage: (body) => queued.push(body)
    })
  )
  const actor = createActor(machine, { input }).start()
  const page = (name: "newest" | "older"): ActorAnswer => ({
    done: (output) => stubs.settle(name, output),
    error: (error) => stubs.fail(name, error)
  })
  const answers = {
    loadNewest: page("newest"),
    refreshNewest: page("newest"),
    loadOlder: page("older"),
    markRead: {
      done: (output: unknown) => stubs.settle("markRead", output),
      error: (error: unknown) => stubs.fail("markRead", error)
    }
  }
  return { stubs, actor, queued, answers }
}
type RunningThread = ReturnType<typeof runningThread>

function expectWhatThePersonSees(snapshot: ChatSnapshot, running: RunningThread) {
  const leaf = leafOf(snapshot)
  const thread = selectThread(snapshot)
  const seqs = snapshot.context.messages.map((message) => message.seq)
  // Oldest first, each message once.
  expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b))
  expect(thread.messages.map((message) => message.mine)).toEqual(
    snapshot.context.messages.map((message) => message.senderId === clientId)
  )
  // The newest page first, then older ones by the cursor.
  const newest = leaf === "loading" || leaf.includes("fresh.refreshing")
  expect(running.stubs.isWaitingFor("newest")).toBe(newest)
  if (newest) expect(running.stubs.argsOf("newest")).toEqual([clientId, {}])
  const older = leaf.includes("history.loadingOlder")
  expect(running.stubs.isWaitingFor("older")).toBe(older)
  if (older) expect(running.stubs.argsOf("older")).toEqual([clientId, { before: 11 }])
  // Marked read only in view, up to the other person's newest message.
  const marking = leaf.includes("read.marking")
  expect(running.stubs.isWaitingFor("markRead")).toBe(marking)
  if (marking) {
    expect(snapshot.context.visible).toBe(true)
    // The other person's newest message when marking began (a newer one may have come since).
    const [thread, messageId] = running.stubs.argsOf("markRead") ?? []
    expect(thread).toBe(clientId)
    const marked = snapshot.context.messages.find((message) => message.id === messageId)
    expect(marked?.senderId).toBe(coachId)
    expect(marked?.seq ?? 0).toBeGreaterThan(snapshot.context.myReadSeq)
  }
  expect(thread.status).toBe(leaf === "loading" || leaf === "failed" || leaf === "unavailable" ? leaf : "showing")
  if (leaf === "failed")
    expect(thread.failure).toBe("We couldn't reach the server. Check your connection and try again.")
  // The composer says why a draft was not sent, in the server's words; a sent draft is cleared.
  const composer = selectComposer(snapshot)
  if (composer.problem !== null) expect(composer.problem).toBe(messageProblem(composer.draft))
  expect(composer.hidden).toBe(leaf === "unavailable")
}

describe("a running thread, driven along the model", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningThread()
    const { actor } = running
    const [initial] = initialTransition(chatMachine, input)
    let sendable = 0
    let draft = ""
    await replayPath<ChatSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      running.answers,
      (expected, event) => {
        if (event?.type === "draft.change") draft = (event as { text: string }).text
        if (event?.type === "draft.send" && messageProblem(draft) === null) {
          sendable += 1
          draft = ""
        }
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatThePersonSees(actual, running)
        // Only text the server would take reaches the outbox, once per press.
        expect(running.queued).toHaveLength(sendable)
      },
      { readRetry: READ_RETRY_MS }
    )
    actor.stop()
  })
})

describe("an open thread", () => {
  test("keeps each message once whether the page, the live stream or the outbox brings it", () => {
    const actor = createActor(chatMachine, { input }).start()
    actor.send({ type: "message.received", message: fromCoach })
    actor.send({ type: "message.received", message: fromCoach })
    actor.send(threadEventOf({ type: "message", message: fromCoach }) ?? { type: "page.visible" })
    expect(selectThread(actor.getSnapshot()).messages.map((message) => message.body)).toEqual(["See you Friday."])
    actor.stop()
  })

  test("ignores messages and read marks of another client's thread (a coach hears all of theirs)", () => {
    const actor = createActor(chatMachine, { input }).start()
    actor.send({ type: "message.received", message: { ...fromCoach, clientId: coachId } })
    actor.send({ type: "read.received", mark: { ...readMark(coachId, 99), clientId: coachId } })
    expect(actor.getSnapshot().context.messages).toEqual([])
    expect(actor.getSnapshot().context.theirReadSeq).toBe(0)
    actor.stop()
  })

  test("shows 'Read' under my last message the other person has read", () => {
    const actor = createActor(chatMachine, { input }).start()
    for (const message of [...newestPage.messages].reverse()) actor.send({ type: "message.received", message })
    actor.send({ type: "read.received", mark: readMark(coachId, 13) })
    const shown = selectThread(actor.getSnapshot()).messages
    expect(shown.filter((message) => message.read).map((message) => message.body)).toEqual([
      "Heavy. Left knee twinged on the last set, so I stopped at 3."
    ])
    actor.send({ type: "read.received", mark: readMark(coachId, 14) })
    expect(
      selectThread(actor.getSnapshot())
        .messages.filter((message) => message.read)
        .map((message) => message.body)
    ).toEqual(["Will do, thanks!"])
    actor.stop()
  })

  test("shows 'Read' from the thread's read alone, as after a reload; a read mark later moves it on", async () => {
    const loaded = chatMachine.provide({
      actors: { loadPage: fromPromise(() => Promise.resolve(newestPage)) }
    })
    const actor = createActor(loaded, { input: { ...input, visible: false } }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches("loading")).toBe(false))
    const readBodies = () =>
      selectThread(actor.getSnapshot())
        .messages.filter((message) => message.read)
        .map((message) => message.body)
    // The coach had read up to 12 before this screen opened.
    expect(readBodies()).toEqual(["Heavy. Left knee twinged on the last set, so I stopped at 3."])
    actor.send({ type: "read.received", mark: readMark(coachId, 14) })
    expect(readBodies()).toEqual(["Will do, thanks!"])
    // An older mark (a late page, a late event) never moves it back.
    actor.send({ type: "read.received", mark: readMark(coachId, 12) })
    expect(readBodies()).toEqual(["Will do, thanks!"])
    actor.stop()
  })

  test("reads again when the live stream opens after a drop, not when it was open already", () => {
    const statuses: Array<(status: "connecting" | "open" | "reconnecting" | "offline" | "stopped") => void> = []
    let reopened = 0
    const subscribeStatus = (listener: (typeof statuses)[number]) => {
      statuses.push(listener)
      listener("open")
      return () => undefined
    }
    watchReopening(subscribeStatus, () => (reopened += 1))
    const [status] = statuses
    status?.("open")
    expect(reopened).toBe(0)
    status?.("reconnecting")
    status?.("open")
    expect(reopened).toBe(1)
    status?.("offline")
    status?.("connecting")
    status?.("open")
    expect(reopened).toBe(2)
  })

  test("the composer refuses what the server would, in its words", () => {
    expect(messageProblem("   \n\t ")).toBe("Message must not be empty")
    expect(messageProblem("\u200b")).toBe("Message must not be empty")
    expect(messageProblem("a".repeat(2001))).toBe("Message must be at most 2000 characters (this one has 2001)")
    expect(messageProblem("🏋️".repeat(1000))).toBeNull()
    expect(messageProblem("bell\u0007")).toBe("Message must not contain control characters other than newline and tab")
    expect(messageProblem("left knee\n\tstopped at 3")).toBeNull()
  })
})

describe("a thread the server has not", () => {
  const loadFailingWith = async (error: Error) => {
    const refusing = chatMachine.provide({ actors: { loadPage: fromPromise(() => Promise.reject(error)) } })
    const actor = createActor(refusing, { input }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches("loading")).toBe(false))
    const state = leafOf(actor.getSnapshot())
    actor.stop()
    return state
  }

  test("is unavailable for NoCoach and ClientNotFound, by tag; a generic 404 is a failure to retry", async () => {
    vi.useRealTimers()
    expect(await loadFailingWith(noCoach)).toBe("unavailable")
    expect(
      await loadFailingWith(new ClientNotFound({ error: "clientId: no client with id 7 on your client list" }))
    ).toBe("unavailable")
    expect(await loadFailingWith(new NotFound({ error: noCoach.error }))).toBe("failed")
  })
})
