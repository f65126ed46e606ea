/**
 * The client's side of coaching by consent (docs/decisions/033), walked by its model:
 * every state and transition (guarded branches included), replayed on a running actor
 * with its real implementations over a gateway the test answers. The client must see
 * what the server last answered and nothing ahead of it: no "You now train with…" before
 * the accept is answered, no coach gone before the end is; every failure says what
 * happened by its tag and offers the call again or the way back; ending is asked first.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { NotFound } from "#domain/api-errors.ts"
import { AlreadyCoached, InvitationNotFound, NoCoach } from "#domain/coaching-errors.ts"
import { EmailNotVerified } from "#domain/user-errors.ts"
import type { InvitationId } from "#domain/coaching.ts"
import { coachingImplementations } from "#machines/coaching/coaching.actors.ts"
import { coachedBySam, samInvitation, twoInvitations } from "#machines/coaching/coaching.fixtures.ts"
import {
  ALREADY_HAVE_A_COACH,
  coachingMachine,
  describeCoachingFailure,
  INVITATION_NOT_OPEN,
  NO_COACH_TO_END,
  VERIFY_EMAIL_FIRST
} from "#machines/coaching/coaching.machine.ts"
import {
  acceptedText,
  DECLINED,
  ENDED,
  endQuestion,
  invitationText,
  selectCoaching,
  type CoachingSnapshot
} from "#machines/coaching/coaching.selectors.ts"
import type { CoachingEvent } from "#machines/coaching/coaching.types.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = CoachingEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const notOpen = new InvitationNotFound({ error: "No open invitation 11 for you" })
const hasCoach = new AlreadyCoached({ error: "You already have a coach" })
const unverifiedEmail = new EmailNotVerified({ error: "Verify your email address first" })
const noCoach = new NoCoach({ error: "You have no coach" })
/** Rio's invitation declined: only Sam's is left. */
const afterDeclining = { ...twoInvitations, invitations: [samInvitation] }
const afterEnding = { ...coachedBySam, coach: null }
const neverInvited = 99 as InvitationId

const eventsFor = (): ReadonlyArray<ModelEvent> => [
  { type: "coaching.retry" },
  { type: "invitation.accept", invitationId: samInvitation.invitationId },
  { type: "invitation.accept", invitationId: neverInvited },
  { type: "invitation.decline", invitationId: 12 as InvitationId },
  { type: "invitation.decline", invitationId: neverInvited },
  { type: "coaching.end" },
  { type: "end.confirm" },
  { type: "end.cancel" },
  { type: "failure.retry" },
  { type: "failure.dismiss" },
  done("loadCoaching", twoInvitations),
  done("loadCoaching", coachedBySam),
  failure("loadCoaching", serverDown),
  done("acceptInvitation", coachedBySam),
  failure("acceptInvitation", hasCoach),
  failure("acceptInvitation", notOpen),
  done("declineInvitation", afterDeclining),
  failure("declineInvitation", unverifiedEmail),
  done("endCoaching", afterEnding),
  failure("endCoaching", noCoach)
]

const serialize = (snapshot: CoachingSnapshot) => {
  const { coaching, invitationId, change, failure: why } = snapshot.context
  return JSON.stringify([
    leafOf(snapshot),
    coaching?.coach?.name ?? null,
    coaching?.invitations.map((invitation) => invitation.invitationId) ?? null,
    invitationId,
    change,
    why
  ])
}

const walk = modelOf<CoachingSnapshot, ModelEvent>(coachingMachine, { input: undefined, events: eventsFor, serialize })

