import { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { createCoachClientsActors } from "./coach-clients.actors.ts"
import type { CoachClientsContext } from "./coach-clients.machine.ts"

// Sample clients for stories and tests. No network.

export const coachId = UserId.make(1)

export const twoClientsAndAnInvitation: ClientLookup = {
  "7": { name: "Bo Client", pending: false },
  "8": { name: "ann Lifter", pending: false },
  "pending:cy@example.com": { name: "cy@example.com", pending: true }
}

export const clientsContext = (overrides: Partial<CoachClientsContext> = {}): CoachClientsContext => ({
  coachId,
  clients: twoClientsAndAnInvitation,
  email: "",
  ...overrides
})

const never = () => new Promise<never>(() => undefined)

/** Calls that never answer, so a story stays in the state it shows. */
export const storyCoachClientsActors = createCoachClientsActors({ loadClients: never, addClient: never })
