import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"

/**
 * A client's week for stories: Monday's bench was done (results logged, 42 minutes),
 * Tuesday's row was missed, Wednesday (today) holds two workouts, Friday deadlifts.
 */

export const STORY_TODAY = "2026-01-07" as IsoDate

const row = (id: number, date: string, workout_order: number, exercise_order: number, exercise: string, extra = {}) =>
  workoutRowFixture({ id, date, workout_order, exercise_order, exercise, reps: 5, rir: 2, ...extra })

export const storyWorkouts = [
  row(1, "2026-01-05", 0, 0, "Bench Press"),
  row(7, "2026-01-06", 0, 0, "Barbell Row"),
  row(2, "2026-01-07", 0, 0, "Squat"),
  row(3, "2026-01-07", 0, 1, "Romanian Deadlift"),
  row(4, "2026-01-07", 1, 0, "Bench Press"),
  row(5, "2026-01-09", 0, 0, "Deadlift")
]

export const storyResults = [
  row(1, "2026-01-05", 0, 0, "Bench Press", { weight: 185, reps: 5, rir: null, rpe: 8 }),
  row(6, "2025-12-29", 0, 0, "Bench Press", { weight: 180, reps: 5, rir: null, rpe: 8.5 })
]

const completion = (date: string, workout_order: number, minutes: number): WorkoutCompletion => ({
  date: date as IsoDate,
  workout_order,
  started_at: `${date}T17:00:00.000Z`,
  ended_at: `${date}T18:00:00.000Z`,
  duration_seconds: minutes * 60
})

/** Monday's workout was submitted after 42 minutes. */
export const storyCompletions: ReadonlyArray<WorkoutCompletion> = [completion("2026-01-05", 0, 42)]

/** ...and today's first workout after 55. */
export const storyCompletionsWithTodaysFirst: ReadonlyArray<WorkoutCompletion> = [
  ...storyCompletions,
  completion("2026-01-07", 0, 55)
]

/** Every workout from today on done. */
export const storyCompletionsAllDone: ReadonlyArray<WorkoutCompletion> = [
  ...storyCompletionsWithTodaysFirst,
  completion("2026-01-07", 1, 20),
  completion("2026-01-09", 0, 35)
]
