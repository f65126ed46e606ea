/**
 * A coach's list of chats (docs/decisions/030) walked by its model: every state and transition
 * replayed on a running actor with its real implementations over the two calls the test
 * answers (the client list and the unread counts). The list shows a thread per accepted
 * client, newest conversation first, with its unread count; a live event reads it again
 * while the old list stays on screen; a failed refresh keeps it.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { UnreadCounts } from "#domain/chat.ts"
import { UserId } from "#domain/ids.ts"
import type { LiveEvent } from "#domain/live-events.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { coachId, messageFrom, threads } from "#machines/chat/chat.fixtures.ts"
import { twoClientsAndAnInvitation } from "#machines/coach-clients/coach-clients.fixtures.ts"
import { chatThreadsImplementations } from "#machines/chat-threads/chat-threads.actors.ts"
import { threadSummaries } from "#domain/thread-summaries.ts"
import { chatThreadsMachine, type ChatThreadsEvent } from "#machines/chat-threads/chat-threads.machine.ts"
import { selectThreadList, type ChatThreadsSnapshot } from "#machines/chat-threads/chat-threads.selectors.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { done, failure, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = ChatThreadsEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const input = { coachId }
const noNetwork = new GatewayDefect({ reason: "network", message: "The server could not be reached" })
const fewer = threads.slice(1)

const eventsFor = (): ReadonlyArray<ModelEvent> => [
  { type: "threads.retry" },
  { type: "threads.changed" },
  done("loadThreads", threads),
  failure("loadThreads", noNetwork),
  done("refreshThreads", fewer),
  failure("refreshThreads", noNetwork)
]

const walk = modelOf<ChatThreadsSnapshot, ModelEvent>(chatThreadsMachine, {
  input,
  events: eventsFor,
  serialize: (snapshot) => JSON.stringify([leafOf(snapshot), snapshot.context.threads.length])
})

describe("the coach's chats model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

describe("a running list, driven along the model", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    let pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined
    let waiting = false
    const gateway = { getAllClients: () => Promise.resolve(twoClientsAndAnInvitation) }
    const chat = {
      unread: () =>
        new Promise<UnreadCounts>((resolve, reject) => {
          waiting = true
          pending = {
            resolve: (value) => {
              waiting = false
              resolve(value as UnreadCounts)
            },
            reject: (error) => {
              waiting = false
              reject(error instanceof Error ? error : new Error(String(error)))
            }
          }
        })
    }
    const machine = chatThreadsMachine.provide(
      chatThreadsImplementations({
        gateway: gateway,
        chat: chat,
        live: undefined
      })
    )
    const actor = createActor(machine, { input }).start()
    // The test answers the unread call with counts that make `output` the list the model expects.
    const answer = {
      done: (output: unknown) => {
        const wanted = output as typeof threads
        pending?.resolve({
          total: 0,
          threads: wanted.map((thread) => ({
            clientId: thread.clientId,
            unread: thread.unread,
            lastMessageAt: thread.lastMessageAt
          }))
        })
      },
      error: (error: unknown) => pending?.reject(error)
    }
    const [initial] = initialTransition(chatThreadsMachine, input)
    await replayPath<ChatThreadsSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      { loadThreads: answer, refreshThreads: answer },
      (expected) => {
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        const list = selectThreadList(actual)
        expect(list.loading).toBe(leafOf(actual) === "loading")
        expect(list.failure).toBe(
          leafOf(actual) === "failed" ? "We couldn't reach the server. Check your connection and try again." : null
        )
        expect(list.refreshing).toBe(leafOf(actual) === "ready.refreshing")
        // A read is under way exactly while loading or refreshing.
        expect(waiting).toBe(leafOf(actual) === "loading" || leafOf(actual) === "ready.refreshing")
      }
    )
    actor.stop()
  })
})

describe("the coach's list of threads", () => {
  test("has a thread per accepted client, newest conversation first, then the rest by name", () => {
    const unread: UnreadCounts = {
      total: 3,
      threads: [
        { clientId: UserId.make(8), unread: 3, lastMessageAt: "2026-11-23T17:14:00.000Z" },
        { clientId: UserId.make(7), unread: 0, lastMessageAt: null }
      ]
    }
    expect(threadSummaries(twoClientsAndAnInvitation, unread)).toEqual([
      { clientId: 8, name: "ann Lifter", unread: 3, lastMessageAt: "2026-11-23T17:14:00.000Z" },
      { clientId: 7, name: "Bo Client", unread: 0, lastMessageAt: null }
    ])
  })

  test("reads the counts again when a live message or read mark arrives, not for a comment", async () => {
    let listener: (event: LiveEvent) => void = () => undefined
    let reads = 0
    const machine = chatThreadsMachine.provide(
      chatThreadsImplementations({
        gateway: { getAllClients: () => Promise.resolve(twoClientsAndAnInvitation) },
        chat: {
          unread: () => {
            reads += 1
            return Promise.resolve({ total: 0, threads: [] })
          }
        },
        live: {
          subscribe: (next) => {
            listener = next
            return () => undefined
          }
        }
      })
    )
    const actor = createActor(machine, { input }).start()
    await settleMicrotasks()
    expect(reads).toBe(1)
    listener({ type: "message", message: messageFrom(UserId.make(7), 20, "hi") })
    await settleMicrotasks()
    expect(reads).toBe(2)
    listener({ type: "comment", comment: {} as never })
    await settleMicrotasks()
    expect(reads).toBe(2)
    expect(leafOf(actor.getSnapshot())).toBe("ready.idle")
    actor.stop()
  })
})
