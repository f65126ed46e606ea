import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout, LoggedRow } from "#domain/workout.ts"

/** A day as the coach sees it: what was prescribed, what the client logged of it, and which workouts they finished. */
export interface ClientDay {
  readonly workouts: ReadonlyArray<GroupedWorkout>
  readonly results: ReadonlyArray<LoggedRow>
  /** The day's submitted workouts; null when the server could not say (the day is shown all the same). */
  readonly completions: ReadonlyArray<WorkoutCompletion> | null
}

export interface CoachDayInput {
  readonly clientId: UserId
  readonly date: IsoDate
}

export interface CoachDayContext extends ClientDay, CoachDayInput {}

export type CoachDayEvent = { readonly type: "day.retry" }
