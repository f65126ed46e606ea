import type { IsoDate } from "./calendar.ts"
import { e1rm } from "./progress.ts"
import { describeReps, type PerformedReps, type Rir, rirFromRpe, type Weight } from "./set-fields.ts"
import { formatWeight, toUnit, type Unit } from "./units.ts"
import type { LoggedRow } from "./workout.ts"

/*
 * What the lifter did before, read from their logged rows: the last time they did an
 * exercise (shown beside each set, "last time: 265 lbs × 5") and their best estimated 1RM
 * for it (a set that beats it is a personal record).
 *
 * Each set keeps the unit its weight was entered in (ADR 018); only what is shown or
 * compared converts, so a 265 lb set reads "120.2 kg (265 lbs) × 5" to a lifter in kilograms and a
 * 120 kg set is weighed against a 265 lb one as the same mass.
 */

/** Exercises match by name, whatever the case or spacing the coach typed. */
export const exerciseKey = (name: string): string => name.trim().replace(/\s+/g, " ").toLowerCase()

export interface PerformedSet {
  readonly weight: Weight | null
  readonly reps: PerformedReps | null
  readonly rir: Rir | null
  /** The unit `weight` was entered in (lb when absent, as the server reads it). */
  readonly unit?: Unit | undefined
}

export interface ExerciseHistory {
  /** The sets of the latest earlier day that has this exercise logged, in set order. */
  readonly lastTime: { readonly date: IsoDate; readonly sets: ReadonlyArray<PerformedSet> } | undefined
  /** The best e1RM, in pounds whatever each set's unit, of any earlier logged set; undefined when none gives an estimate. */
  readonly bestE1rm: number | undefined
}

/** The estimate of one performed set, undefined without weight and reps. */
export const performedE1rm = (set: PerformedSet): number | undefined =>
  set.weight === null || set.reps === null
    ? undefined
    : e1rm(set.weight, set.reps, set.rir === null ? undefined : { rir: set.rir })

/** The estimate in pounds, the one unit records are compared in. */
export const performedE1rmLb = (set: PerformedSet): number | undefined => {
  const estimate = performedE1rm(set)
  return estimate === undefined ? undefined : toUnit(estimate, set.unit ?? "lb", "lb")
}

/** The columns of a logged row that say what was lifted. */
export type LoggedLoad = Pick<LoggedRow, "weight" | "reps" | "rir" | "rpe" | "weight_unit">

/** A logged row as a performed set: its RIR, or the RIR of the RPE an older set was logged with (ADR 016). */
export const performedSetOf = (row: LoggedLoad): PerformedSet => ({
  weight: row.weight,
  reps: row.reps,
  rir: row.rir ?? (row.rpe === null ? null : rirFromRpe(row.rpe)),
  unit: row.weight_unit
})

/** History per exercise key from the rows logged before `before` (skipped sets left out). */
export const exerciseHistories = (
  rows: ReadonlyArray<LoggedRow>,
  before: IsoDate
): ReadonlyMap<string, ExerciseHistory> => {
  const byKey = new Map<string, Array<LoggedRow>>()
  for (const row of rows) {
    if (row.date >= before || row.skipped) continue
    const key = exerciseKey(row.exercise)
    const logged = byKey.get(key)
    if (logged === undefined) byKey.set(key, [row])
    else logged.push(row)
  }
  const histories = new Map<string, ExerciseHistory>()
  for (const [key, logged] of byKey) {
    const lastDate = logged.map((r) => r.date).reduce((latest, date) => (date > latest ? date : latest))
    const lastSets = logged
      .filter((r) => r.date === lastDate)
      .sort((a, b) => a.workout_order - b.workout_order || a.exercise_order - b.exercise_order || a.set - b.set)
      .map(performedSetOf)
    let best: number | undefined
    for (const r of logged) {
      const estimate = performedE1rmLb(performedSetOf(r))
      if (estimate !== undefined && (best === undefined || estimate > best)) best = estimate
    }
    histories.set(key, { lastTime: { date: lastDate, sets: lastSets }, bestE1rm: best })
  }
  return histories
}

/**
 * The history of each exercise a workout names, by the name as the workout shows it (the
 * logging page's "last time" and records): matched by exerciseKey, undefined for none.
 */
export const historiesFor = (
  rows: ReadonlyArray<LoggedRow>,
  before: IsoDate,
  names: ReadonlyArray<string>
): ReadonlyMap<string, ExerciseHistory> => {
  const histories = exerciseHistories(rows, before)
  const found = new Map<string, ExerciseHistory>()
  for (const name of names) {
    const history = histories.get(exerciseKey(name))
    if (history !== undefined) found.set(name, history)
  }
  return found
}

const formatNumber = (n: number): string => String(n)

/** The set of the last time that the set at `index` is compared with: the same one, or the last past the end. */
export const lastTimeSet = (history: ExerciseHistory | undefined, index: number): PerformedSet | undefined => {
  const sets = history?.lastTime?.sets ?? []
  return sets[Math.min(index, sets.length - 1)]
}

/**
 * "last time: 265 lbs × 5" for a set of the last time, its weight shown to `viewer` (the
 * lifter's unit; undefined while it is not known, and then in the set's own unit) as every
 * weight is (formatWeight, docs/decisions/038). Undefined when there is no set or nothing was logged in it.
 */
export const lastSetText = (set: PerformedSet | undefined, viewer: Unit | undefined): string | undefined => {
  if (set === undefined) return undefined
  const stored = set.unit ?? "lb"
  const weight = set.weight === null ? null : formatWeight({ value: set.weight, unit: stored }, viewer ?? stored)
  const text =
    weight !== null && set.reps !== null
      ? `${weight} × ${set.reps}`
      : weight !== null
        ? weight
        : set.reps !== null
          ? describeReps(set.reps)
          : ""
  if (text === "") return undefined
  return `last time: ${text}${set.rir === null ? "" : ` at ${formatNumber(set.rir)} RIR`}`
}

/**
 * "last time: 265 lbs × 5" for the set at `index`: the same set of the last time, or its
 * last set when this one goes past it, shown to `viewer` (see lastSetText). Undefined when there was no last time.
 */
export const lastTimeText = (
  history: ExerciseHistory | undefined,
  index: number,
  viewer: Unit | undefined
): string | undefined => lastSetText(lastTimeSet(history, index), viewer)

/**
 * A performed set beats the best e1RM before it: a personal record, compared in pounds
 * whatever unit each was entered in. No history, no record.
 */
export const isPersonalRecord = (set: PerformedSet, history: ExerciseHistory | undefined): boolean => {
  const estimate = performedE1rmLb(set)
  return estimate !== undefined && history?.bestE1rm !== undefined && estimate > history.bestE1rm
}
