import { and, eq, gte, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm"
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
 * coach has linked at once, so the dashboard costs the same five statements whether the
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
export interface WorkoutExerciseRow {
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
export interface LoggedLift {
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
export interface WindowLift extends LoggedLift {
  readonly exercise: string
}

// Archived clients are left out of every read here: the overview is the roster's.
const linkedTo = (coachId: UserId): SQL => and(linkedNow(coachId, workouts.clientId), notArchived) as SQL

const submitted = sql<boolean>`exists (select 1 from ${workoutCompletions} where ${workoutCompletions.workoutId} = ${workouts.id})`

// A set answered: something logged, or skipped. A result emptied again (Undo, ADR 039) is not.
const anySetLogged = sql<boolean>`exists (select 1 from ${setResults}
  join ${sets} on ${sets.id} = ${setResults.setId}
  join ${exercises} as logged_exercise on logged_exercise.id = ${sets.exerciseId}
  where logged_exercise.workout_id = ${workouts.id}
    and (${setResults.skipped} or ${setResults.performedReps} is not null or ${setResults.performedWeight} is not null
      or ${setResults.performedRir} is not null or ${setResults.performedRpe} is not null))`

/** The coach's linked clients not archived (pending invitations have no client yet, so they are not here). */
export const linkedClients = (db: Db, coachId: UserId): Promise<ReadonlyArray<LinkedClient>> =>
  db
    .select({ id: users.id, name: users.name, unit: users.unit })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.clientId))
    .where(and(eq(coachClients.coachId, coachId), currentLink, notArchived))

/** Every workout of the coach's clients in `span`, each exercise a row, with whether it was submitted or logged. */
export const workoutsInSpan = (db: Db, coachId: UserId, span: Span): Promise<ReadonlyArray<WorkoutExerciseRow>> =>
  db
    .select({
      workoutId: workouts.id,
      clientId: workouts.clientId,
      date: workouts.date,
      workoutOrder: workouts.workoutOrder,
      exerciseOrder: exercises.exerciseOrder,
      exercise: exercises.name,
      completed: submitted,
      logged: anySetLogged
    })
    .from(workouts)
    .innerJoin(coachClients, linkedTo(coachId))
    .leftJoin(exercises, eq(exercises.workoutId, workouts.id))
    .where(and(isNull(workouts.deletedAt), gte(workouts.date, span.from), lte(workouts.date, span.to)))

/**
 * Each client's latest day that work was done on, up to `today` (docs/decisions/042): a set
 * done or a workout submitted, each on the day it was done, so a workout done ahead of its
 * date counts today and never on its future date. Clients with none are absent.
 */
export const lastSessions = async (
  db: Db,
  coachId: UserId,
  today: IsoDate,
  utcOffset: number
): Promise<ReadonlyArray<{ readonly clientId: UserId; readonly date: IsoDate }>> => {
  const answer = await db.execute<{ clientId: UserId; date: IsoDate }>(sql`
    select client_id as "clientId", max(day)::text as date from (
      select ${workouts.clientId} as client_id, ${setDoneDay(utcOffset)} as day
      from ${workouts}
      join ${coachClients} on ${linkedTo(coachId)}
      join ${exercises} on ${exercises.workoutId} = ${workouts.id}
      join ${sets} on ${sets.exerciseId} = ${exercises.id}
      join ${setResults} on ${setResults.setId} = ${sets.id}
      left join ${workoutCompletions} on ${workoutCompletions.workoutId} = ${workouts.id}
      where ${workouts.deletedAt} is null and ${setWasDone}
      union all
      select ${workouts.clientId}, ${submissionDay(utcOffset)}
      from ${workouts}
      join ${coachClients} on ${linkedTo(coachId)}
      join ${workoutCompletions} on ${workoutCompletions.workoutId} = ${workouts.id}
      where ${workouts.deletedAt} is null
    ) as done
    where day <= ${today}::date
    group by client_id
  `)
  return answer.rows
}

const liftsOfCoach = (coachId: UserId) =>
  and(
    isNull(workouts.deletedAt),
    eq(setResults.skipped, false),
    isNotNull(setResults.performedWeight),
    isNotNull(setResults.performedReps),
    isNotNull(exercises.libraryId),
    eq(coachClients.coachId, coachId),
    currentLink,
    notArchived
  )

/** The estimable sets the coach's clients did in `span` (by the day done), with their exercise's library name. */
export const liftsInSpan = (
  db: Db,
  coachId: UserId,
  span: Span,
  utcOffset: number
): Promise<ReadonlyArray<WindowLift>> =>
  db
    .select({
      clientId: workouts.clientId,
      exerciseId: sql<ExerciseId>`${exercises.libraryId}`,
      exercise: exerciseLibrary.name,
      date: sql<IsoDate>`(${setDoneDay(utcOffset)})::text`,
      weight: sql<Weight>`${setResults.performedWeight}`,
      weight_unit: setResults.weightUnit,
      reps: sql<RepCount>`${setResults.performedReps}`,
      rir: setResults.performedRir,
      rpe: setResults.performedRpe
    })
    .from(setResults)
    .innerJoin(sets, eq(sets.id, setResults.setId))
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(exerciseLibrary, eq(exerciseLibrary.id, exercises.libraryId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .innerJoin(coachClients, eq(coachClients.clientId, workouts.clientId))
    .leftJoin(workoutCompletions, eq(workoutCompletions.workoutId, workouts.id))
    .where(
      and(
        liftsOfCoach(coachId),
        // A set is never done after its workout's date: earlier workouts hold none of the span's.
        gte(workouts.date, span.from),
        sql`${setDoneDay(utcOffset)} between ${span.from}::date and ${span.to}::date`
      )
    )

/**
 * The sets done before `before` that could hold the best estimate of an exercise the
 * client also lifted in `span`. For one reps, effort and unit, the estimate only grows
 * with the weight, so the heaviest set of each such group is the one candidate: a
 * client's whole history comes back as a few rows per exercise, and the estimate itself
 * is still worked out by the domain's formula, not here. An exercise counts as lifted in
 * the span when a workout dated from its start on holds it: every set done in the span is
 * on one, and a few more rows than needed cost nothing.
 */
export const heaviestBefore = (
  db: Db,
  coachId: UserId,
  before: IsoDate,
  span: Span,
  utcOffset: number
): Promise<ReadonlyArray<LoggedLift>> =>
  db
    .select({
      clientId: workouts.clientId,
      exerciseId: sql<ExerciseId>`${exercises.libraryId}`,
      date: sql<IsoDate>`min(${setDoneDay(utcOffset)})::text`,
      weight: sql<Weight>`max(${setResults.performedWeight})`,
      weight_unit: setResults.weightUnit,
      reps: sql<RepCount>`${setResults.performedReps}`,
      rir: setResults.performedRir,
      rpe: setResults.performedRpe
    })
    .from(setResults)
    .innerJoin(sets, eq(sets.id, setResults.setId))
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .innerJoin(coachClients, eq(coachClients.clientId, workouts.clientId))
    .leftJoin(workoutCompletions, eq(workoutCompletions.workoutId, workouts.id))
    .where(
      and(
        liftsOfCoach(coachId),
        sql`${setDoneDay(utcOffset)} < ${before}::date`,
        sql`exists (select 1 from ${setResults} as recent_result
          join ${sets} as recent_set on recent_set.id = recent_result.set_id
          join ${exercises} as recent_exercise on recent_exercise.id = recent_set.exercise_id
          join ${workouts} as recent_workout on recent_workout.id = recent_exercise.workout_id
          where recent_workout.client_id = ${workouts.clientId}
            and recent_exercise.library_id = ${exercises.libraryId}
            and recent_workout.deleted_at is null
            and recent_workout.date >= ${span.from})`
      )
    )
    .groupBy(
      workouts.clientId,
      exercises.libraryId,
      setResults.weightUnit,
      setResults.performedReps,
      setResults.performedRir,
      setResults.performedRpe
    )