describe("the coaching machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

const CALLS = ["coaching", "acceptInvitation", "declineInvitation", "endCoaching"] as const

function runningCoaching() {
  const stubs = deferredGateway(CALLS)
  const actor = createActor(coachingMachine.provide(coachingImplementations({ gateway: stubs.gateway }))).start()
  return {
    stubs,
    actor,
    answers: {
      loadCoaching: oneCall(stubs, "coaching"),
      acceptInvitation: oneCall(stubs, "acceptInvitation"),
      declineInvitation: oneCall(stubs, "declineInvitation"),
      endCoaching: oneCall(stubs, "endCoaching")
    }
  }
}
type RunningCoaching = ReturnType<typeof runningCoaching>

const FAILURE_TEXT: Readonly<Record<string, string>> = {
  AlreadyCoached: ALREADY_HAVE_A_COACH,
  EmailNotVerified: VERIFY_EMAIL_FIRST,
  GatewayDefect: NETWORK_DOWN
}

function expectWhatAClientSees(
  snapshot: CoachingSnapshot,
  { stubs }: RunningCoaching,
  event: ModelEvent | undefined,
  lastAnswer: { value: unknown }
) {
  const leaf = leafOf(snapshot)
  const view = selectCoaching(snapshot)
  const { invitationId } = snapshot.context
  // Exactly the call the state stands for is on its way, with the invitation chosen.
  expect(stubs.isWaitingFor("coaching")).toBe(leaf === "loading")
  expect(stubs.isWaitingFor("acceptInvitation")).toBe(leaf === "ready.accepting")
  expect(stubs.isWaitingFor("declineInvitation")).toBe(leaf === "ready.declining")
  expect(stubs.isWaitingFor("endCoaching")).toBe(leaf === "ready.ending")
  if (leaf === "ready.accepting") expect(stubs.argsOf("acceptInvitation")).toEqual([invitationId])
  if (leaf === "ready.declining") expect(stubs.argsOf("declineInvitation")).toEqual([invitationId])

  // What shows is the server's last answer, never a change it has not made.
  if (event?.type.startsWith("xstate.done.actor.") === true) lastAnswer.value = (event as { output: unknown }).output
  const answer = snapshot.context.coaching
  expect(answer).toBe(lastAnswer.value ?? null)
  expect(view.coach?.name ?? null).toBe(answer?.coach?.name ?? null)
  expect(view.invitations.map((invitation) => invitation.text)).toEqual(
    (answer?.invitations ?? []).map((invitation) => invitationText(invitation.coachName, invitation.coachEmail))
  )
  expect(view.loading).toBe(leaf === "loading")
  expect(view.loadError).toBe(leaf === "failed" ? NETWORK_DOWN : null)

  const notice = {
    "xstate.done.actor.acceptInvitation": acceptedText("Sam Coach"),
    "xstate.done.actor.declineInvitation": DECLINED,
    "xstate.done.actor.endCoaching": ENDED
  }[event?.type ?? ""]
  if (notice !== undefined) expect(view.notice).toBe(notice)
  if (leaf !== "ready.idle") expect(view.notice).toBeNull()

  // Ending is asked first, with the coach's name.
  expect(view.endQuestion).toBe(leaf === "ready.confirmingEnd" ? endQuestion("Sam Coach") : null)
  expect(view.canEnd).toBe(leaf === "ready.idle" && answer?.coach != null)

  // A failure names what happened, on the invitation it was about.
  const failed = view.invitations.filter((invitation) => invitation.failure !== null)
  if (leaf === "ready.acceptFailed" || leaf === "ready.declineFailed") {
    const error = (event as { error?: { _tag: string } } | undefined)?.error
    const reason = error === undefined ? null : error === notOpen ? INVITATION_NOT_OPEN : FAILURE_TEXT[error._tag]
    expect(failed.map((invitation) => invitation.invitationId)).toEqual([invitationId])
    if (reason !== null) expect(failed[0]?.failure?.reason).toBe(reason)
  } else expect(failed).toEqual([])
  expect(view.endFailure).toBe(leaf === "ready.endFailed" ? NO_COACH_TO_END : null)
  // Nothing else can be answered while a change is on its way or failed.
  expect(view.invitations.every((invitation) => invitation.canAnswer === (leaf === "ready.idle"))).toBe(true)
}

describe("a running coaching screen, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningCoaching()
    const { actor } = running
    const [initial] = initialTransition(coachingMachine, undefined)
    const lastAnswer: { value: unknown } = { value: null }
    await replayPath<CoachingSnapshot, ModelEvent>(initial, edge.path, actor, running.answers, (expected, event) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      expectWhatAClientSees(actual, running, event, lastAnswer)
    })
    actor.stop()
  })
})

describe("a refused change in words", () => {
  test("each refusal is told by its tag; a generic 404 is the server's own words, whatever they say", () => {
    expect(describeCoachingFailure(hasCoach)).toBe(ALREADY_HAVE_A_COACH)
    expect(describeCoachingFailure(notOpen)).toBe(INVITATION_NOT_OPEN)
    expect(describeCoachingFailure(noCoach)).toBe(NO_COACH_TO_END)
    expect(describeCoachingFailure(unverifiedEmail)).toBe(VERIFY_EMAIL_FIRST)
    expect(describeCoachingFailure(new NotFound({ error: notOpen.error }))).toBe(notOpen.error)
  })
})
