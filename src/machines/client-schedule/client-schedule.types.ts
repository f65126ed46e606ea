import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { WorkoutRow } from "#domain/workout.ts"

/**
 * The client's schedule as one screen needs it: prescribed rows and logged results for
 * the days it shows. The calendar moves its selected day (and so its week); the
 * dashboard (the next workout, within a year) only loads. Every read covers at most
 * MAX_READ_DAYS days (#domain/workout.ts). The progress chart has a machine of its own
 * (client-progress).
 */
export type ScheduleScope = "week" | "upcoming"

/** What one load asks the server for: the days, and only the reads the screen shows. */
export interface ScheduleRange {
  readonly from: IsoDate
  readonly to: IsoDate
  /** The prescribed rows (/workouts): the calendar and the dashboard show them. */
  readonly workouts: boolean
  /** The logged results (/workoutResults): the calendar's markers show them, the dashboard does not. */
  readonly results: boolean
  /** Which workouts are done (/workoutCompletions): the calendar's marks and the dashboard's next workout. */
  readonly completions: boolean
}

export interface Schedule {
  readonly workouts: ReadonlyArray<WorkoutRow>
  readonly results: ReadonlyArray<WorkoutRow>
  /**
   * The submitted workouts of the days shown; null when the server could not say (that
   * read failing leaves the schedule on screen: nothing is then called done or missed).
   */
  readonly completions: ReadonlyArray<WorkoutCompletion> | null
}

export interface ScheduleInput {
  readonly scope: ScheduleScope
  readonly today: IsoDate
  readonly selected?: IsoDate
}

/** The device copy's answer for a range (docs/decisions/027): its rows and when the server last gave them. */
export interface CopiedSchedule extends Schedule {
  /** Epoch ms of the copy's last refresh. */
  readonly asOf: number
}

export interface ScheduleContext extends Schedule {
  readonly scope: ScheduleScope
  readonly today: IsoDate
  readonly selected: IsoDate
  /** When the rows shown come from the device copy, its last refresh (epoch ms); null for the server's own answer. */
  readonly asOf: number | null
}

export type ScheduleEvent =
  | { readonly type: "week.next" }
  | { readonly type: "week.previous" }
  | { readonly type: "week.today" }
  | { readonly type: "day.select"; readonly date: IsoDate }
  | { readonly type: "schedule.retry" }
  /** The browser is back online (the machine's own waitForNetwork says so). */
  | { readonly type: "network.online" }
