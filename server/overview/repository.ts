import { and, eq, gte, isNotNull, isNull, lt, lte, sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { currentLink, linkedNow } from "../clients/current-link.ts"
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

/*
 * The reads behind the coach's dashboard (issue 15). Each one answers for every client the
 * coach has linked at once, so the dashboard costs the same five statements whether the
 * coach has one client or fifty. Removed workouts (deleted_at) count for nothing.
 */

/** Inclusive days. */
export interface Span {
  readonly from: string
  readonly to: string
}

export interface LinkedClient {
  readonly id: number
  readonly name: string
  readonly unit: string
}

/** A workout of the span, one row per exercise (none: `exercise` null). */
export interface WorkoutExerciseRow {
  readonly workoutId: number
  readonly clientId: number
  readonly date: string
  readonly workoutOrder: number
  readonly exerciseOrder: number | null
  readonly exercise: string | null
  readonly completed: boolean
  readonly logged: boolean
}

/** A logged set that can give an estimate: weight and reps, not skipped. */
export interface LoggedLift {
  readonly clientId: number
  readonly exerciseId: string
  readonly date: string
  readonly weight: number
  readonly weight_unit: string
  readonly reps: number
  readonly rir: number | null
  readonly rpe: number | null
}

/** A lift of the window, with its library exercise's name. */
export interface WindowLift extends LoggedLift {
  readonly exercise: string
}

const linkedTo = (coachId: number) => linkedNow(coachId, workouts.clientId)

const submitted = sql<boolean>`exists (select 1 from ${workoutCompletions} where ${workoutCompletions.workoutId} = ${workouts.id})`

const anySetLogged = sql<boolean>`exists (select 1 from ${setResults}
  join ${sets} on ${sets.id} = ${setResults.setId}
  join ${exercises} as logged_exercise on logged_exercise.id = ${sets.exerciseId}
  where logged_exercise.workout_id = ${workouts.id})`

/** The coach's linked clients (pending invitations have no client yet, so they are not here). */
export const linkedClients = (db: Db, coachId: number): Promise<ReadonlyArray<LinkedClient>> =>
  db
    .select({ id: users.id, name: users.name, unit: users.unit })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.clientId))
    .where(and(eq(coachClients.coachId, coachId), currentLink))

/** Every workout of the coach's clients in `span`, each exercise a row, with whether it was submitted or logged. */
export const workoutsInSpan = (db: Db, coachId: number, span: Span): Promise<ReadonlyArray<WorkoutExerciseRow>> =>
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

/** Each client's latest day with a submitted workout or a logged set; clients with none are absent. */
export const lastSessions = (
  db: Db,
  coachId: number
): Promise<ReadonlyArray<{ readonly clientId: number; readonly date: string }>> =>
  db
    .select({ clientId: workouts.clientId, date: sql<string>`max(${workouts.date})::text` })
    .from(workouts)
    .innerJoin(coachClients, linkedTo(coachId))
    .where(and(isNull(workouts.deletedAt), sql`(${submitted} or ${anySetLogged})`))
    .groupBy(workouts.clientId)

const liftsOfCoach = (coachId: number) =>
  and(
    isNull(workouts.deletedAt),
    eq(setResults.skipped, false),
    isNotNull(setResults.performedWeight),
    isNotNull(setResults.performedReps),
    isNotNull(exercises.libraryId),
    eq(coachClients.coachId, coachId),
    currentLink
  )

/** The estimable sets the coach's clients logged in `span`, with their exercise's library name. */
export const liftsInSpan = (db: Db, coachId: number, span: Span): Promise<ReadonlyArray<WindowLift>> =>
  db
    .select({
      clientId: workouts.clientId,
      exerciseId: sql<string>`${exercises.libraryId}`,
      exercise: exerciseLibrary.name,
      date: workouts.date,
      weight: sql<number>`${setResults.performedWeight}`,
      weight_unit: setResults.weightUnit,
      reps: sql<number>`${setResults.performedReps}`,
      rir: setResults.performedRir,
      rpe: setResults.performedRpe
    })
    .from(setResults)
    .innerJoin(sets, eq(sets.id, setResults.setId))
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(exerciseLibrary, eq(exerciseLibrary.id, exercises.libraryId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .innerJoin(coachClients, eq(coachClients.clientId, workouts.clientId))
    .where(and(liftsOfCoach(coachId), gte(workouts.date, span.from), lte(workouts.date, span.to)))

/**
 * The sets logged before `before` that could hold the best estimate of an exercise the
 * client also lifted in `span`. For one reps, effort and unit, the estimate only grows
 * with the weight, so the heaviest set of each such group is the one candidate: a
 * client's whole history comes back as a few rows per exercise, and the estimate itself
 * is still worked out by the domain's formula, not here.
 */
export const heaviestBefore = (
  db: Db,
  coachId: number,
  before: string,
  span: Span
): Promise<ReadonlyArray<LoggedLift>> =>
  db
    .select({
      clientId: workouts.clientId,
      exerciseId: sql<string>`${exercises.libraryId}`,
      date: sql<string>`min(${workouts.date})::text`,
      weight: sql<number>`max(${setResults.performedWeight})`,
      weight_unit: setResults.weightUnit,
      reps: sql<number>`${setResults.performedReps}`,
      rir: setResults.performedRir,
      rpe: setResults.performedRpe
    })
    .from(setResults)
    .innerJoin(sets, eq(sets.id, setResults.setId))
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .innerJoin(coachClients, eq(coachClients.clientId, workouts.clientId))
    .where(
      and(
        liftsOfCoach(coachId),
        lt(workouts.date, before),
        sql`exists (select 1 from ${setResults} as recent_result
          join ${sets} as recent_set on recent_set.id = recent_result.set_id
          join ${exercises} as recent_exercise on recent_exercise.id = recent_set.exercise_id
          join ${workouts} as recent_workout on recent_workout.id = recent_exercise.workout_id
          where recent_workout.client_id = ${workouts.clientId}
            and recent_exercise.library_id = ${exercises.libraryId}
            and recent_workout.deleted_at is null
            and recent_workout.date between ${span.from} and ${span.to})`
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
