import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { Compliance } from "./compliance.ts"
import { ExerciseId, ExerciseName } from "./exercises.ts"
import { UserId } from "./ids.ts"
import { UnitSchema } from "./preferences.ts"
import { PersonName } from "./user.ts"

/*
 * The coach's dashboard (docs/decisions/021): who trained, who is falling behind, who has nothing
 * coming. One read answers it for every linked client, counted on the coach's own day
 * (`today` is the coach's local date: the server's clock may be in another time zone).
 * The week is the calendar's: Sunday to Saturday around `today`.
 */

const count = (what: string) =>
  Schema.Number.annotate({ message: `${what} must be a number` }).check(
    Schema.isInt({ message: `${what} must be a whole number` }),
    Schema.isGreaterThanOrEqualTo(0, { message: `${what} must not be negative` })
  )

/** How many days back a workout with nothing logged and no submission counts as missed. */
export const MISSED_WINDOW_DAYS = 14
/** How many days ahead "upcoming" looks; a client with nothing in it needs programming. */
export const UPCOMING_DAYS = 7
/** How many days back a best estimated 1RM counts as a new record. */
export const NEW_RECORD_DAYS = 7

/** A best estimated one-rep max, logged in the last NEW_RECORD_DAYS, above anything before it. */
export const NewRecord = Schema.Struct({
  exercise_id: ExerciseId,
  exercise: ExerciseName,
  e1rm: Schema.Number,
  unit: UnitSchema,
  date: IsoDate
})
export type NewRecord = typeof NewRecord.Type

export const UpcomingDay = Schema.Struct({
  date: IsoDate,
  workouts: count("workouts"),
  exercises: Schema.Array(ExerciseName)
})
export type UpcomingDay = typeof UpcomingDay.Type

export const ClientOverview = Schema.Struct({
  clientId: UserId,
  name: PersonName,
  /**
   * The last day the client did work (a set done or a workout submitted) on or before
   * today, each on the day it was done: a workout done ahead of its date counts that day,
   * never its future date (docs/decisions/042). Null: never.
   */
  lastSession: Schema.NullOr(IsoDate),
  /** Workouts scheduled this week (Sunday to Saturday), and how many of them were submitted. */
  weekScheduled: count("weekScheduled"),
  weekCompleted: count("weekCompleted"),
  /** Workouts of the last MISSED_WINDOW_DAYS days before today with nothing logged and not submitted. */
  missed: count("missed"),
  newRecords: Schema.Array(NewRecord),
  /**
   * Days from today through UPCOMING_DAYS - 1 days ahead that hold workouts not yet done
   * (none submitted nor logged); empty: nothing left scheduled.
   */
  upcoming: Schema.Array(UpcomingDay),
  /**
   * Of the workouts dated in the last 7 and the last 28 days, today included (none to
   * come), how many were submitted: the same "done" as the week's (src/domain/compliance.ts).
   */
  compliance: Compliance
})
export type ClientOverview = typeof ClientOverview.Type

/** Answer of GET /api/coachOverview?today=YYYY-MM-DD: every linked client, by name. */
export const CoachOverview = Schema.Struct({
  today: IsoDate,
  weekFrom: IsoDate,
  clients: Schema.Array(ClientOverview),
  /** Every linked client's compliance added up, each window on its own. */
  compliance: Compliance
})
export type CoachOverview = typeof CoachOverview.Type
