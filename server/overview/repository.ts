import { and, eq, sql, type SQL } from "drizzle-orm"
import type { IsoDate } from "#domain/calendar.ts"
import type { ExerciseId } from "#domain/exercises.ts"
import type { UserId } from "#domain/ids.ts"
import type { RepCount, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import type { Unit } from "#domain/units.ts"
import type { Db } from "../db/client.ts"
import { currentLink, linkedNow, notArchived } from "../clients/current-link.ts"
import {
  coachClients,
  exerciseLibrary,
  exercises,
  setResults,
  sets,
  users,
  workoutCompletions,
  workouts
} from "../db/schema.ts"
import { setDoneDay, setWasDone, submissionDay } from "../progress/done-day.ts"

/*
 * The reads behind the coach's dashboard (docs/decisions/021). Each one answers for every client the
 * coach has linked at once, so the dashboard costs the same three statements whether the
 * coach has one client or fifty. Removed workouts (deleted_at) count for nothing.
 */

/** Inclusive days. */
export interface Span {
  readonly from: IsoDate
  readonly to: IsoDate
}

export interface LinkedClient {
  readonly id: UserId
  readonly name: string
  readonly unit: Unit
}

/** A workout of the span, one row per exercise (none: `exercise` null). */
export type WorkoutExerciseRow = {
  readonly workoutId: number
  readonly clientId: UserId
  readonly date: IsoDate
  readonly workoutOrder: number
  readonly exerciseOrder: number | null
  readonly exercise: string | null
  readonly completed: boolean
  readonly logged: boolean
}

/** A logged set that can give an estimate: weight and reps, not skipped. */
export type LoggedLift = {
  readonly clientId: UserId
  readonly exerciseId: ExerciseId
  readonly date: IsoDate
  readonly weight: Weight
  readonly weight_unit: Unit
  readonly reps: RepCount
  readonly rir: Rir | null
  readonly rpe: Rpe | null
}

/** A lift of the window, with its library exercise's name. */
export type WindowLift = LoggedLift & {
  readonly exercise: string
}

// Archived clients are left out of every read here: the overview is the roster's.
const linkedTo = (coachId: UserId): SQL => and(linkedNow(coachId, workouts.clientId), notArchived) as SQL

/*
 * The walk of `coachLifts` starts from the coach's own clients' workouts and submissions,
 * materialized first through laterals (an index walk per client, per workout; `offset 0`
 * keeps the planner from flattening them back into hash joins over whole tables), so
 * PostgreSQL walks from those few to their exercises, sets and results rather than
 * hashing every client's history and filtering it after (docs/performance.md, "A busy
 * evening"). The walk names the two `workouts` and `workout_completions`, with the
 * tables' own column names, so the shared conditions (done-day.ts) read them as the
 * tables.
 */
const coachWorkouts = (coachId: UserId): SQL => sql`coach_workouts as materialized (
  select client_workout.* from ${coachClients}
  cross join lateral (
    select ${workouts.id}, ${workouts.clientId}, ${workouts.date} from ${workouts}
    where ${workouts.clientId} = ${coachClients.clientId} and ${workouts.deletedAt} is null
    offset 0
  ) as client_workout
  where ${and(eq(coachClients.coachId, coachId), currentLink, notArchived)}
), coach_completions as materialized (
  select submission.* from coach_workouts
  cross join lateral (
    select ${workoutCompletions.workoutId}, ${workoutCompletions.endedAt}, ${workoutCompletions.updatedAt}
    from ${workoutCompletions} where ${workoutCompletions.workoutId} = coach_workouts.id
    offset 0
  ) as submission
)`

const coachWorkoutsAsWorkouts = sql`coach_workouts as ${workouts}`

/** From the coach's workouts to each one's logged sets (a left join gives each its submission). */
const loggedSetsOfCoachWorkouts = sql`${coachWorkoutsAsWorkouts}
  join ${exercises} on ${exercises.workoutId} = ${workouts.id}
  join ${sets} on ${sets.exerciseId} = ${exercises.id}
  join ${setResults} on ${setResults.setId} = ${sets.id}
  left join coach_completions as ${workoutCompletions} on ${workoutCompletions.workoutId} = ${workouts.id}`

// A set answered: something logged, or skipped. A result emptied again (Undo, ADR 039) is not.
const anySetLogged = sql<boolean>`exists (select 1 from ${setResults}
  join ${sets} on ${sets.id} = ${setResults.setId}
  join ${exercises} as logged_exercise on logged_exercise.id = ${sets.exerciseId}
  where logged_exercise.workout_id = ${workouts.id}
    and (${setResults.skipped} or ${setResults.performedReps} is not null or ${setResults.performedWeight} is not null
      or ${setResults.performedRir} is not null or ${setResults.performedRpe} is not null))`

/** A logged set that can give an estimate: weight and reps, not skipped, of a library exercise. */
const estimable = sql`not ${setResults.skipped} and ${setResults.performedWeight} is not null
  and ${setResults.performedReps} is not null and ${exercises.libraryId} is not null`

/** The coach's linked clients not archived (pending invitations have no client yet, so they are not here). */
export const linkedClients = (db: Db, coachId: UserId): Promise<ReadonlyArray<LinkedClient>> =>
  db
    .select({ id: users.id, name: users.name, unit: users.unit })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.clientId))
    .where(and(eq(coachClients.coachId, coachId), currentLink, notArchived))

/**
 * Every workout of the coach's clients in `span`, each exercise a row, with whether it was
 * submitted or logged (worked out once a workout, then its exercises found by index: each
 * `offset 0` keeps the planner from moving the check to every exercise row or hashing the
 * whole exercises table).
 */
