import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { Conflict, Forbidden } from "#domain/api-errors.ts"
import type { ClientLookup, ClientLookupEntry } from "#domain/workout.ts"
import { EmailNotVerified } from "#domain/user-errors.ts"
import { currentCoach, hasVerifiedEmail } from "../account.ts"
import { invitationEmail, sendInvitation } from "../mail/invitation-email.ts"
import { Database, Mail, makeRun, Tokens } from "../services.ts"
import { addClient, listClients, VERIFY_BEFORE_INVITING, type ClientEntry } from "./repository.ts"

/** Invitations have no user id, so they are keyed by their email. */
export const pendingClientKey = (email: string) => `pending:${email}`

const NAME_MAX = 100

export function toClientLookup(entries: ReadonlyArray<ClientEntry>): ClientLookup {
  const lookup: Record<string, ClientLookupEntry> = {}
  for (const entry of entries) {
    const key = entry.clientId === null ? pendingClientKey(entry.email) : String(entry.clientId)
    const name = entry.name.slice(0, NAME_MAX)
    lookup[key] = entry.declined ? { name, pending: entry.pending, declined: true } : { name, pending: entry.pending }
  }
  return lookup
}

export const ClientsLive = HttpApiBuilder.group(Api, "clients", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    const tokens = yield* Tokens
    const mail = yield* Mail
    return handlers
      .handle("addClient", ({ payload: { data } }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "add clients")
          if (data.coachId !== coach.id) {
            return yield* new Forbidden({ error: "data.coachId: you can only add clients to your own list" })
          }
          if (!(yield* hasVerifiedEmail(tokens, coach))) {
            return yield* new EmailNotVerified({ error: VERIFY_BEFORE_INVITING })
          }
          const outcome = yield* run((db) => addClient(db, coach.id, data.clientEmail))
          if (outcome._tag === "Conflict") return yield* new Conflict({ error: outcome.message })
          // Only a new invitation is announced, once its transaction has committed; the
          // email never decides the answer (the invitation is held and shown in the app).
          const mailer = mail.mailer
          if (outcome.created && mailer !== undefined) {
            const message = invitationEmail({
              to: outcome.entry.email,
              coachName: coach.name,
              coachEmail: coach.email,
              appOrigin: mail.appOrigin()
            })
            yield* Effect.promise(() => sendInvitation(mailer, message))
          }
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
