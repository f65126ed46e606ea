import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { ExerciseName } from "./exercises.ts"
import { UserId } from "./ids.ts"
import { TemplateId } from "./templates.ts"
import { IdempotencyKey } from "./workout.ts"
import { WorkoutOrder } from "./workout-edits.ts"

/*
 * Copying and repeating programming (docs/decisions/025, 040): one request copies a workout, a day, a
 * week or a template to days of the coach's clients, optionally repeated week after week
 * with a change per repeat. The server does the whole plan in one transaction: every day
 * is created, or none. With dryRun it answers the same report and stores nothing: that
 * report is the preview the coach confirms.
 */

/**
 * The most clients one copy reaches, the most weekly repeats (legacy `repeats`) or copied
 * weeks (`weeks`, the first copy included), and the largest change one week may make.
 */
export const COPY_LIMITS = {
  targets: 20,
  repeats: 12,
  weeks: 13,
  loadPercent: 50,
  percentPoints: 50,
  weightStep: 100,
  reps: 10,
  sets: 10
} as const

/**
 * The most set rows one copy (or its preview) may write, counted over every created
 * workout of every target and week: the created-days cap alone let a week of full
 * workouts, added to busy days, write 819,000 rows in one request (docs/product.md, Limits).
 */
export const MAX_COPY_SETS = 20_000

/** A change from -limit to limit: a step of load, or (whole) of reps or sets. */
const bounded = (what: string, limit: number) =>
  Schema.Number.annotate({ message: `${what} must be a number` }).check(
    Schema.isBetween({ minimum: -limit, maximum: limit }, { message: `${what} must be between -${limit} and ${limit}` })
  )
const whole = (what: string, limit: number) =>
  bounded(what, limit).check(Schema.isInt({ message: `${what} must be a whole number` }))

/**
 * Legacy: the change a repeat (`repeats`) makes to the week before it, the copy itself
 * being the unchanged first week. `loadPercent` keeps the meaning it always had: every
 * load, weights and percentages alike, is multiplied by 1 + loadPercent/100
 * (docs/decisions/040). New callers send `weeks` (WeekStep) instead.
 */
export const WeekTransform = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("progress"),
    loadPercent: bounded("loadPercent", COPY_LIMITS.loadPercent),
    reps: whole("reps", COPY_LIMITS.reps),
    sets: whole("sets", COPY_LIMITS.sets)
  }),
  Schema.Struct({ kind: Schema.Literal("deload") })
]).annotate({ message: 'a repeat must be {kind: "progress", loadPercent, reps, sets} or {kind: "deload"}' })
export type WeekTransform = typeof WeekTransform.Type

/** A weight step: an amount in a unit (+5 lb, +2.5 kg), added to each set in the set's own unit. */
export const WeightStep = Schema.Struct({
  amount: bounded("weight.amount", COPY_LIMITS.weightStep),
  unit: Schema.Literals(["lb", "kg"]).annotate({ message: 'weight.unit must be "lb" or "kg"' })
})
export type WeightStep = typeof WeightStep.Type

/**
 * What one copied week (`weeks`) changes from the week before it, the source being the
 * week before the first copy (docs/decisions/040): % of max and % of e1RM by
 * `percentPoints` points (75 + 2.5 = 77.5), weights by `weight` in each set's unit, reps
 * and sets by whole numbers. A key left out changes nothing. A deload week is lighter than
 * the week it follows and the week after it continues from the week before the deload.
 */
export const WeekStep = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("progress"),
    percentPoints: Schema.optionalKey(bounded("percentPoints", COPY_LIMITS.percentPoints)),
    weight: Schema.optionalKey(WeightStep),
    reps: Schema.optionalKey(whole("reps", COPY_LIMITS.reps)),
    sets: Schema.optionalKey(whole("sets", COPY_LIMITS.sets))
  }),
  Schema.Struct({ kind: Schema.Literal("deload") })
]).annotate({
  message:
    'a week must be {kind: "progress", percentPoints?, weight?: {amount, unit}, reps?, sets?} or {kind: "deload"}'
})
export type WeekStep = typeof WeekStep.Type

/** What is copied: one workout, one day, the 7 days from `from`, or a saved template. */
export const CopySource = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("workout"), clientId: UserId, date: IsoDate, workoutOrder: WorkoutOrder }),
  Schema.Struct({ kind: Schema.Literal("day"), clientId: UserId, date: IsoDate }),
  Schema.Struct({ kind: Schema.Literal("week"), clientId: UserId, from: IsoDate }),
  Schema.Struct({ kind: Schema.Literal("template"), templateId: TemplateId })
]).annotate({ message: 'source.kind must be "workout", "day", "week" or "template"' })
export type CopySource = typeof CopySource.Type

