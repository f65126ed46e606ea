import type { SetId } from "#domain/ids.ts"
import { formatAmount, toUnit, type Unit } from "#domain/units.ts"
import type { SetResultUpdate } from "#domain/workout.ts"
import { parseLoggedInput, valuesOf } from "./autosave.edits.ts"
import {
  LOGGED_FIELDS,
  type AutosaveContext,
  type ByField,
  type LoggedField,
  type LoggedValues,
  type SetBase
} from "./autosave.types.ts"

/*
 * One set as the lifter sees it, and what logging it sends. A field shows, in order:
 * what was typed, what the server holds (or will, once the edit waiting is sent), the
 * prefill. Every edit and every "done" sends the whole set as shown, so field, status
 * and server agree for every field, not only the one last touched.
 */

type SetState = Pick<AutosaveContext, "values" | "pending">

/** The unit of the set's typed weight: the one it was typed in, else the field's. */
export const typedUnitOf = (context: Pick<AutosaveContext, "typedUnits">, setId: SetId, base: SetBase): Unit =>
  context.typedUnits?.[setId] ?? base.unit ?? "lb"

/** The typed units once `field` of the set is typed: a weight's unit is fixed at its first keystroke. */
export const withTypedUnit = (
  context: Pick<AutosaveContext, "typedUnits">,
  setId: SetId,
  field: LoggedField,
  base: SetBase
): AutosaveContext["typedUnits"] =>
  field !== "weight" || context.typedUnits?.[setId] !== undefined
    ? context.typedUnits
    : { ...context.typedUnits, [setId]: base.unit ?? "lb" }

/** What the server holds for the set once the edit waiting for it is sent. */
export const heldValues = (context: SetState, setId: SetId): LoggedValues | undefined => {
  const entry = context.pending[setId]
  if (entry === undefined) return context.values[setId]
  return { ...context.values[setId], ...valuesOf(entry) }
}

/** The set holds a result (a skipped set without values holds none). */
export const hasLoggedValue = (values: LoggedValues | undefined): values is LoggedValues =>
  values !== undefined && (values.weight != null || values.reps != null || values.rir != null || values.rpe != null)

/** Where the untyped fields come from: what the set holds once it holds anything, else the prescription. */
export const untypedSource = (held: LoggedValues | undefined, base: SetBase): LoggedValues | SetBase =>
  hasLoggedValue(held) ? held : base

export const valueText = (value: number | null | undefined): string =>
  value === null || value === undefined ? "" : String(value)

/** The unit of the weight an untyped field shows: what the set holds keeps its own, the prefill is in the field's. */
const sourceUnit = (source: LoggedValues | SetBase, base: SetBase): Unit =>
  (source === base ? base.unit : (source as LoggedValues).weight_unit) ?? "lb"

/** An untyped weight field's text, in the field's unit (a weight held in the other unit is converted, not changed). */
export const weightText = (source: LoggedValues | SetBase, base: SetBase): string => {
  const weight = source.weight
  const from = sourceUnit(source, base)
  const to = base.unit ?? "lb"
  return weight === null || weight === undefined || from === to
    ? valueText(weight)
    : formatAmount(toUnit(weight, from, to))
}

/**
 * The set as its fields show it, as an update: every field whose text is a value (an
 * invalid one is left out, so the server keeps what it had), and `skipped: false`, since
 * logging a set un-skips it. `edited` is the field just typed, with its new value.
 * A page opened offline cannot read what the server holds, so it shows (and logs) the
 * prefill for a set it knows nothing of: the lifter logs what they see (issue 16 keeps
 * what the server held across an offline reload).
 */
export const wholeSetUpdate = (
  context: Pick<AutosaveContext, "values" | "pending" | "typed" | "invalid" | "typedUnits">,
  setId: SetId,
  base: SetBase,
  edited?: { readonly field: LoggedField; readonly value: number | null }
): SetResultUpdate => {
  const source = untypedSource(heldValues(context, setId), base)
  const typed = context.typed[setId]
  const invalid = context.invalid[setId]
  const update: Record<string, unknown> = { id: setId }
  // A typed weight is in the unit it was typed in; one the set already holds keeps the unit it has.
  let weightUnit = typedUnitOf(context, setId, base)
  for (const field of LOGGED_FIELDS) {
    if (edited?.field === field) {
      update[field] = edited.value
      continue
    }
    if (invalid?.[field] !== undefined) continue
    const text = typed?.[field]
    if (text === undefined) {
      update[field] = source[field] ?? null
      if (field === "weight") weightUnit = sourceUnit(source, base)
      continue
    }
    const parsed = parseLoggedInput(field, text)
    if (parsed.ok) update[field] = parsed.value
  }
  if ("weight" in update) update["weight_unit"] = weightUnit
  update["skipped"] = false
  return update as unknown as SetResultUpdate
}

/** The update without one field: a value the lifter typed past is never sent. */
export const withoutField = (update: SetResultUpdate, field: LoggedField): SetResultUpdate => {
  const { [field]: _dropped, ...rest } = update
  return rest
}

/** `map` with the set's `field` set to `value`. */
export const withField = <A>(map: ByField<A>, setId: SetId, field: LoggedField, value: A): ByField<A> => ({
  ...map,
  [setId]: { ...map[setId], [field]: value }
})

/** `map` without the set's `field` (and without the set once it has no field left). */
export const withoutFieldOf = <A>(map: ByField<A>, setId: SetId, field: LoggedField): ByField<A> => {
  const fields = map[setId]
  if (fields?.[field] === undefined) return map
  const { [field]: _dropped, ...rest } = fields
  const { [setId]: _set, ...others } = map
  return Object.keys(rest).length === 0 ? others : { ...others, [setId]: rest }
}

/** `map` without anything of the set. */
export const withoutSetOf = <A>(map: Readonly<Record<number, A>>, setId: SetId): Readonly<Record<number, A>> => {
  if (map[setId] === undefined) return map
  const { [setId]: _dropped, ...rest } = map
  return rest
}
