import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import type { VerifiedIdentity } from "#domain/api.ts"
import { Forbidden, NotFound } from "#domain/api-errors.ts"
import { AlreadyCoached, InvitationNotFound, NoCoach } from "#domain/coaching-errors.ts"
import { EmailNotVerified } from "#domain/user-errors.ts"
import { ServerApi } from "../api.ts"
import { currentClient, currentCoach, hasVerifiedEmail } from "../account.ts"
import type { TokenVerifier } from "../auth/token-verifier.ts"
import { toClientLookup } from "../clients/handlers.ts"
import { listClients, removeClient } from "../clients/repository.ts"
import { Database, makeRun, Tokens, type Run } from "../services.ts"
import type { UserRow } from "../users/repository.ts"
import { acceptInvitation, coachingOf, declineInvitation, endCoaching } from "./repository.ts"

/*
 * Coaching by consent (docs/decisions/033-coaching-by-consent.md): a client answers the
 * invitations addressed to their verified email and may end their link; a coach may end
 * theirs or withdraw an invitation.
 */

const VERIFY_TO_ANSWER = "Verify your email address before answering invitations"

const noInvitation = (invitationId: number) =>
  new InvitationNotFound({ error: `invitationId: no open invitation ${invitationId} addressed to you` })

/** The calling client, and whether Firebase vouches for their stored email. */
const callingClient = (
  run: Run,
  tokens: TokenVerifier,
  action: string
): Effect.Effect<{ readonly client: UserRow; readonly verified: boolean }, Forbidden, VerifiedIdentity> =>
  Effect.gen(function* () {
    const client = yield* currentClient(run, action)
    return { client, verified: yield* hasVerifiedEmail(tokens, client) }
  })

export const CoachingLive = HttpApiBuilder.group(ServerApi, "coaching", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    const tokens = yield* Tokens
    const view = (client: UserRow, verified: boolean) => run((db) => coachingOf(db, client, verified))
    /** A verified client answering an invitation; EmailNotVerified otherwise. */
    const answering = Effect.gen(function* () {
      const { client, verified } = yield* callingClient(run, tokens, "answer invitations")
      if (!verified) return yield* new EmailNotVerified({ error: VERIFY_TO_ANSWER })
      return client
    })
    return handlers
      .handle("coaching", () =>
        Effect.gen(function* () {
          const { client, verified } = yield* callingClient(run, tokens, "have a coach")
          return yield* view(client, verified)
        })
      )
      .handle("acceptInvitation", ({ params: { invitationId } }) =>
        Effect.gen(function* () {
          const client = yield* answering
          const outcome = yield* run((db) => acceptInvitation(db, client, invitationId))
          if (outcome === "NoSuchInvitation") return yield* noInvitation(invitationId)
          if (outcome === "HasCoach") {
            return yield* new AlreadyCoached({
              error: "You already have a coach; end that coaching before accepting another invitation"
            })
          }
          return yield* view(client, true)
        })
      )
      .handle("declineInvitation", ({ params: { invitationId } }) =>
        Effect.gen(function* () {
          const client = yield* answering
          const declined = yield* run((db) => declineInvitation(db, client.email, invitationId))
          if (!declined) return yield* noInvitation(invitationId)
          return yield* view(client, true)
        })
      )
      .handle("endCoaching", () =>
        Effect.gen(function* () {
          const { client, verified } = yield* callingClient(run, tokens, "end coaching")
          const ended = yield* run((db) => endCoaching(db, client.id))
          if (!ended) return yield* new NoCoach({ error: "You have no coach to stop training with" })
          return yield* view(client, verified)
        })
      )
  })
)

export const CoachLinksLive = HttpApiBuilder.group(ServerApi, "coachLinks", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers.handle("removeClient", ({ params: { clientKey } }) =>
      Effect.gen(function* () {
        const coach = yield* currentCoach(run, "remove clients")
        const removed = yield* run((db) => removeClient(db, coach.id, clientKey))
        if (!removed) return yield* new NotFound({ error: "clientKey: no such client or invitation on your list" })
        return toClientLookup(yield* run((db) => listClients(db, coach.id)))
      })
    )
  })
)
