import { performedE1rm, type PerformedSet } from "./history.ts"
import type { Preferences } from "./preferences.ts"
import { inUnit, type Measured, type Unit } from "./units.ts"

/*
 * Loads worked out (docs/decisions/017-worked-out-loads.md): a set prescribed at
 * % of e1RM, % of max or as a backoff becomes a number of pounds or kilograms the lifter can
 * put on the bar, with the plates per side. Pure functions; the screens call workedOutLoad.
 *
 * Effect is loaded only through the e1RM formula (history.ts -> progress.ts), which is
 * reused on purpose: the working e1RM is the same number progress and PRs use.
 */

/**
 * The bar and the plates a lifter has, in the unit they read loads in. `plates` are the
 * sizes available (per side, as many pairs of each as needed), largest first. Every plate
 * must be a whole multiple of the smallest (plateSetupProblem checks it): then the loads
 * the bar can make are exactly bar + k x increment, and largest-first loading always
 * reaches them. A plate that is not such a multiple is left out of breakdowns.
 *
 * For an exercise without a barbell (dumbbells, a machine stack), pass a setup with bar 0
 * and the step as its smallest "plate" pair: plateSetup(unit, { bar: 0 }).
 */
export interface PlateSetup {
  readonly unit: Unit
  readonly bar: number
  readonly plates: ReadonlyArray<number>
}

/** Plate sizes sold for each unit, largest first, micro plates included. */
export const STANDARD_PLATES: { readonly [U in Unit]: ReadonlyArray<number> } = {
  lb: [45, 35, 25, 10, 5, 2.5, 1.25, 1, 0.5, 0.25],
  kg: [25, 20, 15, 10, 5, 2.5, 2, 1.25, 1, 0.5, 0.25]
}

/** The usual barbell: 45 lb, 20 kg. */
export const DEFAULT_BAR: { readonly [U in Unit]: number } = { lb: 45, kg: 20 }

/** The usual smallest plate: 2.5 lb (a 5 lb increment), 1.25 kg (a 2.5 kg increment). */
export const DEFAULT_SMALLEST_PLATE: { readonly [U in Unit]: number } = { lb: 2.5, kg: 1.25 }

/** A client's plate setting: their bar and smallest plate (docs/decisions/018). */
export interface PlateSettings {
  readonly bar?: number | undefined
  readonly smallestPlate?: number | undefined
}

const EPSILON = 1e-9
const PER_EPSILON = 1e9

/** Drops floating-point dust: (287.5 * 80) / 100 and friends land on the number meant. */
const tidy = (value: number): number => Number(value.toFixed(6)) + 0
// Divided, not multiplied by EPSILON: 40500000000 / 1e9 is exactly 40.5, a tie that stays a tie.
const snap = (value: number): number => Math.round(value * PER_EPSILON) / PER_EPSILON

const isWholeMultiple = (value: number, of: number): boolean => {
  const ratio = value / of
  return Number.isFinite(ratio) && Math.abs(ratio - Math.round(ratio)) < EPSILON
}

/**
 * The setup for a unit and a client's setting: the standard plates that are whole
 * multiples of the smallest plate, down to it. Defaults: a 45 lb bar with 45 ... 2.5 lb
 * plates, a 20 kg bar with 25 ... 1.25 kg plates.
 */
export const plateSetup = (unit: Unit, settings: PlateSettings = {}): PlateSetup => {
  const bar = settings.bar ?? DEFAULT_BAR[unit]
  const smallest = settings.smallestPlate ?? DEFAULT_SMALLEST_PLATE[unit]
  const larger = STANDARD_PLATES[unit].filter((plate) => plate > smallest && isWholeMultiple(plate, smallest))
  return { unit, bar, plates: [...larger, smallest] }
}

/** The bar and plates a user's loads are rounded to (preferences.ts), in their unit. */
export const plateSetupOf = (preferences: Preferences): PlateSetup =>
  plateSetup(preferences.unit, {
    bar: preferences.bar ?? undefined,
    smallestPlate: preferences.smallest_plate ?? undefined
  })

/** 45 lb bar; 45, 35, 25, 10, 5, 2.5 lb plates: loads in steps of 5 lb. */
export const DEFAULT_PLATES_LB: PlateSetup = plateSetup("lb")

/** 20 kg bar; 25, 20, 15, 10, 5, 2.5, 1.25 kg plates: loads in steps of 2.5 kg. */
export const DEFAULT_PLATES_KG: PlateSetup = plateSetup("kg")

/** Why a setup cannot be loaded, naming the field; undefined when it can. */
export const plateSetupProblem = (setup: PlateSetup): string | undefined => {
  if (!Number.isFinite(setup.bar) || setup.bar < 0) return "bar must be a number of 0 or more"
  if (setup.plates.length === 0) return "plates must name at least one plate"
  if (!setup.plates.every((plate) => Number.isFinite(plate) && plate > 0)) return "plates must each weigh more than 0"
  const smallest = Math.min(...setup.plates)
  if (!setup.plates.every((plate) => isWholeMultiple(plate, smallest)))
    return `plates must each be a whole multiple of the smallest plate (${smallest})`
  return undefined
}

