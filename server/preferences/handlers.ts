import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api, VerifiedIdentity } from "#domain/api.ts"
import { Forbidden } from "#domain/api-errors.ts"
import { UNIT_IS_THE_LIFTERS } from "#domain/preferences.ts"
import { currentAccount, requireAccessToClient } from "../account.ts"
import { Database, makeRun } from "../services.ts"
import { preferencesReadableBy, savePreferences } from "./repository.ts"

const WHAT = "preferences"

/*
 * A user's unit, bar and smallest plate (docs/decisions/018, 019). The user reads and replaces their
 * own; their coach reads them and may set the bar and smallest plate, but the unit is the
 * lifter's (a coach's PUT that changes it is a 403). Anyone else is refused as the other
 * reads of a client's records are: 403 for a client, 404 for a coach.
 */
export const PreferencesLive = HttpApiBuilder.group(Api, "preferences", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("preferences", ({ params: { userId } }) =>
        Effect.gen(function* () {
          const identity = yield* VerifiedIdentity
          const [stored] = yield* run((db) => preferencesReadableBy(db, identity.firebaseId, userId))
          if (stored !== undefined) return stored
          yield* requireAccessToClient(run, userId, WHAT)
          // Readable yet not found: the account went between the two reads.
          return yield* new Forbidden({ error: `You can only see your own ${WHAT}` })
        })
      )
      .handle("savePreferences", ({ params: { userId }, payload }) =>
        Effect.gen(function* () {
          const account = yield* currentAccount(run)
          const own = account.id === userId
          if (!own) yield* requireAccessToClient(run, userId, WHAT)
          const stored = yield* run((db) => savePreferences(db, userId, payload, own))
          // Only the coach's write can miss: the unit sent is not the one the lifter chose.
          if (stored === undefined) return yield* new Forbidden({ error: UNIT_IS_THE_LIFTERS })
          return stored
        })
      )
  })
)
