import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout, WorkoutRow } from "#domain/workout.ts"

/** A day as the coach sees it: what was prescribed, and what the client logged of it. */
export interface ClientDay {
  readonly workouts: ReadonlyArray<GroupedWorkout>
  readonly results: ReadonlyArray<WorkoutRow>
}

export interface CoachDayInput {
  readonly clientId: UserId
  readonly date: IsoDate
}

export interface CoachDayContext extends ClientDay, CoachDayInput {}

export type CoachDayEvent = { readonly type: "day.retry" }
