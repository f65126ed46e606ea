import type { SetId } from "#domain/ids.ts"
import type { RepCount, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import type { SetResultUpdate } from "#domain/workout.ts"

/** What a client logs for one set; null clears a value. */
export interface LoggedValues {
  readonly weight?: Weight | null | undefined
  readonly reps?: RepCount | null | undefined
  readonly rpe?: Rpe | null | undefined
  readonly rir?: Rir | null | undefined
}

export const LOGGED_FIELDS = ["weight", "reps", "rpe", "rir"] as const
export type LoggedField = (typeof LOGGED_FIELDS)[number]

/**
 * One set's edits not yet confirmed by the server, as stored in the outbox. `version`
 * grows with every edit (across reloads too), so confirming an old send never drops a
 * newer edit.
 */
export interface OutboxEntry {
  readonly setId: SetId
  readonly update: SetResultUpdate
  readonly version: number
}

/** The durable local outbox (IndexedDB in the browser). Operations run in call order. */
export interface Outbox {
  readonly readAll: () => Promise<ReadonlyArray<OutboxEntry>>
  readonly put: (entry: OutboxEntry) => Promise<void>
  /** Deletes the set's entry only while it still holds this version. */
  readonly remove: (setId: SetId, version: number) => Promise<void>
  /** Resolves once every operation asked for so far is on disk. */
  readonly drain: () => Promise<void>
}

export type SendOutcome = "saved" | "rejected" | "retry"

export interface SendResult {
  readonly setId: SetId
  readonly version: number
  readonly outcome: SendOutcome
}

export interface Restored {
  /** Edits left in the outbox by an earlier page. */
  readonly entries: ReadonlyArray<OutboxEntry>
  /** What the server already holds for the workout's sets, keyed by set id. */
  readonly logged: Readonly<Record<number, LoggedValues>>
}
