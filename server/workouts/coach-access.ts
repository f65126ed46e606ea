import * as Effect from "effect/Effect"
import type { VerifiedIdentity } from "#domain/api.ts"
import { BadRequest, type Forbidden } from "#domain/api-errors.ts"
import { UNKNOWN_EXERCISE } from "#domain/exercises.ts"
import type { UserId } from "#domain/ids.ts"
import { ClientNotFound } from "#domain/workout-errors.ts"
import type { BuiltExercise } from "#domain/workout.ts"
import { currentCoach } from "../account.ts"
import { isCoachOf } from "../clients/repository.ts"
import { exerciseIdsUnusableBy } from "../exercises/library.ts"
import type { UserRow } from "../users/repository.ts"
import type { Run } from "../services.ts"

/*
 * What the coach's writes to a client's workouts (save, edit, remove, restore) check
 * before touching anything.
 */

/**
 * The caller is the coach of this client: 403 for no account or a client, 404 for a
 * client not on their list (another coach's ids reveal nothing).
 */
export const requireCoachOfClient = (
  run: Run,
  clientId: UserId,
  action: string
): Effect.Effect<UserRow, Forbidden | ClientNotFound, VerifiedIdentity> =>
  Effect.gen(function* () {
    const coach = yield* currentCoach(run, action)
    const linked = yield* run((db) => isCoachOf(db, coach.id, clientId))
    if (!linked)
      return yield* new ClientNotFound({ error: `clientId: no client with id ${clientId} on your client list` })
    return coach
  })

/** Every exercise_id sent is canonical or the coach's own, else 400. */
export const requireUsableExercises = (run: Run, coachId: UserId, workout: ReadonlyArray<BuiltExercise>) =>
  Effect.gen(function* () {
    const named = workout.flatMap((exercise) => (exercise.exercise_id === undefined ? [] : [exercise.exercise_id]))
    const unusable = named.length === 0 ? [] : yield* run((db) => exerciseIdsUnusableBy(db, coachId, named))
    if (unusable.length > 0) return yield* new BadRequest({ error: UNKNOWN_EXERCISE })
  })
