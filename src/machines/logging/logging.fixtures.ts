import * as Schema from "effect/Schema"
import type { IsoDate } from "#domain/calendar.ts"
import { addDays } from "#domain/calendar.ts"
import { GroupedWorkout, LoggedRows, type WorkoutRow } from "#domain/workout.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"

/** A day's workout for stories and tests: three exercises, prescribed as reps at RIR. */

export const FIXTURE_DATE = "2026-01-05" as IsoDate

const row = (id: number, exercise_order: number, exercise: string, set: number, reps: number, rir: number) =>
  workoutRowFixture({ id, date: FIXTURE_DATE, exercise_order, exercise, set, reps, rir })

export const fixtureWorkout: GroupedWorkout = Schema.decodeUnknownSync(GroupedWorkout)({
  workout_order: 0,
  exercises: [
    {
      exercise_order: 0,
      name: "Squat",
      exercise_id: "squat",
      sets: [row(101, 0, "Squat", 0, 5, 2), row(102, 0, "Squat", 1, 5, 2)]
    },
    { exercise_order: 1, name: "Bench Press", exercise_id: "bench-press", sets: [row(103, 1, "Bench Press", 0, 8, 1)] },
    { exercise_order: 2, name: "Deadlift", exercise_id: "deadlift", sets: [row(104, 2, "Deadlift", 0, 3, 3)] }
  ]
})

/*
 * A superset and a lift after it (docs/decisions/048): A1 Pull-up (3 sets, tempo, no rest,
 * a note) and A2 Dip (2 sets, 90 s rest, a demo video), then Back Squat with 3 minutes' rest.
 */
const superset = (id: number, exercise_order: number, exercise: string, set: number, reps: number) =>
  workoutRowFixture({ id, date: FIXTURE_DATE, exercise_order, exercise, set, reps })

export const supersetWorkout: GroupedWorkout = {
  workout_order: 0,
  title: "Upper pull",
  exercises: [
    {
      exercise_order: 0,
      name: "Pull-up",
      exercise_id: "pull-up",
      superset: "A",
      rest_seconds: 0,
      tempo: "21X1",
      note: "Full hang at the bottom",
      sets: [0, 1, 2].map((set) => superset(401 + set, 0, "Pull-up", set, 8))
    },
    {
      exercise_order: 1,
      name: "Dip",
      exercise_id: "dip",
      superset: "A",
      rest_seconds: 90,
      demo_url: "https://videos.example.com/dip",
      sets: [0, 1].map((set) => superset(404 + set, 1, "Dip", set, 10))
    },
    {
      exercise_order: 2,
      name: "Back Squat",
      exercise_id: "back-squat",
      rest_seconds: 180,
      sets: [superset(406, 2, "Back Squat", 0, 5)]
    }
  ]
}

export const emptyWorkout: GroupedWorkout = { workout_order: 0, exercises: [] }

/*
 * A whole prescription: Back Squat 275 lbs × 5 at RPE 8,
 * a 10 % backoff set and an AMSAP set at 245; Bench Press at 75 % of e1RM. The day's
 * second workout (workout_order 1), so what Submit records names it.
 */
const planned = (id: number, exercise_order: number, exercise: string, set: number, extra: object) =>
  workoutRowFixture({ id, date: FIXTURE_DATE, workout_order: 1, exercise_order, exercise, set, ...extra })

export const amsapWorkout: GroupedWorkout = {
  workout_order: 1,
  exercises: [
    {
      exercise_order: 0,
      name: "Back Squat",
      exercise_id: "back-squat",
      sets: [
        planned(301, 0, "Back Squat", 0, { weight: 275, reps: 5, rpe: 8 }),
        planned(302, 0, "Back Squat", 1, { reps: 5, rpe: 8, backoff_percent: 10 }),
        planned(303, 0, "Back Squat", 2, { weight: 245, reps: 5, amsap: true })
      ]
    },
    {
      exercise_order: 1,
      name: "Bench Press",
      exercise_id: "bench-press",
      sets: [planned(304, 1, "Bench Press", 0, { reps: 5, rpe: 7.5, e1rm_percent: 75 })]
    }
  ]
}

/** The set the server answers to 'Add another set' after the AMSAP set: a copy of it, marked added. */
export const addedAmsapSet: WorkoutRow = planned(305, 0, "Back Squat", 3, {
  weight: 245,
  reps: 5,
  amsap: true,
  added: true
})

/** A week before, the lifter squatted 265 × 5 (and benched nothing): "last time" and the record to beat. */
export const earlierRows: LoggedRows = Schema.decodeUnknownSync(LoggedRows)([
  {
    ...workoutRowFixture({ id: 201, date: addDays(FIXTURE_DATE, -7), exercise: "back squat", weight: 265, reps: 5 }),
    backoff_percent: null,
    e1rm_percent: null,
    max_percent: null,
    skipped: false
  }
])
