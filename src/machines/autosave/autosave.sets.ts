import type { SetId } from "#domain/ids.ts"
import { formatAmount, toUnit, type Unit } from "#domain/units.ts"
import type { SetResultUpdate } from "#domain/workout.ts"
import { parseLoggedInput, valuesOf } from "./autosave.edits.ts"
import { LOGGED_FIELDS, type AutosaveContext, type ByField, type LoggedValues, type SetBase } from "./autosave.types.ts"
import type { LoggedField } from "#domain/logging-outbox.ts"

/*
 * One set as the lifter sees it, and what logging it sends. A field shows, in order:
 * what was typed, what the server holds (or will, once the log waiting is sent), the
 * prefill. Done sends the whole set as shown, so field, status and server agree for
 * every field, not only the one last touched. Typing alone sends nothing: it is a draft
 * (docs/decisions/039-done-means-done.md).
 */

type SetState = Pick<AutosaveContext, "values" | "pending">
type SetShown = Pick<AutosaveContext, "values" | "pending" | "typed" | "invalid" | "typedUnits">

/** The unit of the set's typed weight: the one it was typed in, else the field's; undefined while unknown. */
export const typedUnitOf = (
  context: Pick<AutosaveContext, "typedUnits">,
  setId: SetId,
  base: SetBase
): Unit | undefined => context.typedUnits?.[setId] ?? base.unit

/**
 * The typed units once `field` of the set is typed: a weight's unit is fixed at its first
 * keystroke made while the unit is known; before that it follows the field's.
 */
export const withTypedUnit = (
  context: Pick<AutosaveContext, "typedUnits">,
  setId: SetId,
  field: LoggedField,
  base: SetBase
): AutosaveContext["typedUnits"] =>
  field !== "weight" || context.typedUnits?.[setId] !== undefined || base.unit === undefined
    ? context.typedUnits
    : { ...context.typedUnits, [setId]: base.unit }

/** What the server holds for the set once the log waiting for it is sent. */
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

/**
 * The unit of the weight an untyped field shows: what the set holds keeps its own (lb
 * when the server's row has none, as the server reads it); the prefill is in the field's,
 * undefined while the lifter's unit is unknown.
 */
export const sourceUnit = (source: LoggedValues | SetBase, base: SetBase): Unit | undefined =>
  source === base ? base.unit : ((source as LoggedValues).weight_unit ?? "lb")

/**
 * An untyped weight field's text, in the field's unit (a weight held in the other unit is
 * converted, not changed). The prefill shows no number while its unit is unknown.
 */
export const weightText = (source: LoggedValues | SetBase, base: SetBase): string => {
  if (source === base && base.unit === undefined) return ""
  const weight = source.weight
  const from = sourceUnit(source, base)
  const to = base.unit ?? from
  return weight === null || weight === undefined || from === to || from === undefined || to === undefined
    ? valueText(weight)
    : formatAmount(toUnit(weight, from, to))
}

/** The text a field shows: what was typed, else what the set holds, else the prefill. */
export const fieldText = (context: SetShown, setId: SetId, base: SetBase, field: LoggedField): string => {
  const typed = context.typed[setId]?.[field]
  if (typed !== undefined) return typed
  const source = untypedSource(heldValues(context, setId), base)
  return field === "weight" ? weightText(source, base) : valueText(source[field])
}

/** The unit the weight field shows: its typed text's, else the field's, else what the set holds; undefined: unknown. */
export const shownUnitOf = (context: SetShown, setId: SetId, base: SetBase): Unit | undefined =>
  context.typed[setId]?.weight === undefined
    ? (base.unit ?? sourceUnit(untypedSource(heldValues(context, setId), base), base))
    : typedUnitOf(context, setId, base)

/**
 * The set as its fields show it, as an update: every field whose text is a value (an
 * invalid one is left out, so the server keeps what it had), and `skipped: false`, since
 * logging a set un-skips it. Undefined when a weight would be sent in a unit nobody knows
 * yet: it is never guessed (docs/decisions/039-done-means-done.md).
 * A page opened offline cannot read what the server holds, so it shows (and logs) the
 * prefill for a set it knows nothing of: the lifter logs what they see.
 */
export const wholeSetUpdate = (context: SetShown, setId: SetId, base: SetBase): SetResultUpdate | undefined => {
  const source = untypedSource(heldValues(context, setId), base)
  const typed = context.typed[setId]
  const invalid = context.invalid[setId]
  const update: Record<string, unknown> = { id: setId }
  // A typed weight is in the unit it was typed in; one the set already holds keeps the unit it has.
  let weightUnit = typedUnitOf(context, setId, base)
  for (const field of LOGGED_FIELDS) {
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
  if (update["weight"] != null && weightUnit === undefined) return undefined
  if ("weight" in update && weightUnit !== undefined) update["weight_unit"] = weightUnit
  update["skipped"] = false
  return update as unknown as SetResultUpdate
}

/**
 * The fields Done would log empty that a set normally has: its weight when the set is
 * prescribed one, and its reps. The lifter is asked before such a set is logged.
 */
export const missingFields = (update: SetResultUpdate, base: SetBase): ReadonlyArray<LoggedField> => [
  ...(update.weight == null && base.weight !== null ? (["weight"] as const) : []),
  ...(update.reps == null ? (["reps"] as const) : [])
]

/** What Undo sends: every logged field cleared, so the server holds no result for the set. */
export const clearedUpdate = (setId: SetId): SetResultUpdate => ({
  id: setId,
  weight: null,
  reps: null,
  rir: null,
  skipped: false
})

/** The texts the set's fields show, as a draft: what Undo keeps on the device. */
export const shownTexts = (context: SetShown, setId: SetId, base: SetBase): Partial<Record<LoggedField, string>> => ({
  weight: fieldText(context, setId, base, "weight"),
  reps: fieldText(context, setId, base, "reps"),
  rir: fieldText(context, setId, base, "rir")
})

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
