import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { LoggedRow, WorkoutRow } from "#domain/workout.ts"

/*
 * The lifter's days kept on the device (docs/decisions/027): what the server last said
 * about a span of days, so the client's screens can show it when the server cannot be
 * reached, saying how old it is. One copy per user, keyed by their id.
 */

/** The copy's IndexedDB database (one record per user in its store `days`). */
export const DEVICE_COPY_DB = "strength-coach-device-copy"

/** What one successful read said, for the days it asked about; a read not made is absent. */
export interface FreshDays {
  readonly from: IsoDate
  readonly to: IsoDate
  readonly workouts?: ReadonlyArray<WorkoutRow> | undefined
  /** /workoutResults's rows (the schedule holds them as WorkoutRow; they are LoggedRow). */
  readonly results?: ReadonlyArray<WorkoutRow> | undefined
  readonly completions?: ReadonlyArray<WorkoutCompletion> | undefined
}

/**
 * The copy's rows within the days asked for. A kind is null when the copy does not cover
 * those days: nothing is then claimed about them.
 */
export interface CopiedDays {
  /** When the server last answered a read the copy keeps (epoch ms). */
  readonly asOf: number
  readonly workouts: ReadonlyArray<WorkoutRow> | null
  readonly results: ReadonlyArray<LoggedRow> | null
  readonly completions: ReadonlyArray<WorkoutCompletion> | null
}

/** The device copy as the client's machines' ports use it. */
export interface DeviceCopyStore {
  read(range: { readonly from: IsoDate; readonly to: IsoDate }): Promise<CopiedDays | null>
  keep(fresh: FreshDays): Promise<void>
}
