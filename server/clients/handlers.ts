import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { Conflict, Forbidden } from "#domain/api-errors.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { currentCoach } from "../account.ts"
import { Database, makeRun, Tokens } from "../services.ts"
import { normalizeEmail } from "../users/repository.ts"
import { addClient, listClients, type ClientEntry } from "./repository.ts"

/** Pending invitations have no user id yet, so they are keyed by their email. */
export const pendingClientKey = (email: string) => `pending:${email}`

const NAME_MAX = 100

export function toClientLookup(entries: ReadonlyArray<ClientEntry>): ClientLookup {
  const lookup: Record<string, { name: string; pending: boolean }> = {}
  for (const entry of entries) {
    const key = entry.clientId === null ? pendingClientKey(entry.email) : String(entry.clientId)
    lookup[key] = { name: entry.name.slice(0, NAME_MAX), pending: entry.pending }
  }
  return lookup
}

export const ClientsLive = HttpApiBuilder.group(Api, "clients", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    const tokens = yield* Tokens
    // Only an inbox Firebase vouches for is linked at once; other addresses wait as invitations.
    const isVerified = (email: string) => async (firebaseId: string) => {
      if (tokens.account === undefined) return true
      const account = await tokens.account(firebaseId)
      return account?.emailVerified === true && account.email !== undefined && normalizeEmail(account.email) === email
    }
    return handlers
      .handle("addClient", ({ payload: { data } }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "add clients")
          if (data.coachId !== coach.id) {
            return yield* new Forbidden({ error: "data.coachId: you can only add clients to your own list" })
          }
          const outcome = yield* run((db) =>
            addClient(db, coach.id, data.clientEmail, isVerified(normalizeEmail(data.clientEmail)))
          )
          if (outcome._tag === "Conflict") return yield* new Conflict({ error: outcome.message })
          return toClientLookup(yield* run((db) => listClients(db, coach.id)))
        })
      )
      .handle("getAllClients", ({ params: { coachId } }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "list clients")
          if (coachId !== coach.id)
            return yield* new Forbidden({ error: "coachId: you can only list your own clients" })
          return toClientLookup(yield* run((db) => listClients(db, coach.id)))
        })
      )
  })
)
