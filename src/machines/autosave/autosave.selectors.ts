import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { PerformedSet } from "#domain/history.ts"
import type { PerformedLoad } from "#domain/loads.ts"
import type { Unit } from "#domain/units.ts"
import type { SetId } from "#domain/ids.ts"
import type { AutosaveMachine } from "./autosave.machine.ts"
import { hasLoggedValue, heldValues, typedUnitOf, untypedSource, valueText, weightText } from "./autosave.sets.ts"
import type { LoggedField, LoggedValues, SetBase } from "./autosave.types.ts"

export type AutosaveSnapshot = SnapshotFrom<AutosaveMachine>
export type AutosaveActorRef = ActorRefFrom<AutosaveMachine>

export type SetSaveStatus =
  "untouched" | "saving" | "saved" | "offline" | "rejected" | "removed" | "invalid" | "skipped"

export const SAVE_STATUS_TEXT: Readonly<Record<SetSaveStatus, string>> = {
  untouched: "",
  saving: "Saving…",
  saved: "Saved",
  offline: "Waiting to sync",
  rejected: "Not saved",
  // The server has no such set any more: what the fields show stays, and the lifter is told (docs/decisions/028).
  removed: "Not saved: your coach removed this set",
  // Followed by the field's message. Not "Not saved": nothing on a set whose field the server does not hold reads "saved".
  invalid: "Not sent",
  skipped: "Skipped"
}

/** The first invalid field's message, in the order the fields are shown. */
const firstInvalidMessage = (snapshot: AutosaveSnapshot, setId: SetId): string | undefined => {
  const invalid = snapshot.context.invalid[setId]
  if (invalid === undefined) return undefined
  return (invalid.weight ?? invalid.reps ?? invalid.rir)?.message
}

/**
 * Whether the set is on the server as its fields show it. Never "saved" while a field
 * holds a text that is no value, an edit waits or is on its way, or the server refused.
 */
export const selectSetStatus = (snapshot: AutosaveSnapshot, setId: SetId): SetSaveStatus => {
  const { invalid, pending, rejected, rateLimited } = snapshot.context
  if (invalid[setId] !== undefined) return "invalid"
  if (rejected.includes(setId)) return "rejected"
  if (snapshot.context.gone?.includes(setId) === true) return "removed"
  if (pending[setId] !== undefined) return snapshot.matches("waitingToRetry") && !rateLimited ? "offline" : "saving"
  const held = snapshot.context.values[setId]
  if (held?.skipped === true) return "skipped"
  return hasLoggedValue(held) ? "saved" : "untouched"
}

export type SetOutcome = "logged" | "skipped" | "unlogged"

const outcomeOf = (held: LoggedValues | undefined): SetOutcome =>
  held?.skipped === true ? "skipped" : hasLoggedValue(held) ? "logged" : "unlogged"

/** What the set comes to once what waits is sent: logged, skipped, or nothing yet (for the summary). */
export const selectSetOutcome = (snapshot: AutosaveSnapshot, setId: SetId): SetOutcome =>
  outcomeOf(heldValues(snapshot.context, setId))

const performedOf = (held: LoggedValues | undefined): PerformedSet | undefined =>
  outcomeOf(held) === "logged" && held !== undefined
    ? { weight: held.weight ?? null, reps: held.reps ?? null, rir: held.rir ?? null, unit: held.weight_unit }
    : undefined

/** What the set logs (held, or waiting to be sent), for personal records; undefined unless logged. */
export const selectPerformed = (snapshot: AutosaveSnapshot, setId: SetId): PerformedSet | undefined =>
  performedOf(heldValues(snapshot.context, setId))

/** The same, with the unit its weight is in (a top set for a backoff's load). */
export const selectPerformedLoad = (snapshot: AutosaveSnapshot, setId: SetId): PerformedLoad | undefined => {
  const held = heldValues(snapshot.context, setId)
  const performed = performedOf(held)
  return performed === undefined ? undefined : { ...performed, unit: held?.weight_unit ?? "lb" }
}

