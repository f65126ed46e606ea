import { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"
import type { CoachClientsPorts } from "./coach-clients.actors.ts"
import type { CoachClientsContext } from "./coach-clients.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// Sample clients for stories and tests. No network.

export const coachId = UserId.make(1)

export const twoClientsAndAnInvitation: ClientLookup = {
  "7": { name: "Bo Client", pending: false },
  "8": { name: "ann Lifter", pending: false },
  "pending:cy@example.com": { name: "cy@example.com", pending: true }
}

/** The list with a declined invitation too (docs/decisions/033). */
export const withADeclinedInvitation: ClientLookup = {
  ...twoClientsAndAnInvitation,
  "pending:dee@example.com": { name: "dee@example.com", pending: true, declined: true }
}

/** The list with ann archived (src/domain/client-archive.ts): Bo stays on the roster. */
export const withAnnArchived: ClientLookup = {
  ...twoClientsAndAnInvitation,
  "8": { name: "ann Lifter", pending: false, archived: true }
}

export const clientsContext = (overrides: Partial<CoachClientsContext> = {}): CoachClientsContext => ({
  coachId,
  clients: twoClientsAndAnInvitation,
  loadFailure: null,
  email: "",
  added: null,
  addRefusal: null,
  removal: null,
  removeFailure: null,
  resend: null,
  resendFailure: null,
  archival: null,
  archivalFailure: null,
  ...overrides
})

/** Calls that never answer, so a story stays in the state it shows. */
export const storyCoachClientsPorts: CoachClientsPorts = {
  gateway: unansweredCalls(),
  coaching: unansweredCalls()
}