const smallestPlate = (setup: PlateSetup): number | undefined => {
  const usable = setup.plates.filter((plate) => Number.isFinite(plate) && plate > 0)
  return usable.length === 0 ? undefined : Math.min(...usable)
}

/** The step between loads the bar can make: a pair of the smallest plates (5 lb, 2.5 kg). 0 without plates. */
export const increment = (setup: PlateSetup): number => 2 * (smallestPlate(setup) ?? 0)

/** An exact load: `percent` % of a reference (an e1RM or a tested max), in the reference's unit. */
export const percentLoad = (reference: number, percent: number): number => tidy((reference * percent) / 100)

/** An exact backoff load: the top set the lifter did, less `backoffPercent` % (never below 0). */
export const backoffLoad = (topSetLoad: number, backoffPercent: number): number =>
  Math.max(0, tidy((topSetLoad * (100 - backoffPercent)) / 100))

export interface RoundedLoad {
  /** The load the bar and plates make. */
  readonly load: number
  /** The exact load was lighter than the bar: `load` is the bar alone. */
  readonly belowBar: boolean
}

/**
 * The nearest load the bar and pairs of plates can make; halfway between two goes down
 * (the lighter load is the safer one). Never below the bar: a load under it is the bar, and
 * says so. From the bar up it is never more than half an increment from the exact load.
 * `load` is in the setup's unit.
 */
export const roundToPlates = (load: number, setup: PlateSetup): RoundedLoad => {
  if (load < setup.bar) return { load: setup.bar, belowBar: true }
  const step = increment(setup)
  if (step <= 0 || !Number.isFinite(load)) return { load: setup.bar, belowBar: false }
  const steps = Math.ceil(snap((load - setup.bar) / step) - 0.5)
  return { load: tidy(setup.bar + steps * step), belowBar: false }
}

/**
 * The plates on each side for roundToPlates(load, setup), largest first: 185 lb on a 45 lb
 * bar is [45, 25]; the bar alone is []. Loads the bar can make are already their own
 * rounding, so passing roundToPlates' answer gives its plates.
 */
export const plateBreakdown = (load: number, setup: PlateSetup): ReadonlyArray<number> => {
  const smallest = smallestPlate(setup)
  if (smallest === undefined) return []
  const rounded = roundToPlates(load, setup).load
  // Counted in smallest plates, so the arithmetic is whole numbers.
  let left = Math.round((rounded - setup.bar) / 2 / smallest)
  const plates = setup.plates
    .filter((plate) => plate >= smallest && isWholeMultiple(plate, smallest))
    .toSorted((a, b) => b - a)
  const perSide: Array<number> = []
  for (const plate of plates) {
    const size = Math.round(plate / smallest)
    const count = Math.floor(left / size)
    for (let i = 0; i < count; i++) perSide.push(plate)
    left -= count * size
  }
  return perSide
}

/** "45 + 25 per side", "4 × 45 + 10 per side", "bar only". */
export const plateBreakdownText = (perSide: ReadonlyArray<number>): string => {
  if (perSide.length === 0) return "bar only"
  const groups: Array<{ plate: number; count: number }> = []
  for (const plate of perSide) {
    const last = groups.at(-1)
    if (last?.plate === plate) last.count++
    else groups.push({ plate, count: 1 })
  }
  const parts = groups.map(({ plate, count }) => (count === 1 ? `${plate}` : `${count} × ${plate}`))
  return `${parts.join(" + ")} per side`
}

/** A set the lifter did, with the unit its weight was entered in. */
export interface PerformedLoad extends PerformedSet {
  readonly unit: Unit
}

/**
 * The working e1RM, in `unit`, to one decimal: the best estimate of the given sets, each by
 * the same formula as progress and PRs (Epley with reps in reserve, progress.ts e1rm).
 * Undefined when no set gives an estimate (no weight, no reps, AMRAP unlogged).
 *
 * Which sets count is the caller's choice: one exercise's logged, not skipped sets, of the
 * window it trusts (say the last 8 weeks, so an old best does not outlive a layoff).
 */
export const workingE1rm = (sets: ReadonlyArray<PerformedLoad>, unit: Unit): number | undefined => {
  let best: number | undefined
  for (const set of sets) {
    const estimate = performedE1rm(set)
    if (estimate === undefined) continue
    const converted = inUnit({ value: estimate, unit: set.unit }, unit)
    if (best === undefined || converted > best) best = converted
  }
  return best === undefined ? undefined : Math.round(best * 10) / 10
}

/**
 * The day's top set: the heaviest of the given sets done for at least one rep (a missed
 * attempt is no top set). The caller passes the exercise's logged, not skipped sets of that
 * day before the backoff set, leaving out the backoff sets themselves.
 */
export const topSetOf = (sets: ReadonlyArray<PerformedLoad>): Measured | undefined => {
  let top: Measured | undefined
  for (const set of sets) {
    if (set.weight === null || set.weight <= 0 || set.reps === null || set.reps < 1) continue
    const candidate = { value: set.weight, unit: set.unit }
    if (top === undefined || inUnit(candidate, "lb") > inUnit(top, "lb")) top = candidate
  }
  return top
}

