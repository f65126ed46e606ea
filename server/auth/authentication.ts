import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { Authentication, VerifiedIdentity } from "#domain/api.ts"
import { Unauthorized } from "#domain/api-errors.ts"
import type { FirebaseUid } from "#domain/ids.ts"
import { Tokens } from "../services.ts"

const MISSING = "Sign in first: send Authorization: Bearer <Firebase ID token>"
const EXPIRED = "Your session has expired; sign in again"
const INVALID = "Your sign-in token is not valid; sign in again"

/** Verifies the Firebase ID token of every call before anything else runs. */
export const AuthenticationLive = Layer.effect(Authentication)(
  Effect.gen(function* () {
    const tokens = yield* Tokens
    return Authentication.of({
      bearer: (httpEffect, { credential }) =>
        Effect.gen(function* () {
          const token = Redacted.value(credential)
          if (token === "") return yield* new Unauthorized({ error: MISSING })
          const verified = yield* Effect.promise(() => tokens.verify(token))
          if (verified === "expired") return yield* new Unauthorized({ error: EXPIRED })
          if (verified === "invalid") return yield* new Unauthorized({ error: INVALID })
          return yield* Effect.provideService(httpEffect, VerifiedIdentity, {
            firebaseId: verified.uid as FirebaseUid,
            email: verified.email
          })
        })
    })
  })
)
