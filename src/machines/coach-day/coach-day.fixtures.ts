import type { IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { E1rmPercent, RepCount, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { groupRowsByDate, type WorkoutRow } from "#domain/workout.ts"
import type { CoachDayPorts } from "./coach-day.actors.ts"
import type { ClientDay, CoachDayContext, CoachDayInput } from "./coach-day.types.ts"

// A sample day for stories and tests. No network.

export const dayInput: CoachDayInput = { clientId: UserId.make(7), date: "2026-03-02" as IsoDate }

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
  row(14, "Deadlift", 2, 0, { rpe: Rpe.make(7), e1rm_percent: E1rmPercent.make(80) })
]

export const loggedResults: ReadonlyArray<WorkoutRow> = [
  row(11, "Back Squat", 0, 0, { reps: RepCount.make(5), rir: Rir.make(2), weight: Weight.make(225) })
]

export const sampleDay: ClientDay = {
  workouts: groupRowsByDate(prescribed)[dayInput.date] ?? [],
  results: loggedResults
}

export const dayContext = (overrides: Partial<CoachDayContext> = {}): CoachDayContext => ({
  ...dayInput,
  ...sampleDay,
  ...overrides
})

/** A gateway that never answers, so a story stays in the state it shows. */
export const storyCoachDayPorts: CoachDayPorts = { gateway: () => new Promise<never>(() => undefined) }
