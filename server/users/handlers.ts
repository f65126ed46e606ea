import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api, VerifiedIdentity } from "#domain/api.ts"
import { Conflict, Forbidden } from "#domain/api-errors.ts"
import type { UserRecord } from "#domain/user.ts"
import { Database, makeRun, Tokens } from "../services.ts"
import { followToken } from "./follow-token.ts"
import { normalizeEmail, signup, type UserRow } from "./repository.ts"

const toRecord = (row: UserRow): UserRecord => row as unknown as UserRecord

const sameEmail = (a: string, b: string | undefined) => b !== undefined && normalizeEmail(a) === normalizeEmail(b)

const ALREADY_SIGNED_UP = "You already have an account; sign in instead"
const NO_EMAIL = "email: your sign-in has no email address; sign up with an email and password or with Google"

export const UsersLive = HttpApiBuilder.group(Api, "users", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    const tokens = yield* Tokens
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
          const account = yield* followToken(run, tokens)
          return account === undefined ? [] : [toRecord(account)]
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
          // A re-created Firebase account finds its record here instead of a 409 (ADR 012).
          const existing = yield* followToken(run, tokens)
          if (existing !== undefined) return yield* new Conflict({ error: ALREADY_SIGNED_UP })
          const outcome = yield* run((db) =>
            signup(db, {
              firebaseId: identity.firebaseId,
              name: input.name,
              email,
              emailVerified: identity.emailVerified,
              userType: input.userType
            })
          )
          if (outcome._tag === "Conflict") return yield* new Conflict({ error: outcome.message })
          return toRecord(outcome.user)
        })
      )
  })
)
