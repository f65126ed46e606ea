import { assign, fromPromise, setup } from "xstate"
import type { Coaching, InvitationId } from "#domain/coaching.ts"
import { declaredTag } from "#domain/declared-errors.ts"
import { describeFailure } from "../failure-text.ts"
import type { CoachingChange, CoachingContext, CoachingEvent } from "./coaching.types.ts"

// The client's side of coaching by consent (docs/decisions/033): their coach, the
// invitations addressed to them, and the three things they can do about it. Every change
// waits for the server, whose answer replaces what is shown: nothing reads "accepted" or
// "ended" before the server said so. A failure says what happened by the error's tag and
// offers the call again or the way back. coaching.actors.ts provides the calls.

export const ALREADY_HAVE_A_COACH = "You already have a coach: end that first."
export const INVITATION_NOT_OPEN = "That invitation is no longer open."
export const NO_COACH_TO_END = "You no longer have a coach."
export const VERIFY_EMAIL_FIRST = "Verify your email address first: open the link we sent you, then try again."

/** A failed change in words: the contract's refusals by tag, anything else as every machine says it. */
export const describeCoachingFailure = (error: unknown): string => {
  switch (declaredTag(error)) {
    case "AlreadyCoached":
      return ALREADY_HAVE_A_COACH
    case "InvitationNotFound":
      return INVITATION_NOT_OPEN
    case "NoCoach":
      return NO_COACH_TO_END
    case "EmailNotVerified":
      return VERIFY_EMAIL_FIRST
    default:
      return describeFailure(error)
  }
}

const rejectMissing = (name: string) => () => Promise.reject(new Error(`${name} was not provided`))

const invitationInput = ({ context }: { context: CoachingContext }): { invitationId: InvitationId } => {
  if (context.invitationId === null) throw new Error("no invitation chosen")
  return { invitationId: context.invitationId }
}

/** A change the server answered: its answer is what shows from now on. */
const answered = (change: CoachingChange) =>
  ({
    target: "idle",
    actions: {
      type: "rememberAnswer",
      params: ({ event }: { event: { output: Coaching } }) => ({ coaching: event.output, change })
    }
  }) as const

const failed = (target: string) =>
  ({
    target,
    actions: {
      type: "rememberFailure",
      params: ({ event }: { event: { error: unknown } }) => ({ failure: describeCoachingFailure(event.error) })
    }
  }) as const

const choose = {
  actions: {
    type: "chooseInvitation",
    params: ({ event }: { event: { invitationId: InvitationId } }) => ({ invitationId: event.invitationId })
  }
} as const

/** An open invitation of the last answer, chosen by its id. */
const openInvitation = {
  type: "isOpenInvitation",
  params: ({ event }: { event: { invitationId: InvitationId } }) => ({ invitationId: event.invitationId })
} as const

/** After a failure: the same call again, or back to what the server last said. */
const afterFailure = (again: string) =>
  ({
    "failure.retry": again,
    "failure.dismiss": { target: "idle", actions: "forgetChoice" }
  }) as const

export const coachingMachine = setup({
  types: {
    context: {} as CoachingContext,
    events: {} as CoachingEvent
  },
  actors: {
    loadCoaching: fromPromise<Coaching>(rejectMissing("loadCoaching")),
    acceptInvitation: fromPromise<Coaching, { invitationId: InvitationId }>(rejectMissing("acceptInvitation")),
    declineInvitation: fromPromise<Coaching, { invitationId: InvitationId }>(rejectMissing("declineInvitation")),
    endCoaching: fromPromise<Coaching>(rejectMissing("endCoaching"))
  },
  actions: {
    rememberAnswer: assign((_, params: { coaching: Coaching; change: CoachingChange | null }) => ({
      coaching: params.coaching,
      change: params.change,
      invitationId: null,
      failure: null
    })),
    chooseInvitation: assign((_, params: { invitationId: InvitationId }) => ({
      invitationId: params.invitationId,
      change: null,
      failure: null
    })),
    rememberFailure: assign((_, params: { failure: string }) => ({ failure: params.failure })),
    forgetChoice: assign({ invitationId: null, failure: null })
  },
  guards: {
    isOpenInvitation: ({ context }, params: { invitationId: InvitationId }) =>
      context.coaching?.invitations.some((invitation) => invitation.invitationId === params.invitationId) ?? false,
    hasCoach: ({ context }) => context.coaching?.coach != null
  }
}).createMachine({
  id: "coaching",
  context: { coaching: null, invitationId: null, change: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadCoaching",
        src: "loadCoaching",
        onDone: {
          target: "ready",
          actions: {
            type: "rememberAnswer",
            params: ({ event }) => ({ coaching: event.output, change: null })
          }
        },
        onError: {
          target: "failed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ failure: describeFailure(event.error) }) }
        }
      }
    },
    failed: {
      on: { "coaching.retry": "loading" }
    },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "invitation.accept": { guard: openInvitation, target: "accepting", ...choose },
            "invitation.decline": { guard: openInvitation, target: "declining", ...choose },
            "coaching.end": { guard: "hasCoach", target: "confirmingEnd" }
          }
        },
        // "End coaching with {coach}?": nothing is sent until they confirm.
        confirmingEnd: {
          on: {
            "end.confirm": "ending",
            "end.cancel": { target: "idle", actions: "forgetChoice" }
          }
        },
        accepting: {
          invoke: {
            id: "acceptInvitation",
            src: "acceptInvitation",
            input: invitationInput,
            onDone: answered("accepted"),
            onError: failed("acceptFailed")
          }
        },
        acceptFailed: { on: afterFailure("accepting") },
        declining: {
          invoke: {
            id: "declineInvitation",
            src: "declineInvitation",
            input: invitationInput,
            onDone: answered("declined"),
            onError: failed("declineFailed")
          }
        },
        declineFailed: { on: afterFailure("declining") },
        ending: {
          invoke: {
            id: "endCoaching",
            src: "endCoaching",
            onDone: answered("ended"),
            onError: failed("endFailed")
          }
        },
        endFailed: { on: afterFailure("ending") }
      }
    }
  }
})

export type CoachingMachine = typeof coachingMachine
