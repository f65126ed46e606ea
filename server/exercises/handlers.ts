import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { findCanonical } from "#domain/exercise-catalogue.ts"
import type { ExerciseLibrary, LibraryExercise } from "#domain/exercises.ts"
import { currentAccount, currentCoach } from "../account.ts"
import { coachOf } from "../clients/repository.ts"
import { Database, makeRun } from "../services.ts"
import { canonicalExercise, coachExercise, libraryFor, type LibraryRecord } from "./library.ts"

// Exercises leave through the LibraryExercise schema, which checks every field on the way out.
const asExercise = (record: LibraryRecord) => record as unknown as LibraryExercise
const asLibrary = (records: ReadonlyArray<LibraryRecord>) => records as unknown as ExerciseLibrary

/*
 * The exercise library (issue 14): everyone reads the canonical exercises; a coach's own
 * are read by that coach and their clients, and only a coach adds one.
 */
export const ExercisesLive = HttpApiBuilder.group(Api, "exercises", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("exercises", () =>
        Effect.gen(function* () {
          const account = yield* currentAccount(run)
          const coachId = account.user_type === "Coach" ? account.id : yield* run((db) => coachOf(db, account.id))
          return asLibrary(yield* run((db) => libraryFor(db, coachId ?? null)))
        })
      )
      .handle("addExercise", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "add exercises")
          const canonicalId = findCanonical(payload.name)
          const canonical =
            canonicalId === undefined ? undefined : yield* run((db) => canonicalExercise(db, canonicalId))
          if (canonical !== undefined) return asExercise(canonical)
          return asExercise(yield* run((db) => coachExercise(db, coach.id, payload)))
        })
      )
  })
)
