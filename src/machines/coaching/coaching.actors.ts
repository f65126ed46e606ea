import { fromPromise } from "xstate"
import type { Coaching, InvitationId } from "#domain/coaching.ts"
import type { CoachingGateway } from "#gateway/coaching-gateway.ts"

/** What the client's coaching needs from outside: the four calls of the coaching contract. */
export interface CoachingPorts {
  readonly gateway: Pick<CoachingGateway, "coaching" | "acceptInvitation" | "declineInvitation" | "endCoaching">
}

/** Coaching's real actors, for `coachingMachine.provide(...)`. */
export function coachingImplementations(ports: CoachingPorts) {
  return {
    actors: {
      loadCoaching: fromPromise<Coaching>(async () => ports.gateway.coaching()),
      acceptInvitation: fromPromise<Coaching, { invitationId: InvitationId }>(async ({ input }) =>
        ports.gateway.acceptInvitation(input.invitationId)
      ),
      declineInvitation: fromPromise<Coaching, { invitationId: InvitationId }>(async ({ input }) =>
        ports.gateway.declineInvitation(input.invitationId)
      ),
      endCoaching: fromPromise<Coaching>(async () => ports.gateway.endCoaching())
    }
  }
}
