import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { ExerciseName } from "./exercises.ts"
import { UserId } from "./ids.ts"
import { TemplateId } from "./templates.ts"
import { IdempotencyKey } from "./workout.ts"
import { WorkoutOrder } from "./workout-edits.ts"

/*
 * Copying and repeating programming (issue 15): one request copies a workout, a day, a
 * week or a template to days of the coach's clients, optionally repeated week after week
 * with a change per repeat. The server does the whole plan in one transaction: every day
 * is created, or none. With dryRun it answers the same report and stores nothing: that
 * report is the preview the coach confirms.
 */

/** The most clients one copy reaches, and the most weekly repeats. */
export const COPY_LIMITS = { targets: 20, repeats: 12, loadPercent: 50, reps: 10, sets: 10 } as const

const whole = (what: string, limit: number) =>
  Schema.Number.annotate({ message: `${what} must be a number` }).check(
    Schema.isInt({ message: `${what} must be a whole number` }),
    Schema.isBetween({ minimum: -limit, maximum: limit }, { message: `${what} must be between -${limit} and ${limit}` })
  )

/**
 * The change a repeat makes to the week before it (week-transforms.ts says exactly how):
 * loads and percentages by `loadPercent` %, reps and sets by whole numbers. A deload
 * week is lighter than the week before it and does not carry on: the week after a deload
 * continues from the week before the deload.
 */
export const WeekTransform = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("progress"),
    loadPercent: Schema.Number.annotate({ message: "loadPercent must be a number" }).check(
      Schema.isBetween(
        { minimum: -COPY_LIMITS.loadPercent, maximum: COPY_LIMITS.loadPercent },
        { message: `loadPercent must be between -${COPY_LIMITS.loadPercent} and ${COPY_LIMITS.loadPercent}` }
      )
    ),
    reps: whole("reps", COPY_LIMITS.reps),
    sets: whole("sets", COPY_LIMITS.sets)
  }),
  Schema.Struct({ kind: Schema.Literal("deload") })
]).annotate({ message: 'a repeat must be {kind: "progress", loadPercent, reps, sets} or {kind: "deload"}' })
export type WeekTransform = typeof WeekTransform.Type

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
 * Body of POST /api/workouts/copy. The source lands once on each target and then once
 * more per entry of `repeats`, each 7 days after the one before, each changed by its
 * transform. A target day that already holds a workout is skipped (and reported) unless
 * `onBusyDay` is "add", which adds the copy as that day's next workout.
 */
export const CopyPayload = Schema.Struct({
  source: CopySource,
  targets: Schema.Array(CopyTarget).check(
    Schema.isMinLength(1, { message: "targets must name at least one client and day" }),
    Schema.isMaxLength(COPY_LIMITS.targets, { message: `targets holds at most ${COPY_LIMITS.targets} entries` })
  ),
  repeats: Schema.Array(WeekTransform).check(
    Schema.isMaxLength(COPY_LIMITS.repeats, { message: `repeats holds at most ${COPY_LIMITS.repeats} weeks` })
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

/** Answer of POST /api/workouts/copy: every target day, by client then date. */
export const CopyReport = Schema.Struct({
  dryRun: Schema.Boolean,
  days: Schema.Array(CopiedDay)
})
export type CopyReport = typeof CopyReport.Type
