import * as Schema from "effect/Schema"
import { UNITS } from "./units.ts"

/*
 * What a user chose about loads (docs/decisions/018-units-and-plates.md): the
 * unit they read and enter weights in, and for a lifter the bar and smallest plate their
 * gym has. Plate values are in `unit`; null means the unit's usual one (a 45 lb or 20 kg
 * bar, 2.5 lb or 1.25 kg smallest plates).
 */

export const UnitSchema = Schema.Literals(UNITS).annotate({ message: 'unit must be "lb" or "kg"' })

/** Heavier than any bar made (a 25 kg / 55 lb bar is the heaviest usual one), to catch typos. */
export const MAX_BAR = 100

/** The smallest plates sold, in either unit: fractional plates up to a 5 (lb or kg) pair. */
export const SMALLEST_PLATES = [0.25, 0.5, 1, 1.25, 2, 2.5, 5] as const

const Bar = Schema.Number.annotate({ message: "bar must be a number" }).check(
  Schema.isFinite({ message: "bar must be a finite number" }),
  Schema.isBetween({ minimum: 0, maximum: MAX_BAR }, { message: `bar must be between 0 and ${MAX_BAR}` })
)

const SmallestPlate = Schema.Literals(SMALLEST_PLATES).annotate({
  message: `smallest_plate must be one of ${SMALLEST_PLATES.join(", ")}`
})

/**
 * GET and PUT /api/preferences/{userId}. PUT replaces the whole record. A user sets their
 * own; a coach may set a client's bar and smallest plate, never their unit.
 */
export const Preferences = Schema.Struct({
  unit: UnitSchema,
  bar: Schema.NullOr(Bar),
  smallest_plate: Schema.NullOr(SmallestPlate)
})
export type Preferences = typeof Preferences.Type

/** What a user who never chose has: pounds (SPEC's wording) and the usual bar and plates. */
export const DEFAULT_PREFERENCES: Preferences = { unit: "lb", bar: null, smallest_plate: null }

/** The message of a coach's PUT that changes a client's unit. */
export const UNIT_IS_THE_LIFTERS = "unit: only the lifter picks their unit"
