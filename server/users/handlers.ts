import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api, VerifiedIdentity } from "#domain/api.ts"
import { Forbidden, Unauthorized } from "#domain/api-errors.ts"
import { TOKEN_REFUSALS } from "../auth/authentication.ts"
import { holdsVerified, makeEmailConfirmations } from "../auth/email-confirmation.ts"
import { cutOffFor, isRevokedBy } from "../auth/session-cut-off.ts"
import { Database, makeRun, Tokens } from "../services.ts"
import { askFirebase, type ConfirmEmail, followToken } from "./follow-token.ts"
import { alreadySignedUp, normalizeEmail, signup } from "./repository.ts"

const sameEmail = (a: string, b: string | undefined) => b !== undefined && normalizeEmail(a) === normalizeEmail(b)

const NO_EMAIL = "email: your sign-in has no email address; sign up with an email and password or with Google"

export const UsersLive = HttpApiBuilder.group(Api, "users", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    const tokens = yield* Tokens
    const confirmations = tokens.account === undefined ? undefined : makeEmailConfirmations(tokens.account)
    // user/check, on every sign-in and page load: a token that says "unverified" may be older
    // than the verification link, so Firebase is asked, at most once per window per uid (ADR 035).
    const confirmOnCheck: ConfirmEmail = (identity) => {
      const email = identity.email
      if (identity.emailVerified || email === undefined || confirmations === undefined) {
        return Effect.succeed({ verified: identity.emailVerified, asked: undefined })
      }
      return Effect.tryPromise({ try: () => confirmations(identity.firebaseId, email), catch: (error) => error }).pipe(
        // Firebase did not answer: the token's claim stands for this call.
        Effect.catch(() => Effect.succeed({ verified: false, asked: undefined }))
      )
    }
    return handlers
      .handle("check", ({ query: { email, firebaseId } }) =>
        Effect.gen(function* () {
          const identity = yield* VerifiedIdentity
          if (firebaseId !== identity.firebaseId) {
            return yield* new Forbidden({ error: "firebaseId: you can only look up your own account" })
          }
          if (identity.email !== undefined && !sameEmail(email, identity.email)) {
            return yield* new Forbidden({ error: "email: you can only look up your own account" })
          }
          const account = yield* followToken(run, tokens, confirmOnCheck)
          return account === undefined ? [] : [account]
        })
      )
      .handle("signup", ({ params, query: input }) =>
        Effect.gen(function* () {
          const identity = yield* VerifiedIdentity
          if (params.firebaseId !== identity.firebaseId || input.firebaseId !== identity.firebaseId) {
            return yield* new Forbidden({ error: "firebaseId: you can only sign up yourself" })
          }
          // The stored email is always the token's: the query's is only checked against it.
          const email = identity.email
          if (email === undefined) return yield* new Forbidden({ error: NO_EMAIL })
          if (!sameEmail(input.email, email)) {
            return yield* new Forbidden({ error: "email: must be the email you signed in with" })
          }
          // A record is made on Firebase's word now, not on the token's alone (ADR 035): a
          // session Firebase revoked, or a password session of an account whose password
          // Firebase dropped (a squatter's, after the address's owner came in through
          // Google), makes nothing under this uid.
          const firebase = tokens.account === undefined ? undefined : yield* askFirebase(tokens, identity.firebaseId)
          if (tokens.account !== undefined && isRevokedBy(firebase, identity)) {
            return yield* new Unauthorized({ error: TOKEN_REFUSALS.refused })
          }
          const emailVerified = identity.emailVerified || holdsVerified(firebase, email)
          // A re-created Firebase account finds its record here instead of a 409 (ADR 012).
          const existing = yield* followToken(run, tokens, () =>
            Effect.succeed({
              verified: emailVerified,
              asked: tokens.account === undefined ? undefined : { account: firebase }
            })
          )
          if (existing !== undefined) return yield* alreadySignedUp()
          const outcome = yield* run((db) =>
            signup(db, {
              firebaseId: identity.firebaseId,
              name: input.name,
              email,
              emailVerified,
              userType: input.userType,
              sessionsValidAfter: firebase === undefined ? null : cutOffFor(firebase)
            })
          )
          if (outcome._tag !== "Created") return yield* outcome
          return outcome.user
        })
      )
  })
)
