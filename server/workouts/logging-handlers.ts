import * as Effect from "effect/Effect"
import { VerifiedIdentity } from "#domain/api.ts"
import { Conflict } from "#domain/api-errors.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import { WORKOUT_CAPS, type AddLoggedSetPayload, type ReadRange } from "#domain/workout.ts"
import { KeyReused, SetNotFound, WorkoutNotFound } from "#domain/workout-errors.ts"
import { currentClient } from "../account.ts"
import type { Run } from "../services.ts"
import { completeWorkout, completionsReadableBy } from "./completions.ts"
import { addLoggedSet, removeLoggedSet } from "./logged-sets.ts"
import { readReadable } from "./read-readable.ts"

/*
 * The calls a lifter makes while logging beyond the values of a set: adding and removing
 * a set, and submitting the workout. Each writes in one go with the caller's ownership in
 * the statement; only when nothing was written is the caller looked up, to answer 403
 * (no account, not a client) rather than 404 (not theirs).
 */

const LOG = "log workouts"

export const addLoggedSetHandler =
  (run: Run) =>
  ({ payload }: { readonly payload: AddLoggedSetPayload }) =>
    Effect.gen(function* () {
      const identity = yield* VerifiedIdentity
      const outcome = yield* run((db) => addLoggedSet(db, identity.firebaseId, payload, WORKOUT_CAPS.setsPerExercise))
      switch (outcome._tag) {
        case "Added":
          return outcome.row
        case "KeyReused":
          return yield* new KeyReused({
            error: "idempotencyKey: already used to add a set after another set; a new set needs a new key"
          })
        case "ExerciseFull":
          return yield* new Conflict({
            error: `afterSetId: an exercise holds at most ${WORKOUT_CAPS.setsPerExercise} sets`
          })
        case "NoSuchSet":
          yield* currentClient(run, LOG)
          return yield* new SetNotFound({ error: `afterSetId: no set with id ${payload.afterSetId} in your workouts` })
      }
    })

export const removeLoggedSetHandler =
  (run: Run) =>
  ({ params: { setId } }: { readonly params: { readonly setId: SetId } }) =>
    Effect.gen(function* () {
      const identity = yield* VerifiedIdentity
      const outcome = yield* run((db) => removeLoggedSet(db, identity.firebaseId, setId))
      switch (outcome) {
        case "Removed":
          return { id: setId }
        case "Prescribed":
          return yield* new Conflict({
            error: "setId: only a set you added can be removed; skip a prescribed set instead"
          })
        case "NoSuchSet":
          yield* currentClient(run, LOG)
          return yield* new SetNotFound({ error: `setId: no set with id ${setId} in your workouts` })
      }
    })

export const completeWorkoutHandler =
  (run: Run) =>
  ({ payload }: { readonly payload: WorkoutCompletion }) =>
    Effect.gen(function* () {
      const identity = yield* VerifiedIdentity
      const stored = yield* run((db) => completeWorkout(db, identity.firebaseId, payload))
      if (stored !== undefined) return stored
      yield* currentClient(run, LOG)
      return yield* new WorkoutNotFound({
        error: `workout_order: no workout ${payload.workout_order} on ${payload.date} in your workouts`
      })
    })

export const workoutCompletionsHandler =
  (run: Run) =>
  ({
    params: { clientId },
    query: range
  }: {
    readonly params: { readonly clientId: UserId }
    readonly query: ReadRange
  }) =>
    Effect.gen(function* () {
      return yield* readReadable(run, clientId, (db, uid) => completionsReadableBy(db, uid, clientId, range))
    })
