import * as Schema from "effect/Schema"
import type { IsoDate } from "#domain/calendar.ts"
import { GroupedWorkout } from "#domain/workout.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"

/** A day's workout for stories and tests: three exercises, prescribed as reps at RIR. */

export const FIXTURE_DATE = "2026-01-05" as IsoDate

const row = (id: number, exercise_order: number, exercise: string, set: number, reps: number, rir: number) =>
  workoutRowFixture({ id, date: FIXTURE_DATE, exercise_order, exercise, set, reps, rir })

export const fixtureWorkout: GroupedWorkout = Schema.decodeUnknownSync(GroupedWorkout)({
  workout_order: 0,
  exercises: [
    { exercise_order: 0, name: "Squat", sets: [row(101, 0, "Squat", 0, 5, 2), row(102, 0, "Squat", 1, 5, 2)] },
    { exercise_order: 1, name: "Bench Press", sets: [row(103, 1, "Bench Press", 0, 8, 1)] },
    { exercise_order: 2, name: "Deadlift", sets: [row(104, 2, "Deadlift", 0, 3, 3)] }
  ]
})

export const emptyWorkout: GroupedWorkout = { workout_order: 0, exercises: [] }
