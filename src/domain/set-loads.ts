import type { IsoDate } from "./calendar.ts"
import type { ExerciseId } from "./exercises.ts"
import { performedSetOf, type LoggedLoad } from "./history.ts"
import {
  percentText,
  plateBreakdownText,
  plateSetupOf,
  topSetOf,
  workedOutLoad,
  workingE1rm,
  type PerformedLoad,
  type WorkedOutLoad
} from "./loads.ts"
import { currentMaxes, type TestedMax } from "./maxes.ts"
import type { Preferences } from "./preferences.ts"
import { formatWeight, type Measured, type Unit } from "./units.ts"
import type { GroupedWorkout, LoggedRow, WorkoutRow } from "./workout.ts"

/*
 * The worked-out load of each set of a day (docs/decisions/017): the references
 * a client has (tested maxes, working e1RM from recent logged sets, their unit and plates)
 * and what they logged that day, put to workedOutLoad set by set. The logging screen and
 * the coach's day view both call these, so both read one number.
 */

/** How far back the working e1RM looks: 8 weeks, so an old best does not outlive a layoff. */
export const E1RM_WINDOW_DAYS = 56

/** What loads are worked out from, per exercise; null where it could not be read. */
export interface LoadReferences {
  readonly maxes: ReadonlyMap<ExerciseId, Measured> | null
  readonly e1rms: ReadonlyMap<ExerciseId, Measured> | null
  readonly preferences: Preferences | null
}

/** The current tested max of each exercise (the newest entry). */
export const testedMaxesOf = (entries: ReadonlyArray<TestedMax>): ReadonlyMap<ExerciseId, Measured> =>
  new Map([...currentMaxes(entries)].map(([id, max]) => [id, { value: max.value, unit: max.unit }]))

/** A logged row as a set done: its weight in the unit it was entered in. */
export const performedLoadOf = (row: LoggedLoad): PerformedLoad => ({ ...performedSetOf(row), unit: row.weight_unit })

/**
 * The working e1RM of each exercise, in `unit`, from the rows given: logged, not skipped,
 * and not after `today` (a set dated ahead of time is a plan, not a lift).
 */
export const workingE1rmsOf = (
  rows: ReadonlyArray<LoggedRow>,
  today: IsoDate,
  unit: Unit
): ReadonlyMap<ExerciseId, Measured> => {
  const byExercise = new Map<ExerciseId, Array<PerformedLoad>>()
  for (const row of rows) {
    if (row.skipped || row.date > today) continue
    const sets = byExercise.get(row.exercise_id) ?? []
    sets.push(performedLoadOf(row))
    byExercise.set(row.exercise_id, sets)
  }
  const e1rms = new Map<ExerciseId, Measured>()
  for (const [id, sets] of byExercise) {
    const value = workingE1rm(sets, unit)
    if (value !== undefined) e1rms.set(id, { value, unit })
  }
  return e1rms
}

/** A prescribed set of the day with what the lifter has done of it so far (undefined: nothing, or skipped). */
export interface DaySet {
  readonly row: WorkoutRow
  readonly done: PerformedLoad | undefined
}

/** A screen's workouts as day sets, in order; `doneOf` says what was done of a set (undefined: nothing yet, or skipped). */
export const daySetsOf = (
  workouts: ReadonlyArray<GroupedWorkout>,
  doneOf: (row: WorkoutRow) => PerformedLoad | undefined
): ReadonlyArray<DaySet> =>
  workouts.flatMap((workout) =>
    workout.exercises.flatMap((exercise) => exercise.sets.map((row) => ({ row, done: doneOf(row) })))
  )

/** Why a reference is unknown when it was not read, in place of "no e1RM yet" and friends. */
export const NOT_READ_REASON = {
  e1rm: "couldn't load your e1RM",
  max: "couldn't load your maxes",
  plates: "couldn't load your plates"
} as const

const isBackoff = (row: WorkoutRow): boolean => row.backoff_percent !== null

