import type { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"

export interface CoachClientsContext {
  readonly coachId: UserId
  readonly clients: ClientLookup
  readonly email: string
}

export interface CoachClientsInput {
  readonly coachId: UserId
}

export type CoachClientsEvent =
  | { readonly type: "email.change"; readonly email: string }
  | { readonly type: "client.add" }
  | { readonly type: "clients.retry" }
