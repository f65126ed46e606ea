import { SMALLEST_PLATES } from "#domain/preferences.ts"
import { DEFAULT_BAR, DEFAULT_SMALLEST_PLATE } from "#domain/loads.ts"
import { formatAmount, unitLabel, type Unit } from "#domain/units.ts"
import type { SmallestPlate } from "./preferences.types.ts"

// The form's choices, in the unit chosen: the usual one first (stored as null, so it
// follows the unit), then the others a gym is likely to have, heaviest first.

export interface Choice<T> {
  readonly value: T
  readonly label: string
}

export const UNIT_CHOICES: ReadonlyArray<Choice<Unit>> = [
  { value: "lb", label: "Pounds (lb)" },
  { value: "kg", label: "Kilograms (kg)" }
]

export const unitName = (unit: Unit): string => (unit === "kg" ? "Kilograms (kg)" : "Pounds (lb)")

/** Bars sold besides the usual one: squat, women's, technique and curl bars. */
const OTHER_BARS: { readonly [U in Unit]: ReadonlyArray<number> } = {
  lb: [55, 35, 25, 20, 15, 10],
  kg: [25, 15, 10, 7, 5]
}

const amount = (value: number, unit: Unit): string => `${formatAmount(value)} ${unitLabel(unit, "symbol")}`

/** "Usual (45 lb bar)", then 55 lb ... 10 lb; a stored bar not in the list is offered too. */
export const barChoices = (unit: Unit, current: number | null): ReadonlyArray<Choice<number | null>> => {
  const bars = [...OTHER_BARS[unit]]
  if (current !== null && !bars.includes(current)) bars.push(current)
  return [
    { value: null, label: `Usual (${amount(DEFAULT_BAR[unit], unit)} bar)` },
    ...bars.toSorted((a, b) => b - a).map((bar) => ({ value: bar, label: amount(bar, unit) }))
  ]
}

/** "Usual (2.5 lb plates)", then every other smallest plate sold, heaviest first (the usual one too if stored as a number). */
export const plateChoices = (
  unit: Unit,
  current: SmallestPlate | null
): ReadonlyArray<Choice<SmallestPlate | null>> => [
  { value: null, label: `Usual (${amount(DEFAULT_SMALLEST_PLATE[unit], unit)} plates)` },
  ...SMALLEST_PLATES.filter((plate) => plate !== DEFAULT_SMALLEST_PLATE[unit] || plate === current)
    .toSorted((a, b) => b - a)
    .map((plate) => ({ value: plate, label: amount(plate, unit) }))
]

/** What a bar or plate setting reads as: "20 lb", or the usual one's words. */
export const choiceLabel = <T>(choices: ReadonlyArray<Choice<T>>, value: T): string =>
  choices.find((choice) => choice.value === value)?.label ?? String(value)
