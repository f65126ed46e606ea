import type { IsoDate } from "#domain/calendar.ts"
import { SetId, UserId } from "#domain/ids.ts"
import { E1rmPercent, RepCount, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import { groupRowsByDate, type WorkoutRow } from "#domain/workout.ts"
import { createCoachDayActors, type ClientDay } from "./coach-day.actors.ts"
import type { CoachDayContext, CoachDayInput } from "./coach-day.machine.ts"

// A sample day for stories and tests. No network.

export const dayInput: CoachDayInput = { clientId: UserId.make(7), date: "2026-03-02" as IsoDate }

const row = (id: number, exercise: string, exerciseOrder: number, set: number, values: Partial<WorkoutRow>): WorkoutRow => ({
  id: SetId.make(id),
  date: dayInput.date,
  workout_order: 0,
  exercise_order: exerciseOrder,
  exercise: exercise,
  set,
  reps: null,
  rir: null,
  rpe: null,
  weight: null,
  backoff_percent: null,
  e1rm_percent: null,
  max_percent: null,
  amsap: false,
  ...values
})

const prescribed: ReadonlyArray<WorkoutRow> = [
  row(11, "Back Squat", 0, 0, { reps: RepCount.make(5), rpe: Rpe.make(8), weight: Weight.make(225) }),
  row(12, "Back Squat", 0, 1, { reps: RepCount.make(5), rpe: Rpe.make(8), weight: Weight.make(225) }),
  row(13, "Bench Press", 1, 0, { reps: "AMRAP", amsap: true }),
  row(14, "Deadlift", 2, 0, { rpe: Rpe.make(7), e1rm_percent: E1rmPercent.make(80) })
]

export const loggedResults: ReadonlyArray<WorkoutRow> = [
  row(11, "Back Squat", 0, 0, { reps: RepCount.make(5), rir: Rir.make(2), weight: Weight.make(225) })
]

export const sampleDay: ClientDay = { workouts: groupRowsByDate(prescribed)[dayInput.date] ?? [], results: loggedResults }

export const dayContext = (overrides: Partial<CoachDayContext> = {}): CoachDayContext => ({
  ...dayInput,
  ...sampleDay,
  ...overrides
})

/** A load that never answers, so a story stays in the state it shows. */
export const storyCoachDayActors = createCoachDayActors({ loadDay: () => new Promise<never>(() => undefined) })
