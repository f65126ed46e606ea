import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { AddClientPayload, ClientLookup } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"

/** What the client list needs from outside: the coach's clients, and adding one. */
export interface CoachClientsPorts {
  readonly gateway: () => Promise<Pick<Gateway, "getAllClients" | "addClient">>
}

/** The client list's real actors, for `coachClientsMachine.provide(...)`. */
export function coachClientsImplementations(ports: CoachClientsPorts) {
  return {
    actors: {
      loadClients: fromPromise<ClientLookup, { readonly coachId: UserId }>(async ({ input }) =>
        (await ports.gateway()).getAllClients(input.coachId)
      ),
      addClient: fromPromise<ClientLookup, AddClientPayload>(async ({ input }) =>
        (await ports.gateway()).addClient(input)
      )
    }
  }
}
