import * as Effect from "effect/Effect"
import { VerifiedIdentity } from "#domain/api.ts"
import type { EmailConfirmation } from "../auth/email-confirmation.ts"
import { PASSWORD_PROVIDER } from "../auth/session-cut-off.ts"
import type { FirebaseAccount, TokenVerifier } from "../auth/token-verifier.ts"
import { serviceUnavailable, type Run } from "../services.ts"
import {
  confirmProvisional,
  dropProvisional,
  findAccountByEmail,
  findAccountByFirebaseId,
  findUserByFirebaseId,
  followVerifiedEmail,
  linkVerifiedClient,
  normalizeEmail,
  rebindAccount,
  type UserRow
} from "./repository.ts"

/** Firebase's account for a uid now; a Firebase that cannot answer is a 503 (the next try decides). */
export const askFirebase = (tokens: TokenVerifier, uid: string): Effect.Effect<FirebaseAccount | undefined> => {
  const lookUp = tokens.account
  if (lookUp === undefined) return Effect.succeed(undefined)
  return Effect.tryPromise({ try: () => lookUp(uid), catch: (error) => error }).pipe(
    Effect.catch(() => Effect.die(serviceUnavailable()))
  )
}

/**
 * Whether the caller's email counts as verified on this call: the token's claim, or, when
 * it says no, Firebase's word (server/auth/email-confirmation.ts), with Firebase's account
 * when it was asked just now.
 */
export type ConfirmEmail = (identity: VerifiedIdentity["Service"]) => Effect.Effect<EmailConfirmation>

/**
 * The caller's user record, brought in line with what their token proves
 * (docs/decisions/012, 035). Only a verified email changes anything:
 * - a provisional record (made under an unverified email) stays its maker's when the
 *   password they made it with is still linked (they followed the verification link); when
 *   Firebase dropped it (the address's verified owner came in through Google), the record
 *   goes, and the owner signs up afresh;
 * - an account whose verified email changed in Firebase stores the new one;
 * - a Client's pending invitation becomes their coach link;
 * - no account for this uid, but one for this verified email whose Firebase user is gone
 *   this uid takes that account over (a provisional one goes instead). When that Firebase
 *   user still lives, its record stays its own (and follows the address Firebase now gives it).
 * (A session from before the record's cut-off never gets here: server/auth/authentication.ts.)
 * Answers undefined while the person still needs to sign up.
 */
export const followToken = (
  run: Run,
  tokens: TokenVerifier,
  confirmEmail: ConfirmEmail
): Effect.Effect<UserRow | undefined, never, VerifiedIdentity> =>
  Effect.gen(function* () {
    const identity = yield* VerifiedIdentity
    const found = yield* run((db) => findAccountByFirebaseId(db, identity.firebaseId))
    const confirmation = yield* confirmEmail(identity)
    const verifiedEmail = confirmation.verified ? identity.email : undefined
    if (found !== undefined) {
      if (verifiedEmail === undefined) return found.user
      let own = found.user
      if (found.provisional) {
        const firebase =
          confirmation.asked === undefined
            ? yield* askFirebase(tokens, identity.firebaseId)
            : confirmation.asked.account
        // Firebase no longer knows the uid: its tokens are dying, nothing is decided on them.
        if (firebase === undefined) return own
        if (!firebase.providers.includes(PASSWORD_PROVIDER)) {
          yield* run((db) => dropProvisional(db, own))
          return undefined
        }
        const confirmed = yield* run((db) => confirmProvisional(db, own))
        if (confirmed === undefined) return undefined
        own = confirmed
      }
      const current = own
      return yield* run(async (db) => {
        const followed = await followVerifiedEmail(db, current, verifiedEmail)
        // Invitations are matched by the stored email, so only once it is the verified one.
        if (followed.email === normalizeEmail(verifiedEmail)) await linkVerifiedClient(db, followed)
        return followed
      })
    }
    if (verifiedEmail === undefined) return undefined
    const holding = yield* run((db) => findAccountByEmail(db, verifiedEmail))
    if (holding === undefined) return undefined
    const holder = holding.user
    if (tokens.account === undefined) return undefined
    // A takeover is never decided on a token alone (it may be an hour old): Firebase must
    // give the caller this verified address now, and no longer give it to the holder.
    const caller =
      confirmation.asked === undefined ? yield* askFirebase(tokens, identity.firebaseId) : confirmation.asked.account
    const callerHolds =
      caller?.emailVerified === true &&
      caller.email !== undefined &&
      normalizeEmail(caller.email) === normalizeEmail(verifiedEmail)
    if (!callerHolds) return undefined
    const former = yield* askFirebase(tokens, holder.firebase_id)
    if (former !== undefined) {
      // That account lives on. Its record keeps its owner: if Firebase moved it to another
      // address, the record follows (which frees this one for a sign-up of its own).
      if (former.email !== undefined && normalizeEmail(former.email) !== normalizeEmail(verifiedEmail)) {
        const moved = former.email
        yield* run((db) => followVerifiedEmail(db, holder, moved))
      }
      return undefined
    }
    if (holding.provisional) {
      // Made under this address unverified by an account that is gone: no role or name for
      // its verified owner.
      yield* run((db) => dropProvisional(db, holder))
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
