/**
 * The browser side of the coaching contract (#domain/coaching-api.ts): the same token,
 * retry and errors as the main gateway (./gateway.ts), in a module of its own so only the
 * screens that show or change who coaches whom load it. Every call is a Promise for
 * XState fromPromise actors; it rejects with a DeclaredError or a GatewayDefect.
 */
import { CoachingApi } from "#domain/coaching-api.ts"
import type { InvitationId } from "#domain/coaching.ts"
import type { ClientKey } from "#domain/workout.ts"
import { contractCalls, promiseCalls, type GatewayOptions, type PromiseCalls } from "./gateway.ts"

const makeCoachingCalls = contractCalls(CoachingApi, (client) => ({
  /** The client's coach (or null) and the invitations addressed to their verified email. */
  coaching: () => client.coaching.coaching({}),
  acceptInvitation: (invitationId: InvitationId) => client.coaching.acceptInvitation({ params: { invitationId } }),
  declineInvitation: (invitationId: InvitationId) => client.coaching.declineInvitation({ params: { invitationId } }),
  /** The client ends the link with their coach. */
  endCoaching: () => client.coaching.endCoaching({}),
  /** The coach ends a link (a client's id) or withdraws an invitation (`pending:<email>`). */
  removeClient: (clientKey: ClientKey) => client.coachLinks.removeClient({ params: { clientKey } })
}))

export type CoachingGateway = PromiseCalls<ReturnType<typeof makeCoachingCalls>>

export const makeCoachingGateway = (options: GatewayOptions): CoachingGateway =>
  promiseCalls(makeCoachingCalls(options))