/** Where a copy lands: the source's first day becomes `start` for that client. */
export const CopyTarget = Schema.Struct({ clientId: UserId, start: IsoDate })
export type CopyTarget = typeof CopyTarget.Type

/**
 * Body of POST /api/workouts/copy. With `weeks`, the source lands once per entry, each 7
 * days after the one before, each changed from the week before it by its step (the first
 * copy from the source). With `repeats` (legacy), the source lands unchanged once and then
 * once more per entry. Send one of the two; neither is one unchanged copy. A week or a
 * week template keeps its weekdays from each target's start; a workout or a day lands on
 * the start (docs/decisions/040). A target day that already holds a workout is skipped (and
 * reported) unless `onBusyDay` is "add", which adds the copy as that day's next workout.
 */
export const CopyPayload = Schema.Struct({
  source: CopySource,
  targets: Schema.Array(CopyTarget).check(
    Schema.isMinLength(1, { message: "targets must name at least one client and day" }),
    Schema.isMaxLength(COPY_LIMITS.targets, { message: `targets holds at most ${COPY_LIMITS.targets} entries` })
  ),
  repeats: Schema.optionalKey(
    Schema.Array(WeekTransform).check(
      Schema.isMaxLength(COPY_LIMITS.repeats, { message: `repeats holds at most ${COPY_LIMITS.repeats} weeks` })
    )
  ),
  weeks: Schema.optionalKey(
    Schema.Array(WeekStep).check(
      Schema.isMinLength(1, { message: "weeks must hold at least one week" }),
      Schema.isMaxLength(COPY_LIMITS.weeks, { message: `weeks holds at most ${COPY_LIMITS.weeks} weeks` })
    )
  ),
  onBusyDay: Schema.optionalKey(
    Schema.Literals(["skip", "add"]).annotate({ message: 'onBusyDay must be "skip" or "add"' })
  ),
  dryRun: Schema.optionalKey(Schema.Boolean.annotate({ message: "dryRun must be true or false" })),
  idempotencyKey: IdempotencyKey
})
export type CopyPayload = typeof CopyPayload.Type

export const CopyDayStatus = Schema.Literals(["created", "skipped"])
export type CopyDayStatus = typeof CopyDayStatus.Type

/** One day of one client in a copy's report. */
export const CopiedDay = Schema.Struct({
  clientId: UserId,
  date: IsoDate,
  status: CopyDayStatus,
  /** How many workouts were (or, in a preview, would be) created that day. */
  workouts: Schema.Number,
  /** The exercise names created that day, in order. */
  exercises: Schema.Array(ExerciseName),
  /** Why a day was skipped, in words a coach reads ("already has a workout"). */
  reason: Schema.NullOr(Schema.String)
})
export type CopiedDay = typeof CopiedDay.Type

/** One set's loads in a copied week, each in its own terms: null where the set has none. */
export const SetLoads = Schema.Struct({
  set: Schema.Number,
  weight: Schema.NullOr(Schema.Number),
  /** The unit of `weight` (the set's own; lb when the set named none). */
  unit: Schema.Literals(["lb", "kg"]),
  maxPercent: Schema.NullOr(Schema.Number),
  e1rmPercent: Schema.NullOr(Schema.Number)
})
export type SetLoads = typeof SetLoads.Type

/** One copied week's loads, the same for every target: what the rows hold. */
export const CopiedWeek = Schema.Struct({
  /** 1 for the first copy. */
  week: Schema.Number,
  workouts: Schema.Array(
    Schema.Struct({
      /** The weekday it lands on (0 Sunday) for a week; null for a workout or a day, which lands on the start. */
      weekday: Schema.NullOr(Schema.Number),
      exercises: Schema.Array(Schema.Struct({ name: ExerciseName, sets: Schema.Array(SetLoads) }))
    })
  )
})
export type CopiedWeek = typeof CopiedWeek.Type

/**
 * Answer of POST /api/workouts/copy: every target day, by client then date, and each
 * copied week's loads. A report stored before the loads were reported has no `weeks`.
 */
export const CopyReport = Schema.Struct({
  dryRun: Schema.Boolean,
  days: Schema.Array(CopiedDay),
  weeks: Schema.optionalKey(Schema.Array(CopiedWeek))
})
export type CopyReport = typeof CopyReport.Type
