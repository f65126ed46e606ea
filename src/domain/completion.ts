import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"

/*
 * A workout the lifter submitted: when it started and ended and how long it ran (the
 * workout timer's time, pauses left out). The first submission is the record: submitting
 * again (a retry, a reopened workout corrected and submitted anew) answers it unchanged.
 */

/** The longest a workout may run: a day. Anything above is a clock gone wrong. */
export const MAX_WORKOUT_SECONDS = 86_400

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

/** An instant as UTC ISO-8601 text, e.g. "2026-11-23T17:05:00.000Z" (Date#toISOString). */
export const utcInstant = (what: string) =>
  Schema.String.annotate({ message: `${what} must be a string` }).check(
    Schema.makeFilter((text: string) => ISO_INSTANT.test(text) && Number.isFinite(Date.parse(text)), {
      message: `${what} must be a UTC time like 2026-11-23T17:05:00.000Z`
    })
  )

const workoutOrder = Schema.Number.annotate({ message: "workout_order must be a number" }).check(
  Schema.isInt({ message: "workout_order must be a whole number" }),
  Schema.isBetween({ minimum: 0, maximum: 1000 }, { message: "workout_order must be between 0 and 1000" })
)

const durationSeconds = Schema.Number.annotate({ message: "duration_seconds must be a number" }).check(
  Schema.isInt({ message: "duration_seconds must be a whole number" }),
  Schema.isBetween(
    { minimum: 0, maximum: MAX_WORKOUT_SECONDS },
    { message: `duration_seconds must be between 0 and ${MAX_WORKOUT_SECONDS}` }
  )
)

type Times = { readonly started_at: string; readonly ended_at: string; readonly duration_seconds: number }

// The timer never runs longer than the wall clock between start and end (a second of slack for rounding).
const timesAgree = ({ started_at, ended_at, duration_seconds }: Times) => {
  const span = Date.parse(ended_at) - Date.parse(started_at)
  if (span < 0) return { path: ["ended_at"], issue: "ended_at must not be before started_at" }
  if (duration_seconds > Math.ceil(span / 1000) + 1)
    return {
      path: ["duration_seconds"],
      issue: "duration_seconds must not exceed the time from started_at to ended_at"
    }
  return undefined
}

/** One completed workout, as PUT /api/workoutCompletion takes it and /workoutCompletions lists it. */
export const WorkoutCompletion = Schema.Struct({
  date: IsoDate,
  workout_order: workoutOrder,
  started_at: utcInstant("started_at"),
  ended_at: utcInstant("ended_at"),
  duration_seconds: durationSeconds
}).check(Schema.makeFilter(timesAgree))
export type WorkoutCompletion = typeof WorkoutCompletion.Type

export const WorkoutCompletions = Schema.Array(WorkoutCompletion)
export type WorkoutCompletions = typeof WorkoutCompletions.Type

/** The completion of one workout of a day, if there is one. */
export const completionOf = (
  completions: ReadonlyArray<WorkoutCompletion>,
  date: IsoDate,
  workoutOrder: number
): WorkoutCompletion | undefined => completions.find((c) => c.date === date && c.workout_order === workoutOrder)

/** "42 min", "1 h 05 min", "under a minute": how long a workout ran. */
export const formatDuration = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60)
  if (minutes < 1) return "under a minute"
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`
}
