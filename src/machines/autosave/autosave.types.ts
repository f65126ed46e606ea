import type { SetId } from "#domain/ids.ts"
import type { Draft, LoggedField, OutboxEntry } from "#domain/logging-outbox.ts"
import type { PrefilledSet } from "#domain/prescription.ts"
import type { PerformedReps, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import type { Unit } from "#domain/units.ts"

/** What the server holds (or will hold) for one set; null is no value. */
export interface LoggedValues {
  readonly weight?: Weight | null | undefined
  /** The unit `weight` was entered in (lb when absent, as the server reads it). */
  readonly weight_unit?: Unit | undefined
  readonly reps?: PerformedReps | null | undefined
  /** Only rows logged before RIR replaced it (docs/decisions/016): shown nowhere, never sent. */
  readonly rpe?: Rpe | null | undefined
  readonly rir?: Rir | null | undefined
  /** The lifter chose not to do the set. */
  readonly skipped?: boolean | undefined
}

/** The fields a lifter logs, in the order they are shown. */
export const LOGGED_FIELDS = ["weight", "reps", "rir"] as const satisfies ReadonlyArray<LoggedField>

/**
 * A set's fields before anything is typed or held: the prescription, its weight the load
 * worked out when there is one. `unit` is the weight field's unit: what is typed is sent
 * in it, and a weight held in another unit is shown converted to it. Undefined while the
 * lifter's unit is not known: then no weight is logged, never guessed as lb
 * (docs/decisions/039-done-means-done.md).
 */
export type SetBase = PrefilledSet & {
  readonly unit: Unit | undefined
  /** Where the set is, as a lifter says it ("Back Squat set 2"): kept with its edits, to name it if it is gone. */
  readonly place?: string | undefined
}

/** A text the lifter typed that is no value of its field, with what to tell them. */
export interface InvalidField {
  readonly text: string
  readonly message: string
}

/** Unconfirmed edits by set id. */
export type Entries = Readonly<Record<number, OutboxEntry>>

/** `gone`: the server has no such set any more (the coach removed it): reported, never retried. */
export type SendOutcome = "saved" | "rejected" | "retry" | "gone"

export interface SendResult {
  readonly setId: SetId
  readonly version: number
  readonly outcome: SendOutcome
  /** A retry the server asked to wait for (its Retry-After), in ms. */
  readonly retryAfterMs?: number | undefined
  /** The server asked to come back later (429): nothing failed, the edit just waits. */
  readonly rateLimited?: boolean | undefined
  /** What the server holds for the set after a saved send (its answer row). */
  readonly held?: LoggedValues | undefined
}

export interface Restored {
  /** Edits left in the outbox by an earlier page. */
  readonly entries: ReadonlyArray<OutboxEntry>
  /** Drafts left on the device by an earlier page. */
  readonly drafts?: ReadonlyArray<Draft> | undefined
  /** What the server already holds for the workout's sets, keyed by set id. */
  readonly logged: Readonly<Record<number, LoggedValues>>
}

export interface AutosaveInput {
  /** First version number of this page's edits: above any earlier page's (e.g. Date.now() * 1000). */
  readonly versionBase: number
}

/** Per set id, per field. */
export type ByField<A> = Readonly<Record<number, Readonly<Partial<Record<LoggedField, A>>>>>

export interface AutosaveContext {
  /** What the server holds for each set, keyed by set id: restored, then each confirmed send. */
  readonly values: Readonly<Record<number, LoggedValues>>
  /**
   * What the lifter typed, valid or not, kept for the page's life: a field shown again
   * (swiped away and back) shows exactly this.
   */
  readonly typed: ByField<string>
  /**
   * The unit each set's typed weight is in: the field's unit at its first keystroke, kept
   * for the page's life, so a weight typed before the lifter's unit was known is never
   * sent, or shown, as the other unit. Absent: no weight typed.
   */
  readonly typedUnits?: Readonly<Record<number, Unit>> | undefined
  /** Typed texts that are no value of their field: never sent, and the set says so. */
  readonly invalid: ByField<InvalidField>
  /** Sets whose typed values are a draft: typed since the set was last logged, skipped or undone. */
  readonly drafted?: ReadonlyArray<number> | undefined
  /** Drafted sets whose draft changed since it was last kept on the device. */
  readonly unkept?: ReadonlyArray<number> | undefined
  /** Done was tapped with a field empty: the set asks before logging it without. */
  readonly asking?: { readonly setId: SetId; readonly missing: ReadonlyArray<LoggedField> } | undefined
  /** Edits the server has not confirmed yet (mirrors the outbox). */
  readonly pending: Entries
  /** Versions of the send under way. */
  readonly inFlight: ReadonlyArray<OutboxEntry>
  /** Sets whose last edit the server refused (kept visible, never retried). */
  readonly rejected: ReadonlyArray<number>
  /** Sets the server no longer has (the coach removed them): what was typed stays shown, never sent again. */
  readonly gone?: ReadonlyArray<number> | undefined
  readonly version: number
  /** Failed sends in a row, for the backoff. */
  readonly attempt: number
  /** How long the server asked the retry under way to wait (Retry-After), if it did. */
  readonly retryAfterMs: number | undefined
  /** The retry under way waits because the server asked (429), not because a send failed. */
  readonly rateLimited: boolean
}

/** A keystroke (or paste, or clear) in one field; `base` is the set's prefill. */
export interface SetEdit {
  readonly setId: SetId
  readonly field: LoggedField
  readonly text: string
  readonly base: SetBase
}

/** The lifter logs the set as shown (the prefill unless changed): one tap. */
export interface SetDone {
  readonly setId: SetId
  readonly base: SetBase
}

export type AutosaveEvent =
  | ({ readonly type: "set.edit" } & SetEdit)
  | ({ readonly type: "set.done" } & SetDone)
  /** "Log anyway": the lifter logs the set with the empty fields it asked about. */
  | ({ readonly type: "set.done.confirm" } & SetDone)
  /** "Cancel": the set is not logged; its draft stays. */
  | { readonly type: "set.done.cancel"; readonly setId: SetId }
  /** "Undo": the server's log of the set is cleared; what it held stays as a draft. */
  | ({ readonly type: "set.undo" } & SetDone)
  /** The drafts typed since the last keeping go to the device (debounced after typing). */
  | { readonly type: "drafts.keep" }
  /** The lifter chose not to do the set. */
  | { readonly type: "set.skip"; readonly setId: SetId }
  /** The lifter removed a set they had added: nothing about it is kept or sent. */
  | { readonly type: "set.removed"; readonly setId: SetId }
  /** The page is being hidden or left: send what waits now. */
  | { readonly type: "page.hidden" }
  /** The network is back: retry now instead of waiting out the backoff. */
  | { readonly type: "network.online" }
