import type { UserId } from "#domain/ids.ts"
import type { Preferences, SMALLEST_PLATES } from "#domain/preferences.ts"
import type { Unit } from "#domain/units.ts"

/** Whose preferences the form edits, and so what it may change. */
export type PreferencesEditor =
  /** A lifter on their own profile: unit, bar and smallest plate. */
  | "lifter"
  /** A coach on their own profile: the unit they read and enter loads in. */
  | "coach"
  /** A coach on a client's page: that client's bar and smallest plate, never their unit. */
  | "coach-of-client"

export interface PreferencesInput {
  /** Whose preferences are read and saved. */
  readonly userId: UserId
  readonly editor: PreferencesEditor
}

export type SmallestPlate = (typeof SMALLEST_PLATES)[number]

export interface PreferencesContext extends PreferencesInput {
  /** What the server last answered (DEFAULT_PREFERENCES until it has). */
  readonly stored: Preferences
  /** What the form shows: the stored values plus the edits not saved yet. */
  readonly draft: Preferences
  /** Why the last read or save failed, in words (describeFailure); null otherwise. */
  readonly failure: string | null
}

export type PreferencesEvent =
  | { readonly type: "preferences.retry" }
  | { readonly type: "unit.pick"; readonly unit: Unit }
  /** null: the unit's usual bar. */
  | { readonly type: "bar.pick"; readonly bar: number | null }
  /** null: the unit's usual smallest plate. */
  | { readonly type: "plate.pick"; readonly plate: SmallestPlate | null }
  | { readonly type: "preferences.save" }