export const workoutsInSpan = async (
  db: Db,
  coachId: UserId,
  span: Span
): Promise<ReadonlyArray<WorkoutExerciseRow>> => {
  const answer = await db.execute<WorkoutExerciseRow>(sql`
    select day_workout.id as "workoutId", day_workout.client_id as "clientId", day_workout.date as date,
      day_workout.workout_order as "workoutOrder", ${exercises.exerciseOrder} as "exerciseOrder",
      ${exercises.name} as exercise, day_workout.completed, day_workout.logged
    from (
      select ${workouts.id} as id, ${workouts.clientId} as client_id, ${workouts.date}::text as date,
        ${workouts.workoutOrder} as workout_order,
        ${workoutCompletions.workoutId} is not null as completed, ${anySetLogged} as logged
      from ${workouts}
      join ${coachClients} on ${linkedTo(coachId)}
      left join ${workoutCompletions} on ${workoutCompletions.workoutId} = ${workouts.id}
      where ${workouts.deletedAt} is null and ${workouts.date} between ${span.from}::date and ${span.to}::date
      offset 0
    ) as day_workout
    left join lateral (
      select ${exercises.exerciseOrder}, ${exercises.name} from ${exercises}
      where ${exercises.workoutId} = day_workout.id offset 0
    ) as ${exercises} on true
  `)
  return answer.rows
}

/** What the coach's clients did, read in one walk of their history (`coachLifts`). */
export interface CoachLifts {
  /** Each client's latest day work was done on, up to today; clients with none are absent. */
  readonly lastSessions: ReadonlyArray<{ readonly clientId: UserId; readonly date: IsoDate }>
  /** The estimable sets done in the records window, with their library names. */
  readonly recentLifts: ReadonlyArray<WindowLift>
  /** The candidates for the best estimate before the window (below). */
  readonly earlierLifts: ReadonlyArray<LoggedLift>
}

type CoachLiftRow =
  | { readonly kind: "session"; readonly clientId: UserId; readonly date: IsoDate }
  | ({ readonly kind: "recent" } & WindowLift)
  | ({ readonly kind: "earlier" } & LoggedLift)

/**
 * The three reads of the coach's clients' logged sets, answered from one walk of them
 * (docs/performance.md, "A busy evening"): the walk is the cost, the reads are a filter and
 * two small aggregates over it.
 *
 * - Sessions (docs/decisions/042): each client's latest day a set was done or a workout
 *   submitted, each on the day it was done, so a workout done ahead of its date counts on
 *   that day and never on its future date.
 * - Recent lifts: the estimable sets done in `records` (by the day done).
 * - Earlier lifts: the sets done before `records` that could hold the best estimate of an
 *   exercise the client also lifted in it. For one reps, effort and unit the estimate only
 *   grows with the weight, so the heaviest set of each such group is the one candidate: a
 *   client's whole history comes back as a few rows per exercise, and the estimate itself is
 *   still worked out by the domain's formula, not here. An exercise counts as lifted in the
 *   window when a workout dated from its start on holds it: every set done in the window is
 *   on one, and a few more rows than needed cost nothing.
 */
export const coachLifts = async (
  db: Db,
  coachId: UserId,
  today: IsoDate,
  records: Span,
  utcOffset: number
): Promise<CoachLifts> => {
  const answer = await db.execute<CoachLiftRow>(sql`
    with ${coachWorkouts(coachId)},
    done_set as materialized (
      select ${workouts.clientId} as client_id, ${exercises.libraryId} as library_id,
        ${setDoneDay(utcOffset)} as day, ${estimable} as estimable, ${setResults.performedWeight} as weight,
        ${setResults.weightUnit} as weight_unit, ${setResults.performedReps} as reps,
        ${setResults.performedRir} as rir, ${setResults.performedRpe} as rpe
      from ${loggedSetsOfCoachWorkouts}
      where ${setWasDone}
    ),
    lifted_in_window as materialized (
      select distinct ${workouts.clientId} as client_id, ${exercises.libraryId} as library_id
      from ${coachWorkoutsAsWorkouts}
      join ${exercises} on ${exercises.workoutId} = ${workouts.id}
      where ${workouts.date} >= ${records.from}::date and ${exercises.libraryId} is not null
    )
    select 'session' as kind, client_id as "clientId", max(day)::text as date, null as "exerciseId", null as weight,
      null as weight_unit, null as reps, null as rir, null as rpe, null as exercise
    from (
      select client_id, day from done_set
      union all
      select ${workouts.clientId}, ${submissionDay(utcOffset)}
      from ${coachWorkoutsAsWorkouts}
      join coach_completions as ${workoutCompletions} on ${workoutCompletions.workoutId} = ${workouts.id}
    ) as done
    where day <= ${today}::date
    group by client_id
    union all
    select 'recent', client_id, day::text, library_id, weight, weight_unit, reps, rir, rpe, ${exerciseLibrary.name}
    from done_set
    join ${exerciseLibrary} on ${exerciseLibrary.id} = done_set.library_id
    where estimable and day between ${records.from}::date and ${records.to}::date
    union all
    select 'earlier', client_id, min(day)::text, library_id, max(weight), weight_unit, reps, rir, rpe, null
    from done_set
    where estimable and day < ${records.from}::date
      and (client_id, library_id) in (select client_id, library_id from lifted_in_window)
    group by client_id, library_id, weight_unit, reps, rir, rpe
  `)
  const lifts = {
    lastSessions: [] as Array<CoachLifts["lastSessions"][number]>,
    recentLifts: [] as Array<WindowLift>,
    earlierLifts: [] as Array<LoggedLift>
  }
  for (const row of answer.rows) {
    if (row.kind === "session") lifts.lastSessions.push(row)
    else if (row.kind === "recent") lifts.recentLifts.push(row)
    else lifts.earlierLifts.push(row)
  }
  return lifts
}
