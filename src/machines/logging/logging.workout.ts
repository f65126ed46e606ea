import type { SetId } from "#domain/ids.ts"
import { WORKOUT_CAPS, type GroupedExercise, type GroupedWorkout, type WorkoutRow } from "#domain/workout.ts"

/* The workout being logged, as sets are added and removed: pure, so the machine's assigns stay one line. */

export const exerciseWithSet = (workout: GroupedWorkout, setId: SetId): GroupedExercise | undefined =>
  workout.exercises.find((exercise) => exercise.sets.some((set) => set.id === setId))

export const findSet = (workout: GroupedWorkout, setId: SetId): WorkoutRow | undefined =>
  exerciseWithSet(workout, setId)?.sets.find((set) => set.id === setId)

/** The server refuses a set past the exercise's cap (409), so the button stops there. */
export const hasRoomAfter = (workout: GroupedWorkout, setId: SetId): boolean => {
  const exercise = exerciseWithSet(workout, setId)
  return exercise !== undefined && exercise.sets.length < WORKOUT_CAPS.setsPerExercise
}

/**
 * The workout with the server's new row in its exercise, in set order. An answer to a
 * retried addition may name a set already shown: it is the same set, shown once.
 */
export const withAddedSet = (workout: GroupedWorkout, afterSetId: SetId, row: WorkoutRow): GroupedWorkout => ({
  ...workout,
  exercises: workout.exercises.map((exercise) =>
    exercise.sets.some((set) => set.id === afterSetId) && !exercise.sets.some((set) => set.id === row.id)
      ? { ...exercise, sets: [...exercise.sets, row].sort((a, b) => a.set - b.set) }
      : exercise
  )
})

export const withoutSet = (workout: GroupedWorkout, setId: SetId): GroupedWorkout => ({
  ...workout,
  exercises: workout.exercises.map((exercise) =>
    exercise.sets.some((set) => set.id === setId)
      ? { ...exercise, sets: exercise.sets.filter((set) => set.id !== setId) }
      : exercise
  )
})

/**
 * 'Add set' as an event: the set follows `afterSetId`, and a fresh key names this one
 * addition, kept by the machine so a retry after a lost answer adds it once. 128 random
 * bits as hex: getRandomValues, unlike randomUUID, is there on plain http too.
 */
export const addSetEvent = (afterSetId: SetId) =>
  ({
    type: "set.add",
    afterSetId,
    idempotencyKey: Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, "0")
    ).join("")
  }) as const
