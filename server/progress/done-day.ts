import { and, isNotNull, not, or, sql, type SQL } from "drizzle-orm"
import { setResults, workoutCompletions, workouts } from "../db/schema.ts"

/*
 * The day work was done (docs/decisions/042-time-honest-summaries.md), worked out in the
 * query so every window (records, sessions, progress, working e1RM) counts the same day.
 * A set counts on the earlier of its workout's date and the day it was logged; a workout
 * done ahead of schedule so counts on the day it was done, never on its future date, and
 * a workout logged after its day (filled in late) keeps its own date.
 *
 * "Logged" is the earliest instant the database holds for the work: the set's last write
 * (set_results.updated_at; a correction made later only moves it later) or the workout's
 * submission (its ended_at, bounded by when the server stored it, as a lifter's clock may
 * run ahead). Queries using these join workout_completions with a left join.
 */

/** The calendar day of an instant on a calendar `utcOffset` minutes east of UTC. */
export const dayOn = (instant: SQL, utcOffset: number): SQL<string> =>
  sql<string>`((${instant} at time zone 'UTC') + make_interval(mins => ${utcOffset}::integer))::date`

/** When a logged set was logged: its last write, or its workout's submission if that came first. */
export const setLoggedAt: SQL = sql`least(${setResults.updatedAt}, ${workoutCompletions.endedAt}, ${workoutCompletions.updatedAt})`

/** The day a logged set was done, on the reader's calendar. */
export const setDoneDay = (utcOffset: number): SQL<string> =>
  sql<string>`least(${workouts.date}, ${dayOn(setLoggedAt, utcOffset)})`

/** The day a submitted workout was done, on the reader's calendar. */
export const submissionDay = (utcOffset: number): SQL<string> =>
  sql<string>`least(${workouts.date}, ${dayOn(sql`least(${workoutCompletions.endedAt}, ${workoutCompletions.updatedAt})`, utcOffset)})`

/** A logged set that is work done: a weight or a rep count written, and not skipped. */
export const setWasDone = and(
  not(setResults.skipped),
  or(isNotNull(setResults.performedReps), isNotNull(setResults.performedWeight))
) as SQL
