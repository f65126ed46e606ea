import type { WeekTransform } from "./copy-plan.ts"
import { AMRAP, MAX_PERCENT, MAX_REPS, MAX_WEIGHT_LBS } from "./set-fields.ts"
import { type BuiltExercise, type BuiltField, type BuiltSet, type BuiltWorkout, WORKOUT_CAPS } from "./workout.ts"

/*
 * What one weekly repeat does to a workout (issue 15; docs/decisions/025). Pure, so the
 * preview, the copy and the property test all use the same rules:
 * - progress: every load (weight, % of e1RM, % of max) is multiplied by 1 + loadPercent/100,
 *   rounded to 0.1 and kept within its field's bounds (0 % leaves them exactly as they are); counted reps move by `reps` (AMRAP
 *   stays AMRAP) within 0..19; `sets` > 0 appends copies of the exercise's last set (at most
 *   the workout caps allow), `sets` < 0 removes sets from the end but keeps one. RPE and
 *   backoff % are relative already and stay.
 * - deload: each exercise keeps the first half of its sets (rounded up) and every load is
 *   multiplied by 0.9, never ending above where it started.
 */

/** Loads of a deload week, as a fraction of the week it follows. */
export const DELOAD_LOAD_FACTOR = 0.9

type Progress = Extract<WeekTransform, { readonly kind: "progress" }>

const LOAD_LIMITS = { weight: MAX_WEIGHT_LBS, e1rm_percent: MAX_PERCENT, max_percent: MAX_PERCENT } as const
type LoadField = keyof typeof LOAD_LIMITS

const isLoad = (name: BuiltField["name"]): name is LoadField => name in LOAD_LIMITS

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value))

/** To one decimal: what the builder shows and what a coach would type. */
export const roundToTenth = (value: number): number => Math.round(value * 10) / 10 + 0

// A repeat with no change copies loads exactly, however many decimals they were typed with.
const scaledLoad = (name: LoadField, value: number, factor: number): number =>
  factor === 1 ? value : clamp(roundToTenth(value * factor), 0, LOAD_LIMITS[name])

const mapFields = (set: BuiltSet, change: (field: BuiltField) => BuiltField): BuiltSet => ({
  ...set,
  fields: set.fields.map(change)
})

const progressField =
  (transform: Progress) =>
  (field: BuiltField): BuiltField => {
    if (isLoad(field.name))
      return {
        ...field,
        value: scaledLoad(field.name, field.value as number, 1 + transform.loadPercent / 100)
      } as BuiltField
    if (field.name === "reps" && field.value !== AMRAP)
      return { name: "reps", value: clamp(field.value + transform.reps, 0, MAX_REPS) } as BuiltField
    return field
  }

const deloadField = (field: BuiltField): BuiltField =>
  isLoad(field.name)
    ? ({
        ...field,
        value: Math.min(field.value as number, scaledLoad(field.name, field.value as number, DELOAD_LOAD_FACTOR))
      } as BuiltField)
    : field

/** The sets renumbered from 0, as a saved workout numbers them. */
const numbered = (sets: ReadonlyArray<BuiltSet>): ReadonlyArray<BuiltSet> =>
  sets.map((set, index) => ({ ...set, set: index }))

const resized = (sets: ReadonlyArray<BuiltSet>, count: number): ReadonlyArray<BuiltSet> => {
  const last = sets.at(-1)
  if (last === undefined || count <= sets.length) return sets.slice(0, Math.max(1, count))
  return [...sets, ...Array.from({ length: count - sets.length }, () => last)]
}

const progressSets = (sets: ReadonlyArray<BuiltSet>, change: number): ReadonlyArray<BuiltSet> =>
  resized(sets, clamp(sets.length + change, 1, Math.max(sets.length, WORKOUT_CAPS.setsPerExercise)))

const eachExercise = (workout: BuiltWorkout, change: (exercise: BuiltExercise) => BuiltExercise): BuiltWorkout =>
  workout.map(change)

/** One repeat's change applied to a workout. */
export const applyTransform = (workout: BuiltWorkout, transform: WeekTransform): BuiltWorkout => {
  if (transform.kind === "deload")
    return eachExercise(workout, (exercise) => ({
      ...exercise,
      sets: numbered(
        resized(exercise.sets, Math.ceil(exercise.sets.length / 2)).map((set) => mapFields(set, deloadField))
      )
    }))
  const field = progressField(transform)
  return eachExercise(workout, (exercise) => ({
    ...exercise,
    sets: numbered(progressSets(exercise.sets, transform.sets).map((set) => mapFields(set, field)))
  }))
}

/**
 * The progress that undoes `transform`: loads by the percentage that brings them back
 * (+25 % is undone by -20 %), reps and sets by the opposite count. It undoes exactly only
 * when nothing hit a bound on the way (a load at its maximum, reps at 0 or 19, one set
 * left or the cap reached) and, for loads, within the 0.1 rounding. A deload has no
 * inverse: the sets it drops are gone.
 */
export const inverse = (transform: Progress): Progress => ({
  kind: "progress",
  loadPercent: (-100 * transform.loadPercent) / (100 + transform.loadPercent) + 0,
  reps: -transform.reps + 0,
  sets: -transform.sets + 0
})

/**
 * The workout of each repeated week, in order: each progress builds on the week before
 * it, and a deload is taken from the week before it without becoming the base, so the
 * week after a deload continues from the week before the deload.
 */
export const planWeeks = (base: BuiltWorkout, repeats: ReadonlyArray<WeekTransform>): ReadonlyArray<BuiltWorkout> => {
  let current = base
  return repeats.map((transform) => {
    const week = applyTransform(current, transform)
    if (transform.kind === "progress") current = week
    return week
  })
}
