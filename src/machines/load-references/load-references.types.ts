import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { WorkedOutLoad } from "#domain/loads.ts"
import type { TestedMaxes } from "#domain/maxes.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { DaySet } from "#domain/set-loads.ts"
import type { Unit } from "#domain/units.ts"
import type { LoggedRows } from "#domain/workout.ts"
import type { CopiedPreferences } from "#device/device-copy.types.ts"

export type { CopiedPreferences }

export interface LoadReferencesInput {
  readonly clientId: UserId
  /** The day whose sets are worked out: the working e1RM reads the weeks before it. */
  readonly date: IsoDate
  /** No set logged after today counts towards the working e1RM. */
  readonly today: IsoDate
}

/** The three reads, each its answer or null when it failed. */
export interface References {
  readonly maxes: TestedMaxes | null
  readonly preferences: Preferences | null
  readonly results: LoggedRows | null
}

export interface LoadReferencesContext extends LoadReferencesInput, References {
  /** The day's prescribed sets, in order, with what was done of them so far (the watched screen reports it). */
  readonly day: ReadonlyArray<DaySet>
  /**
   * Every set's worked-out load by set id, worked out again whenever the references or the
   * day change. Plain data, so the screens' first chunk reads it without the loads math.
   */
  readonly answers: Readonly<Record<number, WorkedOutLoad>>
  /** The client's unit, once their preferences are read (from the server, or offline from the device copy). */
  readonly unit: Unit | null
  /**
   * When the server last answered the preferences in use, if they came from the lifter's
   * device copy because the server could not be reached (docs/decisions/038); null when the
   * server answered them now, or none are known.
   */
  readonly preferencesAsOf: number | null
}

/** What the invoked actors take and answer. */
export interface LoadReferencesOutput extends References {
  /**
   * The preferences read never reached the server (no signal; not a refusal): the device
   * copy may answer for them (docs/decisions/027).
   */
  readonly preferencesUnreachable: boolean
}
export interface LoadReferencesRequest {
  readonly clientId: UserId
  readonly date: IsoDate
}

export type LoadReferencesEvent =
  /** The screen's sets or what was done of them changed (a set logged, a weight typed, a set added). */
  | { readonly type: "day.changed"; readonly day: ReadonlyArray<DaySet> }
  /** Reads again what failed (all three, so the answers agree with each other). */
  | { readonly type: "references.retry" }
