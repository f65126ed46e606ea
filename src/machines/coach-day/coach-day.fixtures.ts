import * as Schema from "effect/Schema"
import type { IsoDate } from "#domain/calendar.ts"
import { WorkoutCompletion } from "#domain/completion.ts"
import { UserId } from "#domain/ids.ts"
import { E1rmPercent, RepCount, Rpe, Weight } from "#domain/set-fields.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { groupRowsByDate, type LoggedRow, type WorkoutRow } from "#domain/workout.ts"
import type { CoachDayPorts } from "./coach-day.actors.ts"
import type { ClientDay, CoachDayContext, CoachDayInput } from "./coach-day.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// A sample day for stories and tests. No network. The client logged the first squat set,
// skipped the bench set, added a second AMSAP set, and submitted after 42 minutes.

export const dayInput: CoachDayInput = {
  coachId: UserId.make(3),
  clientId: UserId.make(7),
  date: "2026-03-02" as IsoDate
}

export const CLIENT_NAME = "Sam Lifter"

const row = (
  id: number,
  exercise: string,
  exerciseOrder: number,
  set: number,
  values: Partial<WorkoutRow>
): WorkoutRow => workoutRowFixture({ id, date: dayInput.date, exercise, exercise_order: exerciseOrder, set, ...values })

const prescribed: ReadonlyArray<WorkoutRow> = [
  row(11, "Back Squat", 0, 0, { reps: RepCount.make(5), rpe: Rpe.make(8), weight: Weight.make(225) }),
  row(12, "Back Squat", 0, 1, { reps: RepCount.make(5), rpe: Rpe.make(8), weight: Weight.make(225) }),
  row(13, "Bench Press", 1, 0, { reps: "AMRAP", amsap: true }),
  row(15, "Bench Press", 1, 1, { reps: "AMRAP", amsap: true, added: true }),
  row(14, "Deadlift", 2, 0, { rpe: Rpe.make(7), e1rm_percent: E1rmPercent.make(80) })
]

const logged = (id: number, values: Readonly<Record<string, unknown>>): LoggedRow =>
  loggedRowFixture(
    prescribed.find((r) => r.id === id),
    values
  )

export const loggedResults: ReadonlyArray<LoggedRow> = [
  logged(11, { reps: 5, rir: 2, weight: 225 }),
  logged(13, { skipped: true }),
  logged(15, { reps: 12, weight: 135 })
]

/** Ended at noon UTC, so it reads as finished on Mar 2 anywhere from UTC-11 to UTC+11. */
export const dayCompletion: WorkoutCompletion = Schema.decodeUnknownSync(WorkoutCompletion)({
  date: dayInput.date,
  workout_order: 0,
  started_at: "2026-03-02T11:15:00.000Z",
  ended_at: "2026-03-02T12:00:00.000Z",
  duration_seconds: 42 * 60
})

export const sampleDay: ClientDay = {
  workouts: groupRowsByDate(prescribed)[dayInput.date] ?? [],
  results: loggedResults,
  completions: [dayCompletion],
  clientName: CLIENT_NAME
}

export const dayContext = (overrides: Partial<CoachDayContext> = {}): CoachDayContext => ({
  ...dayInput,
  ...sampleDay,
  viewerUnit: "lb",
  ...overrides
})

/** A lifter in kilograms: the squat prescribed at 107.5 kg and done as written, the bench done in pounds. */
const kgPrescribed: ReadonlyArray<WorkoutRow> = [
  row(21, "Back Squat", 0, 0, { reps: RepCount.make(5), weight: Weight.make(107.5), weight_unit: "kg" }),
  row(22, "Bench Press", 1, 0, { reps: RepCount.make(5), weight: Weight.make(185) })
]

export const kilogramDay: ClientDay = {
  workouts: groupRowsByDate(kgPrescribed)[dayInput.date] ?? [],
  results: [
    loggedRowFixture(kgPrescribed[0], { reps: 5, weight: 107.5, weight_unit: "kg" }),
    loggedRowFixture(kgPrescribed[1], { reps: 5, weight: 185, weight_unit: "lb" })
  ],
  completions: [],
  clientName: CLIENT_NAME
}

/** A titled workout with a superset, rest, tempo and a note to the client (docs/decisions/048). */
const supersetPrescribed: ReadonlyArray<WorkoutRow> = [
  ...[0, 1].map((set) =>
    row(31 + set, "Pull-up", 0, set, {
      reps: RepCount.make(8),
      workout_title: "Upper pull",
      superset: "A",
      rest_seconds: 0,
      tempo: "21X1",
      note: "Full hang at the bottom"
    })
  ),
  ...[0, 1].map((set) =>
    row(33 + set, "Dip", 1, set, {
      reps: RepCount.make(10),
      workout_title: "Upper pull",
      superset: "A",
      rest_seconds: 90
    })
  )
]

export const supersetDay: ClientDay = {
  workouts: groupRowsByDate(supersetPrescribed)[dayInput.date] ?? [],
  results: [],
  completions: [],
  clientName: CLIENT_NAME
}

/** A session the client brought from another app (docs/decisions/049): no coach, nothing prescribed, done. */
const importedRows: ReadonlyArray<WorkoutRow> = [0, 1].map((set) =>
  row(41 + set, "Belt Squat", 0, set, {
    reps: null,
    weight: null,
    weight_unit: "kg",
    workout_title: "Legs",
    imported: true
  })
)

export const importedDay: ClientDay = {
  workouts: groupRowsByDate(importedRows)[dayInput.date] ?? [],
  results: importedRows.map((prescribed) => loggedRowFixture(prescribed, { reps: 8, weight: 100, weight_unit: "kg" })),
  completions: [],
  clientName: CLIENT_NAME
}

/** A gateway that never answers, so a story stays in the state it shows. */
export const storyCoachDayPorts: CoachDayPorts = { gateway: unansweredCalls() }
