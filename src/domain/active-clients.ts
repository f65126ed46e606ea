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

/**
 * The calendar picker's clients, by name: those the coach has not archived, and `shown`
 * (the client on screen) even when archived, so an archived client's calendar opened by its
 * address still names them (src/domain/client-archive.ts).
 */
export const pickerClients = (lookup: ClientLookup, shown: UserId | null): ReadonlyArray<ActiveClient> =>
  activeClients(lookup).filter((client) => client.id === shown || lookup[String(client.id)]?.archived !== true)

/** The remembered client if still on the list (archived or not), else the first by name not archived. */
export const chooseClient = (lookup: ClientLookup, preferred: UserId | null): UserId | null => {
  const remembered = activeClients(lookup).find((client) => client.id === preferred)
  return (remembered ?? pickerClients(lookup, null)[0])?.id ?? null
}
