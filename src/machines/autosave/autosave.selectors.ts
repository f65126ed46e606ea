import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { PerformedSet } from "#domain/history.ts"
import type { PerformedLoad } from "#domain/loads.ts"
import type { Unit } from "#domain/units.ts"
import type { SetId } from "#domain/ids.ts"
import type { AutosaveMachine } from "./autosave.machine.ts"
import { fieldText, hasLoggedValue, heldValues, shownUnitOf, wholeSetUpdate } from "./autosave.sets.ts"
import type { LoggedValues, SetBase } from "./autosave.types.ts"
import type { LoggedField } from "#domain/logging-outbox.ts"

export type AutosaveSnapshot = SnapshotFrom<AutosaveMachine>
export type AutosaveActorRef = ActorRefFrom<AutosaveMachine>

export type SetSaveStatus =
  | "untouched"
  | "draft"
  | "changed"
  | "unit"
  | "saving"
  | "saved"
  | "offline"
  | "rejected"
  | "removed"
  | "invalid"
  | "skipped"

export const SAVE_STATUS_TEXT: Readonly<Record<SetSaveStatus, string>> = {
  untouched: "",
  // Typed and kept on this phone only: the coach sees nothing of it (docs/decisions/039-done-means-done.md).
  draft: "Draft — not logged yet",
  changed: "Changed — tap Done to update",
  // A weight is never logged in a guessed unit.
  unit: "Waiting for your unit (lb or kg)…",
  saving: "Sending…",
  saved: "Logged",
  offline: "Waiting to sync",
  rejected: "Not saved",
  // The server has no such set any more: what the fields show stays, and the lifter is told (docs/decisions/028).
  removed: "Not saved: your coach removed this set",
  // Followed by the field's message.
  invalid: "Not logged",
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
 * holds a text that is no value, a draft differs from it, a log waits or is on its way,
 * or the server refused. With `base`, a set that cannot be logged until the lifter's unit
 * is known says so.
 */
export const selectSetStatus = (snapshot: AutosaveSnapshot, setId: SetId, base?: SetBase): SetSaveStatus => {
  const { context } = snapshot
  const { invalid, pending, rejected, rateLimited } = context
  if (invalid[setId] !== undefined) return "invalid"
  if (rejected.includes(setId)) return "rejected"
  if (context.gone?.includes(setId) === true) return "removed"
  const held = heldValues(context, setId)
  const drafted = context.drafted?.includes(setId) === true
  if (base !== undefined && (drafted || !hasLoggedValue(held)) && wholeSetUpdate(context, setId, base) === undefined)
    return "unit"
  // A skipped set says so, whatever is typed in it: Done logs what is typed, and un-skips it.
  if (drafted && held?.skipped !== true) return hasLoggedValue(held) ? "changed" : "draft"
  if (pending[setId] !== undefined) return snapshot.matches("waitingToRetry") && !rateLimited ? "offline" : "saving"
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
  // A held weight's unit is the server's (lb when its row has none, as the server reads it).
  return performed === undefined ? undefined : { ...performed, unit: held?.weight_unit ?? "lb" }
}

export interface SetInputView {
  /** The text each field shows: what was typed, else what the server holds, else the prefill. */
  readonly weight: string
  readonly reps: string
  readonly rir: string
  /** The weight field's unit: the one its typed text was typed in, else the field's; undefined while unknown. */
  readonly weightUnit: Unit | undefined
  /** Why a field's text cannot be saved, per field. */
  readonly errors: Readonly<Partial<Record<LoggedField, string>>>
  readonly status: SetSaveStatus
  readonly statusText: string
  /** The server holds values for the set, or they wait to be sent. */
  readonly done: boolean
  readonly skipped: boolean
  /** "Done" would be taken (no field is invalid, the unit is known). */
  readonly canMarkDone: boolean
  /** The button is "Undo": the set is logged and nothing typed since. */
  readonly canUndo: boolean
  /** Done asked about these empty fields; the lifter answers "Log anyway" or "Cancel". */
  readonly asking: ReadonlyArray<LoggedField> | undefined
  /** What is logged, for personal records; undefined until logged. */
  readonly performed: PerformedSet | undefined
}

const NO_ERRORS: SetInputView["errors"] = {}

/** The set's fields, status and controls. Runs on every keystroke: lookups only. */
export const selectSetInput = (snapshot: AutosaveSnapshot, setId: SetId, base: SetBase): SetInputView => {
  const { context } = snapshot
  const held = heldValues(context, setId)
  const invalid = context.invalid[setId]
  const status = selectSetStatus(snapshot, setId, base)
  const message = firstInvalidMessage(snapshot, setId)
  const outcome = outcomeOf(held)
  const asking = context.asking?.setId === setId ? context.asking.missing : undefined
  return {
    weight: fieldText(context, setId, base, "weight"),
    reps: fieldText(context, setId, base, "reps"),
    rir: fieldText(context, setId, base, "rir"),
    weightUnit: shownUnitOf(context, setId, base),
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
    canUndo: outcome === "logged" && context.drafted?.includes(setId) !== true,
    asking,
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
  a.canUndo === b.canUndo &&
  a.asking === b.asking &&
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
