import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { InvitationId } from "#domain/coaching.ts"
import type { CoachingMachine } from "./coaching.machine.ts"

export type CoachingSnapshot = SnapshotFrom<CoachingMachine>
export type CoachingActorRef = ActorRefFrom<CoachingMachine>

export const LOADING_COACHING = "Loading your coaching…"
export const NO_COACH_YET = "No coach yet"
export const INVITATIONS_ONCE_VERIFIED =
  "Invitations from coaches show here once your email is verified. Open the link we sent you to verify it."
export const DECLINED = "Invitation declined."
export const ENDED = "Coaching ended. Your workouts and logs stay yours."

export const invitationText = (coachName: string, coachEmail: string) =>
  `${coachName} (${coachEmail}) invited you to train with them.`
export const endQuestion = (coachName: string) => `End coaching with ${coachName}?`
export const acceptedText = (coachName: string) => `You now train with ${coachName}.`

/** "Jan 7, 2026" for an instant the server sent. */
export const sinceText = (instant: string) =>
  new Date(instant).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" })

export interface InvitationView {
  readonly invitationId: InvitationId
  readonly coachName: string
  readonly text: string
  /** This invitation's answer is on its way. */
  readonly busy: "accepting" | "declining" | null
  /** Why this invitation's accept or decline failed; the screen offers it again, or back. */
  readonly failure: { readonly title: string; readonly reason: string } | null
  /** Accept and Decline are on: not while another answer is on its way or failed. */
  readonly canAnswer: boolean
}

export interface CoachView {
  readonly name: string
  readonly email: string
  readonly since: string
}

export interface CoachingView {
  readonly loading: boolean
  readonly loadError: string | null
  /** The server's word; null until it is in. */
  readonly emailVerified: boolean | null
  readonly invitations: ReadonlyArray<InvitationView>
  readonly coach: CoachView | null
  /** "End coaching with Sam Coach?" while asking; null otherwise. */
  readonly endQuestion: string | null
  readonly ending: boolean
  readonly endFailure: string | null
  readonly canEnd: boolean
  /** What the server's last answer did, said from that answer. */
  readonly notice: string | null
}

const noticeOf = (snapshot: CoachingSnapshot): string | null => {
  const { change, coaching } = snapshot.context
  if (change === null || coaching === null) return null
  if (change === "accepted") return coaching.coach === null ? null : acceptedText(coaching.coach.name)
  if (change === "declined") return DECLINED
  return coaching.coach === null ? ENDED : null
}

export const selectCoaching = (snapshot: CoachingSnapshot): CoachingView => {
  const { coaching, invitationId, failure } = snapshot.context
  const busy = snapshot.matches({ ready: "accepting" })
    ? ("accepting" as const)
    : snapshot.matches({ ready: "declining" })
      ? ("declining" as const)
      : null
  const invitationFailure = snapshot.matches({ ready: "acceptFailed" })
    ? "Not accepted."
    : snapshot.matches({ ready: "declineFailed" })
      ? "Not declined."
      : null
  const invitations = (coaching?.invitations ?? []).map((invitation): InvitationView => {
    const chosen = invitation.invitationId === invitationId
    return {
      invitationId: invitation.invitationId,
      coachName: invitation.coachName,
      text: invitationText(invitation.coachName, invitation.coachEmail),
      busy: chosen ? busy : null,
      failure: chosen && invitationFailure !== null ? { title: invitationFailure, reason: failure ?? "" } : null,
      canAnswer: snapshot.can({ type: "invitation.accept", invitationId: invitation.invitationId })
    }
  })
  const coach = coaching?.coach ?? null
  return {
    loading: snapshot.matches("loading"),
    loadError: snapshot.matches("failed") ? failure : null,
    emailVerified: coaching?.emailVerified ?? null,
    invitations,
    coach: coach === null ? null : { name: coach.name, email: coach.email, since: sinceText(coach.since) },
    endQuestion: snapshot.matches({ ready: "confirmingEnd" }) && coach !== null ? endQuestion(coach.name) : null,
    ending: snapshot.matches({ ready: "ending" }),
    endFailure: snapshot.matches({ ready: "endFailed" }) ? failure : null,
    canEnd: snapshot.can({ type: "coaching.end" }),
    notice: noticeOf(snapshot)
  }
}

/** Views are rebuilt on every snapshot; equal ones need no render. */
export const sameCoaching = (a: CoachingView, b: CoachingView): boolean => JSON.stringify(a) === JSON.stringify(b)