export interface SetInputView {
  /** The text each field shows: what was typed, else what the server holds, else the prefill. */
  readonly weight: string
  readonly reps: string
  readonly rir: string
  /** The weight field's unit: the one its typed text was typed in, else the field's. */
  readonly weightUnit: Unit
  /** Why a field's text cannot be saved, per field. */
  readonly errors: Readonly<Partial<Record<LoggedField, string>>>
  readonly status: SetSaveStatus
  readonly statusText: string
  /** The server holds values for the set, or they wait to be sent. */
  readonly done: boolean
  readonly skipped: boolean
  /** "Done" would be taken (no field is invalid). */
  readonly canMarkDone: boolean
  /** What is logged, for personal records; undefined until logged. */
  readonly performed: PerformedSet | undefined
}

const NO_ERRORS: SetInputView["errors"] = {}

/** The set's fields, status and controls. Runs on every keystroke: lookups only. */
export const selectSetInput = (snapshot: AutosaveSnapshot, setId: SetId, base: SetBase): SetInputView => {
  const { context } = snapshot
  const held = heldValues(context, setId)
  const source = untypedSource(held, base)
  const typed = context.typed[setId]
  const invalid = context.invalid[setId]
  const status = selectSetStatus(snapshot, setId)
  const message = firstInvalidMessage(snapshot, setId)
  const outcome = outcomeOf(held)
  return {
    weight: typed?.weight ?? weightText(source, base),
    reps: typed?.reps ?? valueText(source.reps),
    rir: typed?.rir ?? valueText(source.rir),
    weightUnit: typed?.weight === undefined ? (base.unit ?? "lb") : typedUnitOf(context, setId, base),
    errors:
      invalid === undefined
        ? NO_ERRORS
        : {
            ...(invalid.weight === undefined ? {} : { weight: invalid.weight.message }),
            ...(invalid.reps === undefined ? {} : { reps: invalid.reps.message }),
            ...(invalid.rir === undefined ? {} : { rir: invalid.rir.message })
          },
    status,
    statusText:
      status === "invalid" && message !== undefined
        ? `${SAVE_STATUS_TEXT.invalid}: ${message}`
        : SAVE_STATUS_TEXT[status],
    done: outcome === "logged",
    skipped: outcome === "skipped",
    canMarkDone: snapshot.can({ type: "set.done", setId, base }),
    performed: performedOf(held)
  }
}

const samePerformed = (a: PerformedSet | undefined, b: PerformedSet | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.weight === b.weight &&
    a.reps === b.reps &&
    a.rir === b.rir &&
    a.unit === b.unit)

/** Equality for `useSelector`: a set re-renders only when something it shows changed. */
export const sameSetInput = (a: SetInputView, b: SetInputView): boolean =>
  a.weight === b.weight &&
  a.reps === b.reps &&
  a.rir === b.rir &&
  a.weightUnit === b.weightUnit &&
  a.errors.weight === b.errors.weight &&
  a.errors.reps === b.errors.reps &&
  a.errors.rir === b.errors.rir &&
  a.status === b.status &&
  a.statusText === b.statusText &&
  a.done === b.done &&
  a.skipped === b.skipped &&
  a.canMarkDone === b.canMarkDone &&
  samePerformed(a.performed, b.performed)

export interface SyncView {
  /** The restore is under way: inputs wait so they start from the right values. */
  readonly restoring: boolean
  readonly waitingCount: number
  /** A send failed and waits to retry. Not while the server only asked us to slow down (429). */
  readonly offline: boolean
}

export const selectSyncView = (snapshot: AutosaveSnapshot): SyncView => ({
  restoring: snapshot.matches("restoring"),
  waitingCount: Object.keys(snapshot.context.pending).length,
  offline: snapshot.matches("waitingToRetry") && !snapshot.context.rateLimited
})
