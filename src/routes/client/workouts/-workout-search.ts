/**
 * Which workout of the day an address names: `?workout=2` is the day's second workout
 * ("Workout #2"); no parameter is the first. Both the day page and the logging pager
 * take it, so each workout of a day has its own URL (issue 13).
 */
export interface WorkoutSearch {
  readonly workout?: number
}

export const validateWorkoutSearch = (search: Record<string, unknown>): WorkoutSearch => {
  const workout = Number(search.workout)
  return Number.isInteger(workout) && workout >= 1 && workout <= 1000 ? { workout } : {}
}

/** The zero-based index of the workout an address names. */
export const workoutIndexOf = (search: WorkoutSearch): number => (search.workout ?? 1) - 1

/** The search that names the workout at this zero-based index (none for the first, so SPEC's addresses stay as they were). */
export const searchForWorkout = (index: number): WorkoutSearch => (index === 0 ? {} : { workout: index + 1 })
