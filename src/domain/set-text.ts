import { describeReps, type SetValues } from "./set-fields.ts"
import { formatWeight, type Unit } from "./units.ts"
import { builtSetValues, type BuiltSet } from "./workout.ts"

/*
 * A set in words for the coach's screens (the day view, the builder): its own module, so
 * the schemas every screen loads do not carry it (docs/decisions/038).
 */

const formatNumber = (n: number): string => String(n)

/**
 * The two units a set's weight is shown with: the one it was stored in and the viewer's
 * (docs/decisions/038-one-way-to-show-a-weight.md). Neither has a default: a weight is
 * never shown in a unit nobody said.
 */
export interface WeightUnits {
  readonly stored: Unit
  readonly viewer: Unit
}

/**
 * The set text: weight in the viewer's unit (formatWeight), reps, at RPE, at minus backoff
 * percent, percent of e1RM, percent of max, plus 'for AMSAP'; absent parts are left out.
 * e.g. "225 lbs, 5 reps, at RPE 8, at -10%, 80% of e1RM, 75% of max, for AMSAP".
 */
export const describeSet = (values: SetValues, units: WeightUnits, amsap = false): string => {
  const parts: Array<string> = []
  if (values.weight != null) parts.push(formatWeight({ value: values.weight, unit: units.stored }, units.viewer))
  if (values.reps != null) parts.push(describeReps(values.reps))
  if (values.rpe != null) parts.push(`at RPE ${formatNumber(values.rpe)}`)
  if (values.backoff_percent != null) parts.push(`at -${formatNumber(values.backoff_percent)}%`)
  if (values.e1rm_percent != null) parts.push(`${formatNumber(values.e1rm_percent)}% of e1RM`)
  if (values.max_percent != null) parts.push(`${formatNumber(values.max_percent)}% of max`)
  if (amsap) parts.push("for AMSAP")
  return parts.join(", ")
}

/** A built set in words for `viewer`, its weight stored in the unit it names (lb when none, as the server reads it). */
export const describeBuiltSet = (set: BuiltSet, viewer: Unit): string =>
  describeSet(builtSetValues(set), { stored: set.weight_unit ?? "lb", viewer }, set.amsap)
