import type { SetId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { LoadReferencesActorRef } from "./load-references.selectors.ts"

/*
 * What the logging page's first chunk reads of the worked-out loads: a set's weight prefill
 * and unit, as one string so a set re-renders only when it changes. Types only from the
 * loads math, which comes in its own chunk.
 */

/** "235 lb" (a load: its number and unit), "- kg" (no number: the field's unit), or "" (not known yet). */
export const prefillKeyOf = (loads: LoadReferencesActorRef | undefined, setId: SetId): string => {
  if (loads === undefined) return ""
  const { answers, unit } = loads.getSnapshot().context
  const answer = answers[setId]
  if (unit === null || answer === undefined) return ""
  return answer.kind === "load" ? `${answer.rounded} ${answer.unit}` : `- ${unit}`
}

/** The prefill a key names: a weight (null for none) in a unit; undefined when the loads do not know yet. */
export const prefillOfKey = (key: string): { readonly weight: number | null; readonly unit: Unit } | undefined => {
  const [weight, unit] = key.split(" ")
  if (unit !== "lb" && unit !== "kg") return undefined
  return { weight: weight === "-" ? null : Number(weight), unit }
}

/** The lifter's unit once their preferences are read; null before (or when they could not be). */
export const lifterUnitOf = (loads: LoadReferencesActorRef | undefined): Unit | null =>
  loads === undefined ? null : loads.getSnapshot().context.unit
