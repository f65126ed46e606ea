import type { IsoDate } from "#domain/calendar.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"

/** A client's week for stories: two workouts on Wednesday, results logged on Monday. */

export const STORY_TODAY = "2026-01-07" as IsoDate

const row = (id: number, date: string, workout_order: number, exercise_order: number, exercise: string, extra = {}) =>
  workoutRowFixture({ id, date, workout_order, exercise_order, exercise, reps: 5, rir: 2, ...extra })

export const storyWorkouts = [
  row(1, "2026-01-05", 0, 0, "Bench Press"),
  row(2, "2026-01-07", 0, 0, "Squat"),
  row(3, "2026-01-07", 0, 1, "Romanian Deadlift"),
  row(4, "2026-01-07", 1, 0, "Bench Press"),
  row(5, "2026-01-09", 0, 0, "Deadlift")
]

export const storyResults = [
  row(1, "2026-01-05", 0, 0, "Bench Press", { weight: 185, reps: 5, rir: null, rpe: 8 }),
  row(6, "2025-12-29", 0, 0, "Bench Press", { weight: 180, reps: 5, rir: null, rpe: 8.5 })
]
