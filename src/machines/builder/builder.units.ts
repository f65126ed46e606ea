import { describeSet, MAX_WEIGHT_LBS } from "#domain/set-fields.ts"
import { formatLoad, unitLabel, type Unit } from "#domain/units.ts"
import { builtSetValues, type BuiltSet } from "#domain/workout.ts"
import type { BuilderContext } from "./builder.types.ts"

/*
 * The builder's weights in the coach's unit (issue 14): a set's weight keeps the unit it
 * was typed in, and everything that shows one says that unit.
 */

/** The weight field's unit: the coach's while it is empty, then the one it was typed in. */
export const weightFieldUnit = ({ inputs, coachUnit, weightUnit }: BuilderContext): Unit =>
  inputs.weight.trim() === "" ? coachUnit : weightUnit

/** "Weight (lbs)" (SPEC wording) or "Weight (kg)". */
export const weightFieldLabel = (unit: Unit): string => `Weight (${unitLabel(unit)})`

/** The out-of-range message in the field's unit (the bound is the same number in either). */
export const weightRangeMessage = (unit: Unit): string =>
  `weight must be between 0 and ${MAX_WEIGHT_LBS} ${unitLabel(unit)}`

/** Each new set that has a weight names its unit, so the server stores it as typed. */
export const withWeightUnit = (sets: ReadonlyArray<BuiltSet>, unit: Unit): ReadonlyArray<BuiltSet> =>
  sets.map((set) => (set.fields.some((field) => field.name === "weight") ? { ...set, weight_unit: unit } : set))

/** A set in words, its weight in its own unit (lb when it names none): "100 kg, 5 reps". */
export const describeDraftSet = (set: BuiltSet): string => {
  const values = builtSetValues(set)
  const rest = describeSet({ ...values, weight: null }, set.amsap)
  if (values.weight == null) return rest
  const weight = formatLoad(values.weight, set.weight_unit ?? "lb")
  return rest === "" ? weight : `${weight}, ${rest}`
}