/**
 * The day's top set of the set's exercise for a backoff set: the heaviest done set of that
 * exercise before it that is not a backoff set itself.
 */
export const topSetBefore = (sets: ReadonlyArray<DaySet>, index: number): Measured | undefined => {
  const target = sets[index]
  if (target === undefined) return undefined
  const before = sets
    .slice(0, index)
    .filter(({ row }) => row.exercise_id === target.row.exercise_id && row.workout_order === target.row.workout_order)
    .filter(({ row }) => !isBackoff(row))
    .flatMap(({ done }) => (done === undefined ? [] : [done]))
  return topSetOf(before)
}

/**
 * Every set's worked-out load, keyed by set id, in the client's unit and plates. Without the
 * client's preferences no number is worked out (another unit's or gym's plates would make
 * one up): percentages stay percentages, and a written weight is left to the prescription.
 */
export const daySetLoads = (
  sets: ReadonlyArray<DaySet>,
  references: LoadReferences
): Readonly<Record<number, WorkedOutLoad>> => {
  const answers: Record<number, WorkedOutLoad> = {}
  const { preferences } = references
  sets.forEach(({ row }, index) => {
    if (preferences === null) {
      answers[row.id] = unreadPlates(row)
      return
    }
    const answer = workedOutLoad({
      prescription: row,
      weightUnit: row.weight_unit,
      workingE1rm: references.e1rms?.get(row.exercise_id),
      testedMax: references.maxes?.get(row.exercise_id),
      topSet: isBackoff(row) ? topSetBefore(sets, index) : undefined,
      setup: plateSetupOf(preferences)
    })
    answers[row.id] = withReadReason(answer, references)
  })
  return answers
}

const unreadPlates = (row: WorkoutRow): WorkedOutLoad => {
  const percent = row.backoff_percent ?? row.e1rm_percent ?? row.max_percent
  if (percent === null) return { kind: "none" }
  const basis = row.backoff_percent !== null ? "backoff" : row.e1rm_percent !== null ? "e1rm" : "max"
  return { kind: "percent-only", basis, percent, text: percentText(basis, percent), reason: NOT_READ_REASON.plates }
}

// "no e1RM yet" would not be true when the logged sets could not be read.
const withReadReason = (answer: WorkedOutLoad, references: LoadReferences): WorkedOutLoad => {
  if (answer.kind !== "percent-only") return answer
  if (answer.basis === "e1rm" && references.e1rms === null) return { ...answer, reason: NOT_READ_REASON.e1rm }
  if (answer.basis === "max" && references.maxes === null) return { ...answer, reason: NOT_READ_REASON.max }
  return answer
}

/** A set's worked-out load as the screens word it. */
export type SetLoadText =
  | {
      readonly kind: "load"
      /** "235 lbs", "82.5 kg". */
      readonly load: string
      /** "75% of max", "10% backoff"; null for a written weight. */
      readonly source: string | null
      /** "45 + 45 per side", "bar only". */
      readonly plates: string
      /** The exact load is lighter than the bar: the bar alone is shown. */
      readonly belowBar: boolean
    }
  | { readonly kind: "percent-only"; readonly percent: string; readonly reason: string }
  | { readonly kind: "none" }

export const setLoadText = (answer: WorkedOutLoad | undefined): SetLoadText => {
  if (answer === undefined || answer.kind === "none") return { kind: "none" }
  if (answer.kind === "percent-only") return { kind: "percent-only", percent: answer.text, reason: answer.reason }
  return {
    kind: "load",
    // Worked out in the lifter's unit and plates, and read in it by lifter and coach alike (ADR 018).
    load: formatWeight({ value: answer.rounded, unit: answer.unit }, answer.unit),
    source: answer.basis === "weight" || answer.percent === null ? null : percentText(answer.basis, answer.percent),
    plates: plateBreakdownText(answer.plates),
    belowBar: answer.belowBar
  }
}
