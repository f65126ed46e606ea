/*
 * Pounds and kilograms (docs/decisions/017-worked-out-loads.md, 038).
 *
 * A value keeps the unit it was entered in; only what is shown converts, so a coach's
 * "315" entered in pounds is still 315 lb after a lifter switches to kilograms and back.
 * This file imports nothing (and so no Effect): any screen, signed out or in, may use it.
 */

export const UNITS = ["lb", "kg"] as const
export type Unit = (typeof UNITS)[number]

/** True for "lb" and "kg", the only units a user can pick. */
export const isUnit = (value: unknown): value is Unit => value === "lb" || value === "kg"

/** Pounds in one kilogram (1 lb is 0.45359237 kg by definition; this is its inverse to 12 digits). */
export const LB_PER_KG = 2.20462262185

/** A number together with the unit it was entered in: a stored max, a logged top set. */
export interface Measured {
  readonly value: number
  readonly unit: Unit
}

/** The same mass in another unit, unrounded: 100 kg is 220.462262185 lb. */
export const toUnit = (value: number, from: Unit, to: Unit): number =>
  from === to ? value : from === "kg" ? value * LB_PER_KG : value / LB_PER_KG

/** A measured value in the unit asked for, unrounded. */
export const inUnit = (measured: Measured, to: Unit): number => toUnit(measured.value, measured.unit, to)

/**
 * How a unit is written. "spec" is SPEC's wording on the existing screens ("275 lbs"),
 * so it is the default; "symbol" is the unit symbol ("275 lb"). Kilograms are "kg" in both.
 */
export type UnitWording = "spec" | "symbol"

/** "lbs" (SPEC, the default) or "lb" for pounds; "kg" for kilograms. */
export const unitLabel = (unit: Unit, wording: UnitWording = "spec"): string =>
  unit === "kg" ? "kg" : wording === "spec" ? "lbs" : "lb"

/**
 * A load's number as shown: at most two decimals, none when whole ("185", "82.5",
 * "101.25"). Plates make loads in steps of 0.5 at the finest, so two decimals lose nothing
 * of a rounded load; an exact load (75% of 287.3) reads to the hundredth.
 */
export const formatAmount = (value: number): string => {
  const text = String(value)
  // Already in exponent form (tiny or huge): no decimal text to shift.
  if (text.includes("e") || !Number.isFinite(value)) return String(Number(value.toFixed(2)) + 0)
  // Shifted in decimal text, not by * 100: 215.475 * 100 is 21547.499999999996 in binary.
  const hundredths = Math.round(Number(`${text}e2`))
  return String(Number(`${hundredths}e-2`) + 0)
}

/** "185 lbs" (SPEC wording, the default), "185 lb" with "symbol", "82.5 kg". */
export const formatLoad = (value: number, unit: Unit, wording: UnitWording = "spec"): string =>
  `${formatAmount(value)} ${unitLabel(unit, wording)}`

/**
 * The one way a stored weight is shown (docs/decisions/038-one-way-to-show-a-weight.md): in
 * the viewer's unit, to a tenth, and, where that is not the unit it was stored in, the stored
 * value after it in parentheses, so both people looking at one set can find the number the
 * other typed: "237 lbs (107.5 kg)" to a pound viewer of a 107.5 kg set, "107.5 kg" to a
 * kilogram one. Both units are required: a number alone is never a weight.
 */
export const formatWeight = (measured: Measured, viewer: Unit, wording: UnitWording = "spec"): string => {
  const stored = formatLoad(measured.value, measured.unit, wording)
  if (measured.unit === viewer) return stored
  return `${formatLoad(Math.round(inUnit(measured, viewer) * 10) / 10, viewer, wording)} (${stored})`
}
