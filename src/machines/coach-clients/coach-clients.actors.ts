import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { AddClientPayload, ClientKey, ClientLookup } from "#domain/workout.ts"
import type { CoachingGateway } from "#gateway/coaching-gateway.ts"
import type { Gateway } from "#gateway/gateway.ts"

/**
 * What the client list needs from outside: the coach's clients, adding one, resending an
 * invitation, archiving and restoring a client, and removing one.
 */
export interface CoachClientsPorts {
  readonly gateway: Pick<
    Gateway,
    "getAllClients" | "addClient" | "resendInvitation" | "archiveClient" | "restoreClient"
  >
  /** The coaching contract's client, loaded only when an entry is removed (docs/decisions/033). */
  readonly coaching: Pick<CoachingGateway, "removeClient">
}

/** The client list's real actors, for `coachClientsMachine.provide(...)`. */
export function coachClientsImplementations(ports: CoachClientsPorts) {
  return {
    actors: {
      loadClients: fromPromise<ClientLookup, { readonly coachId: UserId }>(async ({ input }) =>
        ports.gateway.getAllClients(input.coachId)
      ),
      addClient: fromPromise<ClientLookup, AddClientPayload>(async ({ input }) => ports.gateway.addClient(input)),
      resendInvitation: fromPromise<ClientLookup, { readonly key: ClientKey }>(async ({ input }) =>
        ports.gateway.resendInvitation(input.key)
      ),
      removeClient: fromPromise<ClientLookup, { readonly key: ClientKey }>(async ({ input }) =>
        ports.coaching.removeClient(input.key)
      ),
      archiveClient: fromPromise<ClientLookup, { readonly clientId: UserId }>(async ({ input }) =>
        ports.gateway.archiveClient(input.clientId)
      ),
      restoreClient: fromPromise<ClientLookup, { readonly clientId: UserId }>(async ({ input }) =>
        ports.gateway.restoreClient(input.clientId)
      )
    }
  }
}
