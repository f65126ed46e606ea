import type { IsoDate } from "#domain/calendar.ts"
import { completionOf, type WorkoutCompletion } from "#domain/completion.ts"
import { groupRowsByDate, type GroupedWorkout, type WorkoutRow } from "#domain/workout.ts"

/*
 * Which scheduled workouts are done, as the dashboard and the calendar show it. A
 * workout is done when the server keeps a completion for its day and workout_order.
 * Without the completions (null: the server could not say) nothing is called done
 * or missed.
 */

export const isDone = (
  completions: ReadonlyArray<WorkoutCompletion> | null,
  date: IsoDate,
  workout: GroupedWorkout
): boolean => completions !== null && completionOf(completions, date, workout.workout_order) !== undefined

export interface OpenWorkout {
  readonly date: IsoDate
  /** Its place in the day (zero-based): the address's ?workout=N is index + 1. */
  readonly index: number
  readonly workout: GroupedWorkout
  /** How many workouts the day holds. */
  readonly dayCount: number
}

/** The dashboard's 'Next Workout:': the earliest scheduled workout on or after today that is not done. */
export const nextOpenWorkout = (
  rows: ReadonlyArray<WorkoutRow>,
  completions: ReadonlyArray<WorkoutCompletion> | null,
  today: IsoDate
): OpenWorkout | undefined => {
  const byDate = groupRowsByDate(rows.filter((row) => row.date >= today))
  for (const date of (Object.keys(byDate) as Array<IsoDate>).sort()) {
    const day = byDate[date] ?? []
    const index = day.findIndex((workout) => !isDone(completions, date, workout))
    const workout = day[index]
    if (workout !== undefined) return { date, index, workout, dayCount: day.length }
  }
  return undefined
}

/** A day of the calendar that has workouts: still to do, every one done, or gone by with one not done. */
export type DayMark = "scheduled" | "completed" | "missed"

export const dayMark = (
  day: ReadonlyArray<GroupedWorkout>,
  completions: ReadonlyArray<WorkoutCompletion> | null,
  date: IsoDate,
  today: IsoDate
): DayMark | null => {
  if (day.length === 0) return null
  if (completions === null) return "scheduled"
  if (day.every((workout) => isDone(completions, date, workout))) return "completed"
  return date < today ? "missed" : "scheduled"
}
