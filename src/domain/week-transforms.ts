import type { CopyPayload, WeekStep, WeekTransform, WeightStep } from "./copy-plan.ts"
import { AMRAP, MAX_PERCENT, MAX_REPS, MAX_WEIGHT_LBS } from "./set-fields.ts"
import { toUnit } from "./units.ts"
import { type BuiltExercise, type BuiltField, type BuiltSet, type BuiltWorkout, WORKOUT_CAPS } from "./workout.ts"

/*
 * What one copied week does to the week before it (docs/decisions/040, which supersedes
 * the load rule of 025). Pure, so the preview, the copy and the property tests all use the
 * same rules:
 * - progress: % of max and % of e1RM move by `percentPoints` points (75 → 77.5 with
 *   +2.5), weights by the weight step's amount in each set's own unit (+5 lb on a kg set
 *   is +2.3 kg), each rounded to 0.1 and kept within its field's bounds; a zero step
 *   leaves a load exactly as typed. Counted reps move by `reps` (AMRAP stays) within 0..19;
 *   `sets` > 0 appends copies of the exercise's last set (up to the workout caps), `sets`
 *   < 0 removes sets from the end but keeps one. RPE and backoff % are relative already.
 *   The legacy `loadPercent` (`ratio` here) multiplies every load instead.
 * - deload: each exercise keeps the first half of its sets (rounded up) and every load is
 *   × 0.9 of the week it follows, rounded to 0.1, never above it.
 */

/** Loads of a deload week, as a fraction of the week it follows. */
export const DELOAD_LOAD_FACTOR = 0.9

/** One week's progress in one shape, whichever field of the request asked for it. */
export interface Step {
  readonly kind: "progress"
  /** Legacy `loadPercent`: every load × ratio (1 for a `weeks` step). */
  readonly ratio: number
  readonly percentPoints: number
  readonly weight: WeightStep | null
  readonly reps: number
  readonly sets: number
}
export type WeekRule = Step | { readonly kind: "deload" }

/** A week copied as it is. */
export const SAME_WEEK: Step = { kind: "progress", ratio: 1, percentPoints: 0, weight: null, reps: 0, sets: 0 }

/** A `weeks` entry as a rule. */
export const ruleOfStep = (step: WeekStep): WeekRule =>
  step.kind === "deload"
    ? step
    : {
        kind: "progress",
        ratio: 1,
        percentPoints: step.percentPoints ?? 0,
        weight: step.weight ?? null,
        reps: step.reps ?? 0,
        sets: step.sets ?? 0
      }

/** A legacy `repeats` entry as a rule: its loadPercent multiplies every load. */
export const ruleOfRepeat = (repeat: WeekTransform): WeekRule =>
  repeat.kind === "deload"
    ? repeat
    : { ...SAME_WEEK, ratio: 1 + repeat.loadPercent / 100, reps: repeat.reps, sets: repeat.sets }

/**
 * The rule of every copied week, the first copy included: `weeks` as sent, or the legacy
 * unchanged copy followed by `repeats`.
 */
export const copiedWeekRules = (payload: Pick<CopyPayload, "weeks" | "repeats">): ReadonlyArray<WeekRule> =>
  payload.weeks !== undefined
    ? payload.weeks.map(ruleOfStep)
    : [SAME_WEEK, ...(payload.repeats ?? []).map(ruleOfRepeat)]

const LOAD_LIMITS = { weight: MAX_WEIGHT_LBS, e1rm_percent: MAX_PERCENT, max_percent: MAX_PERCENT } as const
type LoadField = keyof typeof LOAD_LIMITS

const isLoad = (name: BuiltField["name"]): name is LoadField => name in LOAD_LIMITS

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value))

/** To one decimal: what the builder shows and what a coach would type. */
export const roundToTenth = (value: number): number => Math.round(value * 10) / 10 + 0

