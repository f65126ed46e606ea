import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { findCanonical } from "#domain/exercise-catalogue.ts"
import { ExerciseNotFound } from "#domain/exercise-errors.ts"
import { currentAccount, currentCoach } from "../account.ts"
import { coachOf } from "../clients/repository.ts"
import { Database, makeRun } from "../services.ts"
import { setExerciseDemo } from "./demos.ts"
import { canonicalExercise, coachExercise, libraryFor } from "./library.ts"

/*
 * The exercise library (docs/decisions/019): everyone reads the canonical exercises; a coach's own
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
          return yield* run((db) => libraryFor(db, coachId ?? null))
        })
      )
      .handle("addExercise", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "add exercises")
          const canonicalId = findCanonical(payload.name)
          const canonical =
            canonicalId === undefined ? undefined : yield* run((db) => canonicalExercise(db, canonicalId))
          if (canonical !== undefined) return canonical
          return yield* run((db) => coachExercise(db, coach.id, payload))
        })
      )
      .handle("setExerciseDemo", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "set demo videos")
          const demo = yield* run((db) => setExerciseDemo(db, coach.id, payload))
          if (demo === "NoSuchExercise")
            return yield* new ExerciseNotFound({
              error: `exerciseId: no exercise ${payload.exerciseId} in your library`
            })
          return demo
        })
      )
  })
)
