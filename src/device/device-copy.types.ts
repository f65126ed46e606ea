import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { LoggedRow, WorkoutRow } from "#domain/workout.ts"

/*
 * The lifter's days kept on the device (docs/decisions/027): what the server last said
 * about a span of days, so the client's screens can show it when the server cannot be
 * reached, saying how old it is. One copy per user, keyed by their id. It keeps the
 * lifter's preferences too (their unit, bar and plates), so offline a weight is still typed
 * and read in their own unit (docs/decisions/038-one-way-to-show-a-weight.md).
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

/** The lifter's preferences as the server last answered them, and when (epoch ms). */
export interface CopiedPreferences {
  readonly preferences: Preferences
  readonly asOf: number
}

/** The device copy's days, as the client's machines' ports use them. */
export interface DeviceCopyStore {
  read(range: { readonly from: IsoDate; readonly to: IsoDate }): Promise<CopiedDays | null>
  keep(fresh: FreshDays): Promise<void>
}

/** The device copy's preferences, as the worked-out loads' ports use them. */
export interface PreferencesCopyStore {
  /** The preferences kept, or null when the server never answered them on this device. */
  readPreferences(): Promise<CopiedPreferences | null>
  /** What the server just answered for the owner's preferences, replacing what was kept. */
  keepPreferences(preferences: Preferences): Promise<void>
}

/** The whole copy of one user: their days and their preferences. */
export type LifterCopyStore = DeviceCopyStore & PreferencesCopyStore
