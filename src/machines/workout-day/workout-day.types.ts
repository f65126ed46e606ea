import type { IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"

/** What 'View workout' and 'Start workout' carry in route state; a reload or a typed address has none. */
export interface CarriedWorkout {
  readonly workout?: GroupedWorkout | undefined
  readonly index?: number | undefined
}

export interface WorkoutDayInput {
  readonly date: IsoDate
  readonly carried: CarriedWorkout
}

export interface WorkoutDayContext {
  readonly date: IsoDate
  /** The day's workout once known: carried, or the first one fetched for the date. */
  readonly workout: GroupedWorkout | null
  /** Which workout of the day it is (0 unless the calendar said otherwise). */
  readonly index: number
}

export type WorkoutDayEvent = { readonly type: "workout.retry" }
