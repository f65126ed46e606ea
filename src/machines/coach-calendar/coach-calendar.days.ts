import type { IsoDate } from "#domain/calendar.ts"
import { completionOf, type WorkoutCompletion } from "#domain/completion.ts"
import type { Unit } from "#domain/units.ts"
import type { MovedWorkout, WorkoutPlace } from "#domain/workout-move.ts"
import { groupRowsByDate, type LoggedRow, type WorkoutRow } from "#domain/workout.ts"
import type { DaySummaries, DaySummary, Volume, WorkoutSummary } from "./coach-calendar.types.ts"

/** Weight x reps of logged sets, per unit entered; null when none has both (a skipped set has neither). */
const volumeOf = (logged: ReadonlyArray<LoggedRow>): Volume | null => {
  const volume: Record<Unit, number> = { lb: 0, kg: 0 }
  let weighted = false
  for (const row of logged) {
    if (row.skipped || row.weight === null || row.reps === null) continue
    volume[row.weight_unit] += row.weight * row.reps
    weighted = true
  }
  return weighted ? volume : null
}

/** The day's lifted volume: its workouts' added up; null when none has any. */
export const dayVolume = (summary: DaySummary): Volume | null => {
  const weighed = summary.workouts.flatMap((workout) => (workout.volume === null ? [] : [workout.volume]))
  if (weighed.length === 0) return null
  return weighed.reduce((sum, volume) => ({ lb: sum.lb + volume.lb, kg: sum.kg + volume.kg }), { lb: 0, kg: 0 })
}

/**
 * What a workout is called on the grid: the coach's title, else 'Workout N' by its place
 * in its day (1-based, as the day view numbers them). The one place a name is made.
 */
export const workoutName = (workout: Pick<WorkoutSummary, "title">, index: number): string =>
  workout.title ?? `Workout ${index + 1}`

/** What the coach's grid says of each day with workouts: per workout what is programmed, submitted, logged and lifted. */
export const summarizeDays = (
  prescribed: ReadonlyArray<WorkoutRow>,
  logged: ReadonlyArray<LoggedRow>,
  completions: ReadonlyArray<WorkoutCompletion>
): DaySummaries => {
  const summaries: Record<IsoDate, DaySummary> = {}
  for (const [date, workouts] of Object.entries(groupRowsByDate(prescribed)) as Array<
    [IsoDate, ReturnType<typeof groupRowsByDate>[IsoDate]]
  >) {
    summaries[date] = {
      workouts: workouts.map((workout): WorkoutSummary => {
        const its = logged.filter((row) => row.date === date && row.workout_order === workout.workout_order)
        return {
          workoutOrder: workout.workout_order,
          title: workout.title ?? null,
          exercises: workout.exercises.map((exercise) => exercise.name),
          submitted: completionOf(completions, date, workout.workout_order) !== undefined,
          logged: its.length > 0,
          volume: volumeOf(its)
        }
      })
    }
  }
  return summaries
}

/** The workout shown at `place`, with its position in its day; undefined when the grid shows none there. */
export const shownWorkout = (
  days: DaySummaries,
  place: WorkoutPlace
): { readonly workout: WorkoutSummary; readonly index: number } | undefined => {
  const workouts = days[place.date]?.workouts ?? []
  const index = workouts.findIndex((workout) => workout.workoutOrder === place.workoutOrder)
  const workout = workouts[index]
  return workout === undefined ? undefined : { workout, index }
}

/**
 * The grid after the server moved a workout: taken from the day it left and put on its new
 * day under the order the server gave it, after that day's others (orders only grow).
 */
export const applyMove = (days: DaySummaries, moved: MovedWorkout): DaySummaries => {
  const found = shownWorkout(days, moved.from)
  if (found === undefined) return days
  const left = (days[moved.from.date]?.workouts ?? []).filter((workout) => workout !== found.workout)
  // A day without workouts is absent, as the reads make it.
  const next: Record<IsoDate, DaySummary> = Object.fromEntries(
    Object.entries(days).filter(([date]) => date !== moved.from.date || left.length > 0)
  )
  if (left.length > 0) next[moved.from.date] = { workouts: left }
  const landed = { ...found.workout, workoutOrder: moved.workoutOrder }
  const there = (next[moved.date]?.workouts ?? []).filter((workout) => workout.workoutOrder !== moved.workoutOrder)
  next[moved.date] = { workouts: [...there, landed].sort((a, b) => a.workoutOrder - b.workoutOrder) }
  return next
}
