import * as Effect from "effect/Effect"
import type { VerifiedIdentity } from "#domain/api.ts"
import { BadRequest, type Forbidden, NotFound } from "#domain/api-errors.ts"
import { UNKNOWN_EXERCISE } from "#domain/exercises.ts"
import type { EditedExercise } from "#domain/workout-edits.ts"
import type { BuiltExercise } from "#domain/workout.ts"
import { currentCoach } from "../account.ts"
import { isCoachOf } from "../clients/repository.ts"
import { exerciseIdsUnusableBy } from "../exercises/library.ts"
import type { UserRow } from "../users/repository.ts"
import type { Run } from "../services.ts"
import type { NewWorkout } from "./repository.ts"

type NewExercise = NewWorkout["exercises"][number]

/** A workout's exercises as stored, each set with its id when it is an existing set. */
export type StoredExercises = ReadonlyArray<
  Omit<NewExercise, "sets"> & { readonly sets: ReadonlyArray<NewExercise["sets"][number] & { readonly id?: number }> }
>

/*
 * What the coach's writes to a client's workouts (save, edit, remove, restore) check
 * before touching anything, and how a built workout of the contract becomes a NewWorkout.
 */

/**
 * The caller is the coach of this client: 403 for no account or a client, 404 for a
 * client not on their list (another coach's ids reveal nothing).
 */
export const requireCoachOfClient = (
  run: Run,
  clientId: number,
  action: string
): Effect.Effect<UserRow, Forbidden | NotFound, VerifiedIdentity> =>
  Effect.gen(function* () {
    const coach = yield* currentCoach(run, action)
    const linked = yield* run((db) => isCoachOf(db, coach.id, clientId))
    if (!linked) return yield* new NotFound({ error: `clientId: no client with id ${clientId} on your client list` })
    return coach
  })

/** Every exercise_id sent is canonical or the coach's own, else 400. */
export const requireUsableExercises = (run: Run, coachId: number, workout: ReadonlyArray<BuiltExercise>) =>
  Effect.gen(function* () {
    const named = workout.flatMap((exercise) => (exercise.exercise_id === undefined ? [] : [exercise.exercise_id]))
    const unusable = named.length === 0 ? [] : yield* run((db) => exerciseIdsUnusableBy(db, coachId, named))
    if (unusable.length > 0) return yield* new BadRequest({ error: UNKNOWN_EXERCISE })
  })

/**
 * The exercises as stored, the wire's optional keys left out when absent. A set of an
 * edit keeps the id it was sent with: the existing set it is.
 */
export const storedExercises = (workout: ReadonlyArray<EditedExercise>): StoredExercises =>
  workout.map((exercise) => ({
    name: exercise.name,
    ...(exercise.exercise_id === undefined ? {} : { libraryId: exercise.exercise_id }),
    sets: exercise.sets.map((set) => ({
      ...(set.id === undefined ? {} : { id: set.id }),
      amsap: set.amsap,
      ...(set.weight_unit === undefined ? {} : { weightUnit: set.weight_unit }),
      fields: set.fields
    }))
  }))
