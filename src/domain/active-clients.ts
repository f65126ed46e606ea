import * as Schema from "effect/Schema"
import { UserIdFromString, type UserId } from "#domain/ids.ts"
import { clientOptions, type ClientLookup } from "#domain/workout.ts"

const decodeUserId = Schema.decodeUnknownOption(UserIdFromString)

export interface ActiveClient {
  readonly id: UserId
  readonly name: string
}

/**
 * Clients who have an account, by name: a pending invitation has no id yet, so it has
 * no days to show.
 */
export const activeClients = (lookup: ClientLookup): ReadonlyArray<ActiveClient> =>
  clientOptions(lookup).flatMap((option) => {
    if (option.pending) return []
    const id = decodeUserId(option.key)
    return id._tag === "Some" ? [{ id: id.value, name: option.name }] : []
  })

/** The remembered client if still on the list, else the first by name. */
export const chooseClient = (lookup: ClientLookup, preferred: UserId | null): UserId | null => {
  const clients = activeClients(lookup)
  return (clients.find((client) => client.id === preferred) ?? clients[0])?.id ?? null
}
