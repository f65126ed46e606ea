import { MAX_WEIGHT_LBS } from "#domain/set-fields.ts"
import { unitLabel, type Unit } from "#domain/units.ts"
import { describeBuiltSet } from "#domain/set-text.ts"
import type { BuiltSet } from "#domain/workout.ts"
import type { BuilderContext } from "./builder.types.ts"

/*
 * The builder's weights in the coach's unit (docs/decisions/018): a set's weight keeps the unit it
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

/**
 * A set in words for the coach (`viewer`, their unit): its weight in that unit, and the one
 * it was typed in beside it where they differ: "220.5 lbs (100 kg), 5 reps" (docs/decisions/038).
 */
export const describeDraftSet = (set: BuiltSet, viewer: Unit): string => describeBuiltSet(set, viewer)
