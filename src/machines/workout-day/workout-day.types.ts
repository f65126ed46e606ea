import type { IsoDate, RouteDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { GroupedWorkout, LoggedRow } from "#domain/workout.ts"

/** What 'View workout', 'Start workout' and 'Correct a value' carry in route state (docs/product.md). */
export interface CarriedState {
  readonly workout: GroupedWorkout
  readonly index: number
  readonly date: RouteDate
  /** Set when the workout came from the device copy of this time: the next page reads it again, not taken as fresh. */
  readonly asOf?: number
}

/** What a page finds in route state: what a link carried, or nothing after a reload or a typed address. */
export type CarriedWorkout = Partial<CarriedState>

export interface WorkoutDayInput {
  readonly date: IsoDate
  readonly carried: CarriedWorkout
  /**
   * Which workout of the day the address names (zero-based, `?workout=N` less one).
   * Absent: the carried index, else the first. A carried workout counts only when it is that one.
   */
  readonly index?: number | undefined
  /**
   * Whether the page shows if the workout is done and what was logged (the day page), so
   * the machine reads the day's completions and results. The logging page does not ask.
   */
  readonly withRecord?: boolean | undefined
}

/** What the lifter did that day: the completions the server keeps and the sets they logged. */
export interface DayRecord {
  readonly completions: ReadonlyArray<WorkoutCompletion>
  readonly results: ReadonlyArray<LoggedRow>
}

/** The record's read; `day` asks for the day's workouts too (a carried workout has not listed them). */
export interface RecordRead {
  readonly date: IsoDate
  readonly day: boolean
}

export interface RecordOutput extends DayRecord {
  /** The day's workouts, when the read asked for them. */
  readonly workouts?: ReadonlyArray<GroupedWorkout> | undefined
}

export interface WorkoutDayContext {
  readonly date: IsoDate
  /** Which workout of the day it is (zero-based). */
  readonly index: number
  /** The workout shown once known: carried, or the day's workout at `index`, fetched. */
  readonly workout: GroupedWorkout | null
  /** Every workout of the day once the server listed them; null while only a carried one is known. */
  readonly dayWorkouts: ReadonlyArray<GroupedWorkout> | null
  readonly withRecord: boolean
  /** The day's completions and logged sets, once read. */
  readonly record: DayRecord | null
  /** The workout shown comes from the device copy, refreshed then (epoch ms); null for the server's (or a carried) one. */
  readonly asOf: number | null
  /** The record shown comes from the device copy, refreshed then (epoch ms). */
  readonly recordAsOf: number | null
}

/** The device copy's workouts of a day (docs/decisions/027). */
export interface CopiedDay {
  readonly workouts: ReadonlyArray<GroupedWorkout>
  readonly asOf: number
}

/** The device copy's record of a day. */
export interface CopiedRecord extends DayRecord {
  readonly asOf: number
}

export type WorkoutDayEvent =
  | { readonly type: "workout.retry" }
  | { readonly type: "record.retry" }
  /** The browser is back online (the machine's own waitForNetwork says so). */
  | { readonly type: "network.online" }