/** The load fields of a prescribed set; a WorkoutRow fits. */
export interface LoadPrescription {
  readonly weight: number | null
  readonly backoff_percent: number | null
  readonly e1rm_percent: number | null
  readonly max_percent: number | null
}

export interface LoadQuestion {
  readonly prescription: LoadPrescription
  /** The unit the coach entered `prescription.weight` in (every stored weight so far is lb). */
  readonly weightUnit: Unit
  /** The lifter's working e1RM for the exercise (workingE1rm), in the unit it is kept in. */
  readonly workingE1rm?: Measured | undefined
  /** The coach's latest tested max for the exercise, in the unit it was entered in. */
  readonly testedMax?: Measured | undefined
  /** The day's top set as done (topSetOf), for a backoff set. */
  readonly topSet?: Measured | undefined
  /** The lifter's bar and plates, in the unit they read loads in: the answer is in it. */
  readonly setup: PlateSetup
}

/** Where a worked-out load comes from, in the order they are tried. */
export type LoadBasis = "backoff" | "e1rm" | "max" | "weight"
export type PercentBasis = Exclude<LoadBasis, "weight">

export type WorkedOutLoad =
  | {
      readonly kind: "load"
      readonly basis: LoadBasis
      /** The prescribed percentage; null for a written weight. */
      readonly percent: number | null
      /** The load before rounding, in `unit`. */
      readonly exact: number
      /** What to put on the bar, in `unit`. */
      readonly rounded: number
      /** The exact load was under the bar, so `rounded` is the bar alone. */
      readonly belowBar: boolean
      readonly unit: Unit
      /** Plates per side, largest first (plateBreakdown). */
      readonly plates: ReadonlyArray<number>
    }
  | {
      /** A percentage whose reference is unknown: shown as is, never as a guessed number. */
      readonly kind: "percent-only"
      readonly basis: PercentBasis
      readonly percent: number
      /** The percentage as the prescription reads it: "75% of e1RM". */
      readonly text: string
      /** Why there is no number, short enough for a phone: "no e1RM yet". */
      readonly reason: string
    }
  /** The set prescribes no load at all (reps and RIR only). */
  | { readonly kind: "none" }

/** The percentage as prescriptionNotes writes it (prescription.ts). */
export const percentText = (basis: PercentBasis, percent: number): string =>
  basis === "backoff" ? `${percent}% backoff` : basis === "e1rm" ? `${percent}% of e1RM` : `${percent}% of max`

/** Why a percentage has no load yet. */
export const MISSING_REASON: { readonly [B in PercentBasis]: string } = {
  backoff: "log your top set first",
  e1rm: "no e1RM yet",
  max: "no tested max yet"
}

const known = (reference: Measured | undefined): reference is Measured =>
  reference !== undefined && Number.isFinite(reference.value) && reference.value > 0

/**
 * The load a prescribed set asks for, in the lifter's unit and rounded to their plates: the
 * one number the logging screen, the coach's day view and the builder all show.
 *
 * The first basis that is both prescribed and known wins: a backoff from the day's top set
 * (the freshest number there is), then % of working e1RM, then % of tested max, then a
 * weight the coach wrote. A percentage is the coach's rule and a written weight its snapshot,
 * so the rule wins when it can be worked out. When a percentage is prescribed and nothing
 * can be worked out, the answer is that percentage and why ("percent-only"), never a number.
 */
export const workedOutLoad = (question: LoadQuestion): WorkedOutLoad => {
  const { prescription, setup } = question
  const candidates: ReadonlyArray<{
    basis: PercentBasis
    percent: number | null
    reference: Measured | undefined
    load: (reference: number, percent: number) => number
  }> = [
    { basis: "backoff", percent: prescription.backoff_percent, reference: question.topSet, load: backoffLoad },
    { basis: "e1rm", percent: prescription.e1rm_percent, reference: question.workingE1rm, load: percentLoad },
    { basis: "max", percent: prescription.max_percent, reference: question.testedMax, load: percentLoad }
  ]
  for (const { basis, percent, reference, load } of candidates) {
    if (percent !== null && known(reference)) {
      return answer(basis, percent, load(inUnit(reference, setup.unit), percent), setup)
    }
  }
  if (prescription.weight !== null) {
    return answer("weight", null, inUnit({ value: prescription.weight, unit: question.weightUnit }, setup.unit), setup)
  }
  const missing = candidates.find((candidate) => candidate.percent !== null)
  if (missing?.percent == null) return { kind: "none" }
  return {
    kind: "percent-only",
    basis: missing.basis,
    percent: missing.percent,
    text: percentText(missing.basis, missing.percent),
    reason: MISSING_REASON[missing.basis]
  }
}

const answer = (basis: LoadBasis, percent: number | null, exact: number, setup: PlateSetup): WorkedOutLoad => {
  const { load, belowBar } = roundToPlates(exact, setup)
  return {
    kind: "load",
    basis,
    percent,
    exact,
    rounded: load,
    belowBar,
    unit: setup.unit,
    plates: plateBreakdown(load, setup)
  }
}
