import * as Effect from "effect/Effect"
import { VerifiedIdentity } from "#domain/api.ts"
import { Forbidden } from "#domain/api-errors.ts"
import type { UserId } from "#domain/ids.ts"
import { ClientNotFound } from "#domain/workout-errors.ts"
import { isCoachOf } from "./clients/repository.ts"
import { holdsVerified } from "./auth/email-confirmation.ts"
import type { TokenVerifier } from "./auth/token-verifier.ts"
import type { Run } from "./services.ts"
import { findUserByFirebaseId, normalizeEmail, type UserRow } from "./users/repository.ts"

export const NO_ACCOUNT = "Finish signing up before using the app"

/**
 * The caller's account. A valid token without an account may only check and sign up (a
 * session before the account's cut-off never gets this far: server/auth/authentication.ts).
 */
export const currentAccount = (run: Run): Effect.Effect<UserRow, Forbidden, VerifiedIdentity> =>
  Effect.gen(function* () {
    const identity = yield* VerifiedIdentity
    const account = yield* run((db) => findUserByFirebaseId(db, identity.firebaseId))
    if (account === undefined) return yield* new Forbidden({ error: NO_ACCOUNT })
    return account
  })

export const currentCoach = (run: Run, action: string): Effect.Effect<UserRow, Forbidden, VerifiedIdentity> =>
  Effect.flatMap(currentAccount(run), (account) =>
    account.user_type === "Coach"
      ? Effect.succeed(account)
      : Effect.fail(new Forbidden({ error: `Only coaches can ${action}` }))
  )

export const currentClient = (run: Run, action: string): Effect.Effect<UserRow, Forbidden, VerifiedIdentity> =>
  Effect.flatMap(currentAccount(run), (account) =>
    account.user_type === "Client"
      ? Effect.succeed(account)
      : Effect.fail(new Forbidden({ error: `Only clients can ${action}` }))
  )

/**
 * The caller may read this client's records (`what`: workouts, maxes): a client only their
 * own (403 otherwise), a coach only their linked clients (404 otherwise, so other people's
 * ids reveal nothing).
 */
export const requireAccessToClient = (
  run: Run,
  clientId: UserId,
  what = "workouts"
): Effect.Effect<UserRow, Forbidden | ClientNotFound, VerifiedIdentity> =>
  Effect.gen(function* () {
    const account = yield* currentAccount(run)
    if (account.user_type === "Client") {
      if (account.id !== clientId) return yield* new Forbidden({ error: `You can only see your own ${what}` })
      return account
    }
    const linked = yield* run((db) => isCoachOf(db, account.id, clientId))
    if (!linked) return yield* new ClientNotFound({ error: `No client with id ${clientId} on your client list` })
    return account
  })

/**
 * Whether Firebase vouches for the caller's stored email (docs/decisions/033): the token's
 * email_verified claim for that address, or, when the claim says no, Firebase's account
 * now (one Admin SDK call), since a token minted before the verification link was
 * followed keeps saying no for up to an hour.
 */
export const hasVerifiedEmail = (
  tokens: TokenVerifier,
  account: UserRow
): Effect.Effect<boolean, never, VerifiedIdentity> =>
  Effect.gen(function* () {
    const identity = yield* VerifiedIdentity
    if (identity.emailVerified && identity.email !== undefined && normalizeEmail(identity.email) === account.email)
      return true
    const lookUp = tokens.account
    if (lookUp === undefined) return false
    // Firebase not answering is our failure (500), never a "no" to the person.
    const now = yield* Effect.tryPromise(() => lookUp(identity.firebaseId)).pipe(Effect.orDie)
    return holdsVerified(now, account.email)
  })