/** How much a step adds to one load of a set, in that load's own terms. */
const addedTo = (name: LoadField, set: BuiltSet, step: Step): number => {
  if (name !== "weight") return step.percentPoints
  return step.weight === null ? 0 : toUnit(step.weight.amount, step.weight.unit, set.weight_unit ?? "lb")
}

// A step that changes nothing keeps the load exactly as typed, however many decimals it has.
const steppedLoad = (name: LoadField, value: number, set: BuiltSet, step: Step): number => {
  const added = addedTo(name, set, step)
  if (step.ratio === 1 && added === 0) return value
  return clamp(roundToTenth(value * step.ratio + added), 0, LOAD_LIMITS[name])
}

const deloadedLoad = (name: LoadField, value: number): number =>
  Math.min(value, clamp(roundToTenth(value * DELOAD_LOAD_FACTOR), 0, LOAD_LIMITS[name]))

const mapFields = (set: BuiltSet, change: (field: BuiltField) => BuiltField): BuiltSet => ({
  ...set,
  fields: set.fields.map(change)
})

const progressField =
  (step: Step, set: BuiltSet) =>
  (field: BuiltField): BuiltField => {
    if (isLoad(field.name))
      return { ...field, value: steppedLoad(field.name, field.value as number, set, step) } as BuiltField
    if (field.name === "reps" && field.value !== AMRAP)
      return { name: "reps", value: clamp(field.value + step.reps, 0, MAX_REPS) } as BuiltField
    return field
  }

const deloadField = (field: BuiltField): BuiltField =>
  isLoad(field.name) ? ({ ...field, value: deloadedLoad(field.name, field.value as number) } as BuiltField) : field

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

/** One week's rule applied to the workout of the week before it. */
export const applyRule = (workout: BuiltWorkout, rule: WeekRule): BuiltWorkout => {
  if (rule.kind === "deload")
    return eachExercise(workout, (exercise) => ({
      ...exercise,
      sets: numbered(
        resized(exercise.sets, Math.ceil(exercise.sets.length / 2)).map((set) => mapFields(set, deloadField))
      )
    }))
  return eachExercise(workout, (exercise) => ({
    ...exercise,
    sets: numbered(progressSets(exercise.sets, rule.sets).map((set) => mapFields(set, progressField(rule, set))))
  }))
}

/** A legacy repeat applied to the week before it. */
export const applyTransform = (workout: BuiltWorkout, transform: WeekTransform): BuiltWorkout =>
  applyRule(workout, ruleOfRepeat(transform))

type Progress = Extract<WeekTransform, { readonly kind: "progress" }>

/**
 * The legacy repeat that undoes `transform`: loads by the percentage that brings them back
 * (+25 % is undone by -20 %), reps and sets by the opposite count. It undoes exactly only
 * when nothing hit a bound on the way and, for loads, within the 0.1 rounding. A deload has
 * no inverse: the sets it drops are gone.
 */
export const inverse = (transform: Progress): Progress => ({
  kind: "progress",
  loadPercent: (-100 * transform.loadPercent) / (100 + transform.loadPercent) + 0,
  reps: -transform.reps + 0,
  sets: -transform.sets + 0
})

/**
 * The workout of each copied week, in order: each progress builds on the week before it
 * (the first on `base`, the source), and a deload is taken from the week before it without
 * becoming the base, so the week after a deload continues from the week before the deload.
 */
export const planCopiedWeeks = (base: BuiltWorkout, rules: ReadonlyArray<WeekRule>): ReadonlyArray<BuiltWorkout> => {
  let current = base
  return rules.map((rule) => {
    const week = applyRule(current, rule)
    if (rule.kind === "progress") current = week
    return week
  })
}

/** Legacy: the weeks after the unchanged copy, one per repeat. */
export const planWeeks = (base: BuiltWorkout, repeats: ReadonlyArray<WeekTransform>): ReadonlyArray<BuiltWorkout> =>
  planCopiedWeeks(base, repeats.map(ruleOfRepeat))
