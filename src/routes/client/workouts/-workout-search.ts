import * as address from "#domain/workout-search.ts"

/*
 * Which workout of a day an address names (`?workout=2`), for the routes' validateSearch.
 * The rule itself is in the domain (#domain/workout-search.ts), so the screens' links and the
 * routes read addresses the same way.
 */
export type WorkoutSearch = address.WorkoutSearch

export const validateWorkoutSearch: (search: Record<string, unknown>) => WorkoutSearch = address.validateWorkoutSearch

/** The zero-based index of the workout an address names. */
export const workoutIndexOf: (search: WorkoutSearch) => number = address.workoutIndexOf

/** The search that names the workout at this zero-based index (none for the first). */
export const searchForWorkout: (index: number) => WorkoutSearch = address.searchForWorkout
