import * as Effect from "effect/Effect"
import { VerifiedIdentity } from "#domain/api.ts"
import type { TokenVerifier } from "../auth/token-verifier.ts"
import { serviceUnavailable, type Run } from "../services.ts"
import {
  findUserByEmail,
  findUserByFirebaseId,
  followVerifiedEmail,
  linkVerifiedClient,
  normalizeEmail,
  rebindAccount,
  type UserRow
} from "./repository.ts"

/**
 * The caller's user record, brought in line with what their token proves
 * (docs/decisions/012). Only a verified email changes anything:
 * - an account whose verified email changed in Firebase stores the new one;
 * - a Client's pending invitation becomes their coach link;
 * - no account for this uid, but one for this verified email whose Firebase user is gone
 *   this uid takes that account over. When that Firebase user still lives, its record
 *   stays its own (and follows the address Firebase now gives it).
 * Answers undefined while the person still needs to sign up.
 */
export const followToken = (
  run: Run,
  tokens: TokenVerifier
): Effect.Effect<UserRow | undefined, never, VerifiedIdentity> =>
  Effect.gen(function* () {
    const identity = yield* VerifiedIdentity
    const verifiedEmail = identity.emailVerified ? identity.email : undefined
    const own = yield* run((db) => findUserByFirebaseId(db, identity.firebaseId))
    if (own !== undefined) {
      if (verifiedEmail === undefined) return own
      return yield* run(async (db) => {
        const current = await followVerifiedEmail(db, own, verifiedEmail)
        // Invitations are matched by the stored email, so only once it is the verified one.
        if (current.email === normalizeEmail(verifiedEmail)) await linkVerifiedClient(db, current)
        return current
      })
    }
    if (verifiedEmail === undefined) return undefined
    const holder = yield* run((db) => findUserByEmail(db, verifiedEmail))
    if (holder === undefined) return undefined
    if (tokens.account === undefined) return undefined
    const lookUp = tokens.account
    const ask = (uid: string) =>
      Effect.tryPromise({ try: () => lookUp(uid), catch: (error) => error }).pipe(
        // Firebase did not answer: the takeover waits for the next try.
        Effect.catch(() => Effect.die(serviceUnavailable()))
      )
    // A takeover is never decided on a token alone (it may be an hour old): Firebase must
    // give the caller this verified address now, and no longer give it to the holder.
    const caller = yield* ask(identity.firebaseId)
    const callerHolds =
      caller?.emailVerified === true &&
      caller.email !== undefined &&
      normalizeEmail(caller.email) === normalizeEmail(verifiedEmail)
    if (!callerHolds) return undefined
    const former = yield* ask(holder.firebase_id)
    if (former !== undefined) {
      // That account lives on. Its record keeps its owner: if Firebase moved it to another
      // address, the record follows (which frees this one for a sign-up of its own).
      if (former.email !== undefined && normalizeEmail(former.email) !== normalizeEmail(verifiedEmail)) {
        const moved = former.email
        yield* run((db) => followVerifiedEmail(db, holder, moved))
      }
      return undefined
    }
    return yield* run(async (db) => {
      const taken = await rebindAccount(db, {
        userId: holder.id,
        formerUid: holder.firebase_id,
        firebaseId: identity.firebaseId
      })
      if (taken !== undefined) await linkVerifiedClient(db, taken)
      return taken ?? (await findUserByFirebaseId(db, identity.firebaseId))
    })
  })
