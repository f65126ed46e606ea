import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { Authentication, VerifiedIdentity } from "#domain/api.ts"
import { Unauthorized } from "#domain/api-errors.ts"
import { CutOffs, Database, makeRun, Tokens } from "../services.ts"
import { isCutOff } from "./session-cut-off.ts"
import type { TokenRejection } from "./token-verifier.ts"

export const MISSING = "Sign in first: send Authorization: Bearer <Firebase ID token>"
const EXPIRED = "Your session has expired; sign in again"
const INVALID = "Your sign-in token is not valid; sign in again"
const REFUSED = "Your account is disabled or your sign-in was revoked; sign in again"

/** The 401 message of each way a token is refused (the live event stream answers the same). */
export const TOKEN_REFUSALS: Readonly<Record<TokenRejection, string>> = {
  expired: EXPIRED,
  invalid: INVALID,
  refused: REFUSED
}

const READS = new Set(["GET", "HEAD", "OPTIONS"])

/** Verifies the Firebase ID token of every call before anything else runs. */
export const AuthenticationLive = Layer.effect(Authentication)(
  Effect.gen(function* () {
    const tokens = yield* Tokens
    const cutOffs = yield* CutOffs
    const run = makeRun(yield* Database)
    return Authentication.of({
      bearer: (httpEffect, { credential, endpoint }) =>
        Effect.gen(function* () {
          const token = Redacted.value(credential)
          if (token === "") return yield* new Unauthorized({ error: MISSING })
          // Reads trust the token until it expires; writes also ask Firebase whether the
          // account is still enabled and not revoked, at most once a minute per token (ADR 012).
          const check =
            READS.has(endpoint.method) || tokens.verifyFresh === undefined ? tokens.verify : tokens.verifyFresh
          const verified = yield* Effect.promise(() => check(token))
          if (typeof verified === "string") return yield* new Unauthorized({ error: TOKEN_REFUSALS[verified] })
          // A session older than the record's cut-off is someone's who held this uid before
          // the address's verified owner: refused on every call, reads included (ADR 035),
          // as this instance remembers it (ADR 054).
          const validAfter = yield* run((db) => cutOffs.of(db, verified.uid))
          if (isCutOff(validAfter, { authTime: verified.authTime, signInProvider: verified.signInProvider }))
            return yield* new Unauthorized({ error: REFUSED })
          return yield* Effect.provideService(httpEffect, VerifiedIdentity, {
            firebaseId: verified.uid,
            email: verified.email,
            emailVerified: verified.emailVerified,
            authTime: verified.authTime,
            signInProvider: verified.signInProvider
          })
        })
    })
  })
)
