import * as Schema from "effect/Schema"
import type { IsoDate } from "#domain/calendar.ts"
import { WorkoutCompletion } from "#domain/completion.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { groupRowsByDate, type LoggedRow, type GroupedWorkout } from "#domain/workout.ts"
import type { DayRecord } from "./workout-day.types.ts"

/*
 * A day with two workouts for stories and tests, no network. The first is the coach's
 * squat day (weight and RPE, a backoff set, an AMSAP set, bench at %e1RM) with a set
 * the lifter added; it was completed in 42 minutes with one set skipped and one not
 * logged. The second, deadlifts, is still to do.
 */

export const DAY_DATE = "2026-01-05" as IsoDate

const row = (id: number, workout_order: number, exercise_order: number, exercise: string, set: number, extra = {}) =>
  workoutRowFixture({ id, date: DAY_DATE, workout_order, exercise_order, exercise, set, ...extra })

const rows = [
  row(201, 0, 0, "Back Squat", 0, { weight: 275, reps: 5, rpe: 8 }),
  row(202, 0, 0, "Back Squat", 1, { reps: 5, rpe: 8, backoff_percent: 10 }),
  row(203, 0, 0, "Back Squat", 2, { weight: 245, reps: 5, amsap: true }),
  row(204, 0, 0, "Back Squat", 3, { weight: 245, reps: 5, amsap: true, added: true }),
  row(205, 0, 1, "Bench Press", 0, { reps: 5, rpe: 7.5, e1rm_percent: 75 }),
  row(211, 1, 0, "Deadlift", 0, { weight: 315, reps: 3, rir: 2 })
]

const day = groupRowsByDate(rows)[DAY_DATE] ?? []
export const squatWorkout: GroupedWorkout = day[0] as GroupedWorkout
export const deadliftWorkout: GroupedWorkout = day[1] as GroupedWorkout
export const dayWorkouts: ReadonlyArray<GroupedWorkout> = day

const logged = (id: number, values: Readonly<Record<string, unknown>>): LoggedRow =>
  loggedRowFixture(
    rows.find((r) => r.id === id),
    values
  )

/** The squat workout's completion: 42 minutes on the day. */
export const squatCompletion: WorkoutCompletion = Schema.decodeUnknownSync(WorkoutCompletion)({
  date: DAY_DATE,
  workout_order: 0,
  started_at: "2026-01-05T17:00:00.000Z",
  ended_at: "2026-01-05T17:45:00.000Z",
  duration_seconds: 42 * 60
})

export const squatResults: ReadonlyArray<LoggedRow> = [
  logged(201, { weight: 275, reps: 5, rir: 2 }),
  logged(202, { skipped: true }),
  logged(204, { weight: 245, reps: 8, rir: 1 }),
  logged(205, { weight: 185, reps: 5, rpe: 7.5 })
]

/** The day once the squat workout was submitted. */
export const completedRecord: DayRecord = { completions: [squatCompletion], results: squatResults }

/** The day before anything was submitted. */
export const openRecord: DayRecord = { completions: [], results: [] }
