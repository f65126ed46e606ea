import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { AddClientPayload, ClientLookup } from "#domain/workout.ts"

/** The calls the client list makes. Routes provide the real ones through machine.provide. */
export interface CoachClientsPort {
  readonly loadClients: (coachId: UserId) => Promise<ClientLookup>
  readonly addClient: (payload: AddClientPayload) => Promise<ClientLookup>
}

export const createCoachClientsActors = (port: CoachClientsPort) => ({
  loadClients: fromPromise<ClientLookup, { readonly coachId: UserId }>(({ input }) => port.loadClients(input.coachId)),
  addClient: fromPromise<ClientLookup, AddClientPayload>(({ input }) => port.addClient(input))
})

export const gatewayCoachClientsPort = (gateway: () => Promise<Gateway>): CoachClientsPort => ({
  loadClients: async (coachId) => (await gateway()).getAllClients(coachId),
  addClient: async (payload) => (await gateway()).addClient(payload)
})

const unconnected = (name: string) => () => Promise.reject(new Error(`${name} is not connected to the gateway`))

export const unconnectedCoachClientsActors = createCoachClientsActors({
  loadClients: unconnected("loadClients"),
  addClient: unconnected("addClient")
})
