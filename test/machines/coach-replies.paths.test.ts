/**
 * A lifter's replies from their coach and the unread badge (docs/decisions/041), walked by
 * the machine's model: every state and transition, replayed on a running actor with its
 * real implementations (a chat gateway the test answers, and a live feed the test speaks
 * through). The badge is the server's count: it goes only when the server holds the mark.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import type { WorkoutComment } from "#domain/comments.ts"
import { coachRepliesImplementations } from "#machines/coach-replies/coach-replies.actors.ts"
import { allRead, twoUnreadReplies } from "#machines/coach-replies/coach-replies.fixtures.ts"
import { coachRepliesMachine } from "#machines/coach-replies/coach-replies.machine.ts"
import {
  MARK_FAILED,
  selectCoachReplies,
  type CoachRepliesSnapshot
} from "#machines/coach-replies/coach-replies.selectors.ts"
import type { CoachRepliesEvent } from "#machines/coach-replies/coach-replies.types.ts"
import { onSet, repliedOnSet, samId } from "#machines/comments/comments.fixtures.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"
import { scriptedLive } from "./scripted-live.ts"

type ModelEvent = CoachRepliesEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const input = { me: samId }
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

const events: ReadonlyArray<ModelEvent> = [
  done("loadReplies", twoUnreadReplies),
  done("loadReplies", allRead),
  failure("loadReplies", serverDown),
  done("markRead", allRead),
  failure("markRead", serverDown),
  { type: "replies.retry" },
  { type: "replies.open" },
  { type: "replies.changed" }
]

// What guards read: whether anything is unread, and whether a reply came during a mark.
const serialize = (snapshot: CoachRepliesSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    read: snapshot.context.replies === null ? null : snapshot.context.replies.unread,
    stale: snapshot.context.stale,
    failure: snapshot.context.failure !== null
  })

const walk = modelOf<CoachRepliesSnapshot, ModelEvent>(coachRepliesMachine, { input, events: () => events, serialize })

describe("the coach replies' model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, the guarded ones too", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

const replyFor = (comment: WorkoutComment) => ({ type: "comment" as const, comment })

function runningReplies() {
  const stubs = deferredGateway(["coachReplies", "markRepliesRead"])
  const feed = scriptedLive("open")
  const machine = coachRepliesMachine.provide(coachRepliesImplementations({ chat: stubs.gateway, live: feed.live }))
  const actor = createActor(machine, { input }).start()
  // A reply reaches the machine the way the server sends it: a comment of the lifter's, replied, on the live feed.
  const driver = {
    send: (event: ModelEvent) => {
      if (event.type === "replies.changed") feed.emit(replyFor(repliedOnSet))
      else actor.send(event as CoachRepliesEvent)
    }
  } as unknown as AnyActorRef
  const answers = { loadReplies: oneCall(stubs, "coachReplies"), markRead: oneCall(stubs, "markRepliesRead") }
  return { stubs, feed, actor, driver, answers }
}

describe("running replies, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningReplies()
    const [initial] = initialTransition(coachRepliesMachine, input)
    await replayPath<CoachRepliesSnapshot, ModelEvent>(
      initial,
      edge.path,
      running.driver,
      running.answers,
      (expected) => {
        const actual = running.actor.getSnapshot()
        const leaf = leafOf(actual)
        expect(leaf).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        const view = selectCoachReplies(actual)
        // The badge is the server's last count, never one the device guessed.
        expect(view.unread).toBe(expected.context.replies?.unread ?? 0)
        expect(view.error).toBe(leaf === "failed" ? NETWORK_DOWN : null)
        expect(view.markError).toBe(leaf === "ready.markFailed" ? MARK_FAILED : null)
        // One read, or one mark, at a time; the mark names the newest reply.
        expect(running.stubs.isWaitingFor("coachReplies")).toBe(leaf === "loading" || leaf === "ready.reloading")
        expect(running.stubs.isWaitingFor("markRepliesRead")).toBe(leaf === "ready.marking")
        if (leaf === "ready.marking")
          expect(running.stubs.argsOf("markRepliesRead")).toEqual([twoUnreadReplies.replies[0]?.id])
      }
    )
    running.actor.stop()
    expect(running.feed.listening()).toBe(0)
  })
})

describe("what brings a new read", () => {
  test("a reply to the lifter's own comment and the stream reopening do; another's comment or an unreplied one do not", async () => {
    const running = runningReplies()
    await settleMicrotasks()
    running.stubs.settle("coachReplies", allRead)
    await settleMicrotasks()
    running.feed.emit(replyFor({ ...repliedOnSet, clientId: 99 as typeof samId }))
    running.feed.emit(replyFor(onSet))
    expect(running.stubs.isWaitingFor("coachReplies")).toBe(false)
    running.feed.emit(replyFor(repliedOnSet))
    await settleMicrotasks()
    expect(running.stubs.isWaitingFor("coachReplies")).toBe(true)
    running.stubs.settle("coachReplies", twoUnreadReplies)
    await settleMicrotasks()
    expect(selectCoachReplies(running.actor.getSnapshot()).unread).toBe(2)
    running.feed.status("reconnecting")
    running.feed.status("open")
    await settleMicrotasks()
    expect(running.stubs.isWaitingFor("coachReplies")).toBe(true)
    running.actor.stop()
  })

  test("opening with nothing unread asks the server nothing", async () => {
    const running = runningReplies()
    await settleMicrotasks()
    running.stubs.settle("coachReplies", allRead)
    await settleMicrotasks()
    running.actor.send({ type: "replies.open" })
    await settleMicrotasks()
    expect(running.stubs.isWaitingFor("markRepliesRead")).toBe(false)
    running.actor.stop()
  })
})
