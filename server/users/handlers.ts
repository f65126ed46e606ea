import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api, VerifiedIdentity } from "#domain/api.ts"
import { Conflict, Forbidden } from "#domain/api-errors.ts"
import type { UserRecord } from "#domain/user.ts"
import { Database, makeRun } from "../services.ts"
import { findUserByFirebaseId, normalizeEmail, signup, type UserRow } from "./repository.ts"

const toRecord = (row: UserRow): UserRecord => row as unknown as UserRecord

const sameEmail = (a: string, b: string | undefined) => b !== undefined && normalizeEmail(a) === normalizeEmail(b)

export const UsersLive = HttpApiBuilder.group(Api, "users", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
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
          const account = yield* run((db) => findUserByFirebaseId(db, firebaseId))
          return account === undefined ? [] : [toRecord(account)]
        })
      )
      .handle("signup", ({ params, query: input }) =>
        Effect.gen(function* () {
          const identity = yield* VerifiedIdentity
          if (params.firebaseId !== identity.firebaseId || input.firebaseId !== identity.firebaseId) {
            return yield* new Forbidden({ error: "firebaseId: you can only sign up yourself" })
          }
          if (identity.email !== undefined && !sameEmail(input.email, identity.email)) {
            return yield* new Forbidden({ error: "email: must be the email you signed in with" })
          }
          const outcome = yield* run((db) =>
            signup(db, {
              firebaseId: identity.firebaseId,
              name: input.name,
              email: input.email,
              userType: input.userType
            })
          )
          if (outcome._tag === "Conflict") return yield* new Conflict({ error: outcome.message })
          return toRecord(outcome.user)
        })
      )
  })
)
