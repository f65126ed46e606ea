/**
 * A note (or reply) being written, walked by its model: every state and transition,
 * replayed on a running composer with its real implementations (a delivery the test
 * answers, and word of the network's return through the port). A lifter sees "Sending…"
 * until the server answers, "Not sent yet" while offline, the server's refusal with a
 * retry, and "sent" only once the server stored it; every try carries the same device id.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import { commentComposerImplementations } from "#machines/comment-composer/comment-composer.actors.ts"
import { commentComposerMachine, type ComposerEvent } from "#machines/comment-composer/comment-composer.machine.ts"
import {
  NOT_SENT_YET,
  SENDING,
  selectComposer,
  type ComposerSnapshot
} from "#machines/comment-composer/comment-composer.selectors.ts"
import { textProblem } from "#domain/comment-text.ts"
import { NoteKeptForLater } from "#domain/note-outcomes.ts"
import { onSet } from "#machines/comments/comments.fixtures.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = ComposerEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const input = { what: "note" }
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const refused = { _tag: "NotFound", error: "target.setId: no set 102 in your workouts" }

const events: ReadonlyArray<ModelEvent> = [
  { type: "note.open" },
  { type: "note.change", text: "left knee, stopped at 3" },
  { type: "note.change", text: "  \n " },
  { type: "note.send" },
  { type: "note.cancel" },
  { type: "note.retry" },
  { type: "network.online" },
  done("deliver", onSet),
  failure("deliver", serverDown),
  // A lifter's note handed to their outbox, which keeps it for the network (docs/decisions/041).
  failure("deliver", new NoteKeptForLater()),
  failure("deliver", refused)
]

const serialize = (snapshot: ComposerSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    sendable: textProblem(snapshot.context.text, "note") === null,
    problem: snapshot.context.problem !== null,
    sent: snapshot.context.sent !== null
  })

const walk = modelOf<ComposerSnapshot, ModelEvent>(commentComposerMachine, { input, events: () => events, serialize })

describe("the comment composer's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, the guarded ones too", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

function runningComposer() {
  const stubs = deferredGateway(["addComment"])
  const online = new Set<() => void>()
  const delivered: Array<unknown> = []
  const machine = commentComposerMachine.provide(
    commentComposerImplementations({
      deliver: async (delivery) => {
        const chat: { addComment: (delivery: unknown) => Promise<never> } = stubs.gateway
        return chat.addComment(delivery)
      },
      delivered: (comment) => delivered.push(comment),
      watchOnline: (back) => {
        online.add(back)
        return () => online.delete(back)
      }
    })
  )
  const actor = createActor(machine, { input }).start()
  // The network's return reaches the composer the way the browser's does: through the port.
  const driver = {
    send: (event: ModelEvent) => {
      if (event.type === "network.online") online.forEach((back) => back())
      else actor.send(event as ComposerEvent)
    }
  } as unknown as AnyActorRef
  return { stubs, actor, driver, online, delivered, answers: { deliver: oneCall(stubs, "addComment") } }
}

function expectWhatALifterSees(snapshot: ComposerSnapshot, running: ReturnType<typeof runningComposer>) {
  const leaf = leafOf(snapshot)
  const view = selectComposer(snapshot)
  expect(view.status).toBe(leaf)
  expect(view.open).toBe(!["closed", "sent"].includes(leaf))
  expect(view.statusText).toBe(
    leaf === "sending"
      ? SENDING
      : leaf === "waiting"
        ? NOT_SENT_YET
        : leaf === "failed"
          ? refused.error
          : leaf === "sent"
            ? "Your note was sent."
            : null
  )
  // Only a stored note is ever "sent", and the list beside it is told of exactly those.
  expect(running.delivered.length > 0).toBe(snapshot.context.sent !== null)
  expect(running.stubs.isWaitingFor("addComment")).toBe(leaf === "sending")
  if (leaf === "sending") {
    expect(running.stubs.argsOf("addComment")).toEqual([
      { id: running.actor.getSnapshot().context.id, text: snapshot.context.text }
    ])
  }
  // Offline, it listens for the network; otherwise it does not.
  expect(running.online.size).toBe(leaf === "waiting" ? 1 : 0)
  expect(view.canRetry).toBe(leaf === "waiting" || leaf === "failed")
}

describe("a running composer, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningComposer()
    const [initial] = initialTransition(commentComposerMachine, input)
    await replayPath<ComposerSnapshot, ModelEvent>(initial, edge.path, running.driver, running.answers, (expected) => {
      const actual = running.actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      const { id: _a, ...rest } = actual.context
      const { id: _e, ...expectedRest } = expected.context
      expect(rest).toEqual(expectedRest)
      expectWhatALifterSees(actual, running)
    })
    running.actor.stop()
  })
})

describe("a note sent offline", () => {
  test("keeps its device id from the first try to the one after the network returns, and a new note gets a new id", async () => {
    const running = runningComposer()
    const { actor, stubs } = running
    actor.send({ type: "note.open" })
    actor.send({ type: "note.change", text: "left knee, stopped at 3" })
    actor.send({ type: "note.send" })
    await settleMicrotasks()
    const first = stubs.argsOf("addComment")
    stubs.fail("addComment", serverDown)
    await settleMicrotasks()
    expect(selectComposer(actor.getSnapshot()).statusText).toBe(NOT_SENT_YET)
    running.online.forEach((back) => back())
    await settleMicrotasks()
    expect(stubs.argsOf("addComment")).toEqual(first)
    stubs.settle("addComment", onSet)
    await settleMicrotasks()
    expect(selectComposer(actor.getSnapshot()).status).toBe("sent")
    actor.send({ type: "note.open" })
    actor.send({ type: "note.change", text: "and the right one" })
    actor.send({ type: "note.send" })
    await settleMicrotasks()
    expect((stubs.argsOf("addComment")?.[0] as { id: string }).id).not.toBe((first?.[0] as { id: string }).id)
    actor.stop()
  })

  test("empty, too long, or with control characters, it is refused before sending, in the server's words", () => {
    expect(textProblem(" \n\t", "note")).toBe("The note must not be empty")
    expect(textProblem("a".repeat(2001), "note")).toBe("The note must be at most 2000 characters")
    expect(textProblem("knee\u0007", "reply")).toBe(
      "The reply must not contain control characters other than newline and tab"
    )
    expect(textProblem("🦵 sore", "note")).toBeNull()
  })
})
