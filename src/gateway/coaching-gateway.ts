/**
 * The browser side of the coaching contract (#domain/coaching-api.ts): the same token,
 * retry and errors as the main gateway (./gateway.ts), in a module of its own so only the
 * screens that show or change who coaches whom load it. Every call is a Promise for
 * XState fromPromise actors; it rejects with a DeclaredError or a GatewayDefect.
 */
import type * as Effect from "effect/Effect"
import { CoachingApi } from "#domain/coaching-api.ts"
import type { Coaching, InvitationId } from "#domain/coaching.ts"
import type { ClientKey, ClientLookup } from "#domain/workout.ts"
import { makeContractClient } from "./contract-client.ts"
import { runToPromise, signedInCalls, type GatewayOptions } from "./gateway.ts"

export interface CoachingGateway {
  /** The client's coach (or null) and the invitations addressed to their verified email. */
  readonly coaching: () => Promise<Coaching>
  readonly acceptInvitation: (invitationId: InvitationId) => Promise<Coaching>
  readonly declineInvitation: (invitationId: InvitationId) => Promise<Coaching>
  /** The client ends the link with their coach. */
  readonly endCoaching: () => Promise<Coaching>
  /** The coach ends a link (a client's id) or withdraws an invitation (`pending:<email>`). */
  readonly removeClient: (clientKey: ClientKey) => Promise<ClientLookup>
}

export function makeCoachingGateway(options: GatewayOptions): CoachingGateway {
  const { fetch, headers, retryWithFreshToken } = signedInCalls(options)
  const client = makeContractClient(CoachingApi, { baseUrl: options.baseUrl, headers, fetch })
  const call =
    <Args extends ReadonlyArray<unknown>, A, E>(effect: (...args: Args) => Effect.Effect<A, E>) =>
    (...args: Args): Promise<A> =>
      runToPromise(retryWithFreshToken(effect)(...args) as never)

  return {
    coaching: call(() => client.coaching.coaching({})),
    acceptInvitation: call((invitationId: InvitationId) =>
      client.coaching.acceptInvitation({ params: { invitationId } })
    ),
    declineInvitation: call((invitationId: InvitationId) =>
      client.coaching.declineInvitation({ params: { invitationId } })
    ),
    endCoaching: call(() => client.coaching.endCoaching({})),
    removeClient: call((clientKey: ClientKey) => client.coachLinks.removeClient({ params: { clientKey } }))
  }
}
