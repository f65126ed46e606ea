/**
 * Which workout of a day an address names: `?workout=2` is the day's second workout
 * ("Workout #2"); no parameter is the first, so SPEC's addresses stay as they were. The
 * day page, the logging pager and every link to them (dashboard, calendar, day page) use
 * these, so each workout of a day has its own URL. Kept below the ui layer so
 * the screens' view models can name the search their links carry.
 */
export interface WorkoutSearch {
  readonly workout?: number
}

/** The most workouts an address may name in one day; far above any real day. */
const MAX_WORKOUT_NUMBER = 1000

export const validateWorkoutSearch = (search: Record<string, unknown>): WorkoutSearch => {
  const workout = Number(search["workout"])
  return Number.isInteger(workout) && workout >= 1 && workout <= MAX_WORKOUT_NUMBER ? { workout } : {}
}

/** The zero-based index of the workout an address names. */
export const workoutIndexOf = (search: WorkoutSearch): number => (search.workout ?? 1) - 1

/** The search that names the workout at this zero-based index (none for the first). */
export const searchForWorkout = (index: number): WorkoutSearch => (index === 0 ? {} : { workout: index + 1 })
