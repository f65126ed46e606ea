/**
 * A list of comments (the coach's day view, the dashboard's panel, the lifter's own day),
 * walked by its model and replayed on a running list with its real implementations: a
 * chat gateway the test answers and a live feed the test speaks through. Live comments are
 * merged by id in every state, one that lands during the read included; a reply replaces
 * the comment it answers; a failed read is shown with a retry.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutComment } from "#domain/comments.ts"
import type { UserId } from "#domain/ids.ts"
import {
  commentListImplementations,
  dayCommentPorts,
  recentCommentPorts
} from "#machines/comments/comment-list.actors.ts"
import { commentListMachine, type CommentListEvent } from "#machines/comments/comment-list.machine.ts"
import {
  commentsOnSet,
  commentsOnWorkout,
  selectCommentList,
  selectRecentComments,
  type CommentListSnapshot
} from "#machines/comments/comment-list.selectors.ts"
import {
  commentDay,
  onSet,
  onWorkout,
  recentFromSam,
  repliedOnSet,
  samId,
  squatSetTwo
} from "#machines/comments/comments.fixtures.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"
import { scriptedLive } from "./scripted-live.ts"

type ModelEvent = CommentListEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

const events: ReadonlyArray<ModelEvent> = [
  { type: "comments.retry" },
  { type: "comments.reload" },
  { type: "comment.arrived", comment: onSet },
  { type: "comment.arrived", comment: repliedOnSet },
  done("loadComments", [onWorkout]),
  done("loadComments", []),
  failure("loadComments", serverDown)
]

const serialize = (snapshot: CommentListSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    comments: snapshot.context.comments.map((comment) => [comment.id, comment.reply !== null])
  })

const walk = modelOf<CommentListSnapshot, ModelEvent>(commentListMachine, {
  input: undefined,
  events: () => events,
  serialize
})

describe("the comment list's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, the guarded ones too", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

const commentArrives = (feed: ReturnType<typeof scriptedLive>, comment: WorkoutComment) =>
  feed.emit({ type: "comment", comment })

function runningDayList() {
  const stubs = deferredGateway(["dayComments"])
  const feed = scriptedLive("connecting")
  const machine = commentListMachine.provide(
    commentListImplementations(
      dayCommentPorts({ chat: stubs.gateway, live: feed.live, clientId: samId, date: commentDay })
    )
  )
  const actor = createActor(machine).start()
  // Comments arrive the way the server sends them: through the live feed.
  const driver = {
    send: (event: ModelEvent) => {
      if (event.type === "comment.arrived") commentArrives(feed, event.comment)
      // The stream opening again is what reloads the list.
      else if (event.type === "comments.reload") feed.status("open")
      else actor.send(event as CommentListEvent)
    }
  } as unknown as AnyActorRef
  return { stubs, actor, driver, feed, answers: { loadComments: oneCall(stubs, "dayComments") } }
}

function expectWhatACoachSees(snapshot: CommentListSnapshot, { stubs }: ReturnType<typeof runningDayList>) {
  const leaf = leafOf(snapshot)
  const view = selectCommentList(snapshot)
  expect(view.status).toBe(leaf)
  expect(view.error).toBe(leaf === "failed" ? NETWORK_DOWN : null)
  expect(view.canRetry).toBe(leaf === "failed")
  // One read at a time: a reload while reading starts it again.
  expect(stubs.isWaitingFor("dayComments")).toBe(leaf === "loading")
  if (leaf === "loading") expect(stubs.argsOf("dayComments")).toEqual([samId, commentDay])
  expect(view.comments.length === 0).toBe(leaf !== "showing" && snapshot.context.comments.length === 0)
  // Oldest first, each once.
  const seqs = view.comments.map((comment) => snapshot.context.comments.find((c) => c.id === comment.id)?.seq)
  expect(seqs).toEqual([...seqs].sort((a, b) => (a ?? 0) - (b ?? 0)))
  expect(new Set(view.comments.map((comment) => comment.id)).size).toBe(view.comments.length)
}

describe("a running day list, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningDayList()
    const [initial] = initialTransition(commentListMachine, undefined)
    await replayPath<CommentListSnapshot, ModelEvent>(
      initial,
      edge.path,
      running.driver,
      running.answers,
      (expected) => {
        const actual = running.actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatACoachSees(actual, running)
      }
    )
    running.actor.stop()
    expect(running.feed.listening()).toBe(0)
  })
})

describe("what the lists show", () => {
  test("a day's list keeps only that client's comments of that day, and places each by its set or workout", async () => {
    const running = runningDayList()
    await settleMicrotasks()
    running.stubs.settle("dayComments", [onWorkout])
    await settleMicrotasks()
    commentArrives(running.feed, { ...onSet, clientId: 99 as UserId })
    commentArrives(running.feed, { ...onSet, date: "2026-11-24" as IsoDate })
    commentArrives(running.feed, onSet)
    commentArrives(running.feed, repliedOnSet)
    const view = selectCommentList(running.actor.getSnapshot())
    expect(view.comments.map((comment) => comment.body)).toEqual([onSet.body, onWorkout.body])
    expect(commentsOnSet(view, squatSetTwo)).toMatchObject([
      { on: "Squat, set 2", reply: repliedOnSet.reply?.body, dayParams: { userId: "7", date: "11-23-2026" } }
    ])
    expect(commentsOnWorkout(view, onWorkout.workoutOrder)).toMatchObject([{ on: "Workout", body: onWorkout.body }])
    // A read that was under way before the reply does not take the reply away.
    running.actor.send({ type: "comment.arrived", comment: onSet })
    expect(commentsOnSet(selectCommentList(running.actor.getSnapshot()), squatSetTwo)[0]?.reply).toBe(
      repliedOnSet.reply?.body
    )
    running.actor.stop()
  })

  test("the dashboard's panel is newest first, naming each live comment's client", async () => {
    const stubs = deferredGateway(["recentComments"])
    const feed = scriptedLive("connecting")
    const actor = createActor(
      commentListMachine.provide(
        commentListImplementations(
          recentCommentPorts({
            chat: stubs.gateway,
            live: feed.live,
            nameOf: (id) => (id === samId ? "Sam Lifter" : undefined)
          })
        )
      )
    ).start()
    await settleMicrotasks()
    stubs.settle("recentComments", recentFromSam)
    await settleMicrotasks()
    commentArrives(feed, {
      ...onSet,
      id: "2d8a6e3a-0b9c-4e3f-9c85-4b3a7f9e1d32" as WorkoutComment["id"],
      body: "right hip too",
      seq: 20
    })
    const view = selectRecentComments(actor.getSnapshot())
    expect(view.comments.map((comment) => [comment.body, comment.clientName, comment.on])).toEqual([
      ["right hip too", "Sam Lifter", "Squat, set 2"],
      [onWorkout.body, "Sam Lifter", "Workout"],
      [onSet.body, "Sam Lifter", "Squat, set 2"]
    ])
    actor.stop()
  })
})
