import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { BadRequest } from "#domain/api-errors.ts"
import { UNKNOWN_EXERCISE } from "#domain/exercises.ts"
import { ClientNotFound } from "#domain/workout-errors.ts"
import { currentCoach } from "../account.ts"
import { exerciseIdsUnusableBy } from "../exercises/library.ts"
import { Database, makeRun } from "../services.ts"
import { readReadable } from "../workouts/read-readable.ts"
import { addMax, maxesReadableBy } from "./repository.ts"

/*
 * A client's tested maxes (docs/decisions/004, Tested maxes): the client and their coach read them (the same
 * access as /workouts), only the coach records one. History is kept: a new entry is
 * added beside the earlier ones, never in their place.
 */
export const MaxesLive = HttpApiBuilder.group(Api, "maxes", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("maxes", ({ params: { clientId } }) =>
        Effect.gen(function* () {
          return yield* readReadable(run, clientId, (db, uid) => maxesReadableBy(db, uid, clientId), "maxes")
        })
      )
      .handle("addMax", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "record maxes")
          const unusable = yield* run((db) => exerciseIdsUnusableBy(db, coach.id, [payload.exercise_id]))
          if (unusable.length > 0) return yield* new BadRequest({ error: UNKNOWN_EXERCISE })
          const stored = yield* run((db) => addMax(db, coach.id, payload))
          if (stored === undefined)
            return yield* new ClientNotFound({
              error: `clientId: no client with id ${payload.clientId} on your client list`
            })
          return stored
        })
      )
  })
)
