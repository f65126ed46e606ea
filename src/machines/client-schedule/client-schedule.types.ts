import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutRow } from "#domain/workout.ts"

/**
 * The client's schedule as one screen needs it: prescribed rows and logged results for
 * a range of days. The calendar moves its selected day (and so its week); the dashboard
 * and the progress chart only load.
 */
export type ScheduleScope = "week" | "upcoming" | "all"

export interface ScheduleRange {
  readonly from?: IsoDate
  readonly to?: IsoDate
}

export interface Schedule {
  readonly workouts: ReadonlyArray<WorkoutRow>
  readonly results: ReadonlyArray<WorkoutRow>
}

export interface ScheduleInput {
  readonly scope: ScheduleScope
  readonly today: IsoDate
  readonly selected?: IsoDate
}

export interface ScheduleContext extends Schedule {
  readonly scope: ScheduleScope
  readonly today: IsoDate
  readonly selected: IsoDate
}

export type ScheduleEvent =
  | { readonly type: "week.next" }
  | { readonly type: "week.previous" }
  | { readonly type: "week.today" }
  | { readonly type: "day.select"; readonly date: IsoDate }
  | { readonly type: "schedule.retry" }
