import type { Coaching, CoachInvitation, CurrentCoach, InvitationId } from "#domain/coaching.ts"
import type { UserId } from "#domain/ids.ts"
import type { CoachingPorts } from "./coaching.actors.ts"
import type { CoachingContext } from "./coaching.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// Sample coaching for stories and tests. No network.

export const samInvitation: CoachInvitation = {
  invitationId: 11 as InvitationId,
  coachName: "Sam Coach",
  coachEmail: "sam@example.com",
  invitedAt: "2026-01-05T09:30:00.000Z"
}

export const rioInvitation: CoachInvitation = {
  invitationId: 12 as InvitationId,
  coachName: "Rio Trainer",
  coachEmail: "rio@example.com",
  invitedAt: "2026-01-06T18:00:00.000Z"
}

export const samAsCoach: CurrentCoach = {
  coachId: 3 as UserId,
  name: "Sam Coach",
  email: "sam@example.com",
  since: "2026-01-07T08:00:00.000Z"
}

/** Two coaches invited them; nobody coaches them yet. */
export const twoInvitations: Coaching = {
  coach: null,
  invitations: [samInvitation, rioInvitation],
  emailVerified: true
}
/** Sam accepted; Rio's invitation is still open. */
export const coachedBySam: Coaching = { coach: samAsCoach, invitations: [rioInvitation], emailVerified: true }
export const nothingYet: Coaching = { coach: null, invitations: [], emailVerified: true }
/** The server shows an unverified inbox no invitations. */
export const unverified: Coaching = { coach: null, invitations: [], emailVerified: false }

export const coachingContext = (overrides: Partial<CoachingContext> = {}): CoachingContext => ({
  coaching: twoInvitations,
  invitationId: null,
  change: null,
  failure: null,
  ...overrides
})

/** Calls that never answer, so a story stays in the state it shows. */
export const storyCoachingPorts: CoachingPorts = { gateway: unansweredCalls() }
