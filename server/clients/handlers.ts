import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { Conflict, Forbidden } from "#domain/api-errors.ts"
import type { ClientLookup, ClientLookupEntry } from "#domain/workout.ts"
import type { UserId } from "#domain/ids.ts"
import { ClientNotFound } from "#domain/workout-errors.ts"
import { InvitationNotFound, ResendTooSoon } from "#domain/coaching-errors.ts"
import { RESEND_INTERVAL_MS, resendTooSoonMessage } from "#domain/invitation-resend.ts"
import { EmailNotVerified } from "#domain/user-errors.ts"
import { currentCoach, hasVerifiedEmail } from "../account.ts"
import { invitationEmail, sendInvitation } from "../mail/invitation-email.ts"
import { Database, Mail, makeRun, Tokens } from "../services.ts"
import {
  addClient,
  claimResend,
  listClients,
  markArchived,
  openInvitationOf,
  VERIFY_BEFORE_INVITING,
  type ClientEntry
} from "./repository.ts"

/** Invitations have no user id, so they are keyed by their email. */
export const pendingClientKey = (email: string) => `pending:${email}`

const NAME_MAX = 100

export function toClientLookup(entries: ReadonlyArray<ClientEntry>): ClientLookup {
  const lookup: Record<string, ClientLookupEntry> = {}
  for (const entry of entries) {
    const key = entry.clientId === null ? pendingClientKey(entry.email) : String(entry.clientId)
    const name = entry.name.slice(0, NAME_MAX)
    // Each mark only when set, so an entry without one keeps SPEC's `{name, pending}`.
    lookup[key] = {
      name,
      pending: entry.pending,
      ...(entry.declined ? { declined: true } : {}),
      ...(entry.archived ? { archived: true } : {})
    }
  }
  return lookup
}

export const ClientsLive = HttpApiBuilder.group(Api, "clients", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    const tokens = yield* Tokens
    const mail = yield* Mail
    /** Emails the invitation; the email never decides the answer (the invitation is held and shown in the app). */
    const announce = (coach: { readonly name: string; readonly email: string }, to: string) =>
      Effect.gen(function* () {
        const mailer = mail.mailer
        if (mailer === undefined) return
        const message = invitationEmail({
          to,
          coachName: coach.name,
          coachEmail: coach.email,
          appOrigin: mail.appOrigin()
        })
        yield* Effect.promise(() => sendInvitation(mailer, message))
      })
    /** Archives or restores the coach's own linked client; anyone else's id is not on their list (404). */
    const archive = (clientId: UserId, archived: boolean) =>
      Effect.gen(function* () {
        const coach = yield* currentCoach(run, archived ? "archive clients" : "restore clients")
        const marked = yield* run((db) => markArchived(db, coach.id, clientId, archived))
        if (!marked) {
          return yield* new ClientNotFound({ error: `clientId: no client with id ${clientId} on your client list` })
        }
        return toClientLookup(yield* run((db) => listClients(db, coach.id)))
      })
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
          // Only a new invitation is announced, once its transaction has committed.
          if (outcome.created) yield* announce(coach, outcome.entry.email)
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
      .handle("resendInvitation", ({ payload: { clientKey } }) =>
        Effect.gen(function* () {
          // Authorized as withdrawing is (server/coaching/handlers.ts): the coach's own entry, by its key.
          const coach = yield* currentCoach(run, "resend invitations")
          const invitation = yield* run((db) => openInvitationOf(db, coach.id, clientKey))
          if (invitation === undefined) {
            return yield* new InvitationNotFound({
              error: "clientKey: no open invitation with that key on your list"
            })
          }
          const verdict = yield* run((db) => claimResend(db, invitation.invitationId, RESEND_INTERVAL_MS))
          if (!verdict.allowed) return yield* new ResendTooSoon({ error: resendTooSoonMessage(verdict.waitMs) })
          yield* announce(coach, invitation.email)
          return toClientLookup(yield* run((db) => listClients(db, coach.id)))
        })
      )
      .handle("archiveClient", ({ payload: { clientId } }) => archive(clientId, true))
      .handle("restoreClient", ({ payload: { clientId } }) => archive(clientId, false))
  })
)
