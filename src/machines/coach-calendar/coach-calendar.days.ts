import type { IsoDate } from "#domain/calendar.ts"
import { completionOf, type WorkoutCompletion } from "#domain/completion.ts"
import type { Unit } from "#domain/units.ts"
import { groupRowsByDate, type LoggedRow, type WorkoutRow } from "#domain/workout.ts"
import type { DaySummaries, DaySummary } from "./coach-calendar.types.ts"

/** Weight x reps of the day's logged sets, per unit entered; null when none has both (a skipped set has neither). */
const volumeOf = (logged: ReadonlyArray<LoggedRow>): DaySummary["volume"] => {
  const volume: Record<Unit, number> = { lb: 0, kg: 0 }
  let weighted = false
  for (const row of logged) {
    if (row.skipped || row.weight === null || row.reps === null) continue
    volume[row.weight_unit] += row.weight * row.reps
    weighted = true
  }
  return weighted ? volume : null
}

/** What the coach's grid says of each day with workouts: what is programmed, what was submitted, logged and lifted. */
export const summarizeDays = (
  prescribed: ReadonlyArray<WorkoutRow>,
  logged: ReadonlyArray<LoggedRow>,
  completions: ReadonlyArray<WorkoutCompletion>
): DaySummaries => {
  const summaries: Record<IsoDate, DaySummary> = {}
  for (const [date, workouts] of Object.entries(groupRowsByDate(prescribed)) as Array<
    [IsoDate, ReturnType<typeof groupRowsByDate>[IsoDate]]
  >) {
    const dayLogged = logged.filter((row) => row.date === date)
    summaries[date] = {
      workouts: workouts.map((workout) => workout.exercises.map((exercise) => exercise.name)),
      submitted: workouts.filter((workout) => completionOf(completions, date, workout.workout_order) !== undefined)
        .length,
      logged: dayLogged.length > 0,
      volume: volumeOf(dayLogged)
    }
  }
  return summaries
}
