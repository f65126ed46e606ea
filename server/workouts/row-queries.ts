import { and, asc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm"
import type { PgSelect } from "drizzle-orm/pg-core"
import type { Db } from "../db/client.ts"
import { preparedOnce } from "../deadline.ts"
import { preparedRows, shapedRow, type RowShape } from "../db/rows-once.ts"
import { linkedNow } from "../clients/current-link.ts"
import type { IsoDate } from "#domain/calendar.ts"
import { type ExerciseDetails, presentDetails } from "#domain/exercise-details.ts"
import type { ExerciseId } from "#domain/exercises.ts"
import type { FirebaseUid, UserId } from "#domain/ids.ts"
import { AMRAP, type RepCount } from "#domain/set-fields.ts"
import type { LoggedRow, WorkoutRow } from "#domain/workout.ts"
import { coachClients, exerciseDemos, exercises, setResults, sets, users, workouts } from "../db/schema.ts"

/*
 * The flat rows of the contract (WorkoutRow, LoggedRow), read as they are answered. A
 * prescription's `weight_unit` is the coach's; a logged row's is the lifter's.
 */

/** Inclusive days; the contract (ReadRange) has bounded the span before any read. */
export interface DateRange {
  readonly from: IsoDate
  readonly to: IsoDate
}

export const rowKeyColumns = {
  id: sets.id,
  date: workouts.date,
  workout_order: workouts.workoutOrder,
  exercise_order: exercises.exerciseOrder,
  exercise: exercises.name,
  // Never null once the start-up linking has run (docs/decisions/019).
  exercise_id: sql<ExerciseId>`${exercises.libraryId}`,
  set: sets.setIndex,
  amsap: sets.amsap,
  added: sets.addedByClient
}

export const prescribedColumns = {
  ...rowKeyColumns,
  workout_title: workouts.title,
  superset: exercises.superset,
  rest_seconds: exercises.restSeconds,
  tempo: exercises.tempo,
  note: exercises.note,
  // The demo the workout's coach set for the exercise (docs/decisions/048): one primary-key lookup.
  demo_url: sql<
    string | null
  >`(select ${exerciseDemos.url} from ${exerciseDemos} where ${exerciseDemos.coachId} = ${workouts.coachId} and ${exerciseDemos.exerciseId} = ${exercises.libraryId})`,
  // The workout came from the lifter's import of another app's logbook (docs/decisions/049).
  imported: sql<boolean>`(${workouts.importId} is not null)`.mapWith(Boolean),
  repsAmrap: sets.repsAmrap,
  reps: sets.reps,
  rir: sets.rir,
  rpe: sets.rpe,
  weight: sets.weight,
  weight_unit: sets.weightUnit,
  backoff_percent: sets.backoffPercent,
  e1rm_percent: sets.e1rmPercent,
  max_percent: sets.maxPercent
}

export const loggedColumns = {
  ...rowKeyColumns,
  reps: setResults.performedReps,
  rir: setResults.performedRir,
  rpe: setResults.performedRpe,
  weight: setResults.performedWeight,
  weight_unit: setResults.weightUnit,
  skipped: setResults.skipped
}

export const rowOrder = [
  asc(workouts.date),
  asc(workouts.workoutOrder),
  asc(exercises.exerciseOrder),
  asc(sets.setIndex)
]

type PrescribedSelection = Omit<
  WorkoutRow,
  "reps" | "workout_title" | "demo_url" | "imported" | keyof ExerciseDetails
> & {
  readonly demo_url: string | null
  readonly imported: boolean
  readonly repsAmrap: boolean
  readonly reps: RepCount | null
  readonly workout_title: string | null
  readonly superset: string | null
  readonly rest_seconds: number | null
  readonly tempo: string | null
  readonly note: string | null
}

// Title, details and `imported` are answered only where set, so a plain workout's rows
// read as they always did.
const prescribedTaken = [
  "repsAmrap",
  "reps",
  "workout_title",
  "superset",
  "rest_seconds",
  "tempo",
  "note",
  "demo_url",
  "imported"
] as const
const prescribedShape: RowShape<PrescribedSelection, (typeof prescribedTaken)[number], WorkoutRow> = {
  taken: prescribedTaken,
  finish: (row, taken) =>
    Object.assign(row, {
      reps: taken.repsAmrap ? AMRAP : taken.reps,
      ...(taken.workout_title === null ? {} : { workout_title: taken.workout_title }),
      ...(taken.demo_url === null ? {} : { demo_url: taken.demo_url }),
      ...presentDetails(taken),
      ...(taken.imported ? { imported: true as const } : {})
    })
}

// A logged set has no percentages: they are the prescription's.
const loggedShape: RowShape<Omit<LoggedRow, "backoff_percent" | "e1rm_percent" | "max_percent">, never, LoggedRow> = {
  taken: [],
  finish: (row) => Object.assign(row, { backoff_percent: null, e1rm_percent: null, max_percent: null })
}

export const asPrescribedRow = shapedRow(prescribedColumns, prescribedShape)

export const asLoggedRow = shapedRow(loggedColumns, loggedShape)

// A skipped set is listed too, with nothing logged: the lifter's answer for that set.
const somethingLogged = or(
  isNotNull(setResults.performedReps),
  isNotNull(setResults.performedRir),
  isNotNull(setResults.performedRpe),
  isNotNull(setResults.performedWeight),
  eq(setResults.skipped, true)
)

const uid = sql.placeholder("uid")
const clientId = sql.placeholder("clientId")

/**
 * The caller (by Firebase uid) may read this client's workouts: the client themself,
 * or their coach. Written into the read itself so an allowed read is one round trip;
 * it does not depend on the row, so PostgreSQL evaluates it once per query.
 */
export const readableByCaller = sql`exists (
  select 1 from ${users} as me
  where me.firebase_id = ${uid} and (
    (me.user_type = 'Client' and me.id = ${clientId})
    or (me.user_type = 'Coach' and exists (
      select 1 from ${coachClients} where ${linkedNow(sql`me.id`, clientId)}
    ))
  )
)`

/**
 * The workout is not removed (docs/decisions/024): a removed workout stays
 * stored until it is restored, and every read and write of workouts leaves it out with this.
 */
export const notRemoved = isNull(workouts.deletedAt)

/** The client's workouts on the days from..to, if the caller may read them (placeholders uid, clientId, from, to). */
export const clientDays: SQL | undefined = and(
  eq(workouts.clientId, clientId),
  notRemoved,
  gte(workouts.date, sql.placeholder("from")),
  lte(workouts.date, sql.placeholder("to")),
  readableByCaller
)

/**
 * Every set with its exercise and workout: the joins both reads make, onto a select from
 * workouts. It takes the select rather than its columns: drizzle's types cannot join twice
 * onto a select whose columns are a type parameter.
 */
export const setRows = <Select extends PgSelect>(fromWorkouts: Select) =>
  fromWorkouts
    .innerJoin(exercises, eq(exercises.workoutId, workouts.id))
    .innerJoin(sets, eq(sets.exerciseId, exercises.id))

// Built once per database: drizzle skips building the SQL again, and PostgreSQL keeps
// the parsed, planned statement per connection (named prepared statements). Each row is
// decoded by decoders found once (db/rows-once.ts).
function prepareRowQueries(db: Db) {
  return {
    prescribed: preparedRows(
      db,
      "prescribed_rows_readable_by",
      prescribedColumns,
      setRows(db.select(prescribedColumns).from(workouts).$dynamic())
        .where(clientDays)
        .orderBy(...rowOrder),
      prescribedShape
    ),
    logged: preparedRows(
      db,
      "logged_rows_readable_by",
      loggedColumns,
      setRows(db.select(loggedColumns).from(workouts).$dynamic())
        .innerJoin(setResults, eq(setResults.setId, sets.id))
        .where(and(clientDays, somethingLogged))
        .orderBy(...rowOrder),
      loggedShape
    )
  }
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareRowQueries>>()
const queriesFor = (db: Db) => preparedOnce(prepared, db, prepareRowQueries)

/** The SQL and parameters of a prepared read, for the benchmark's baseline (scripts/bench-baseline.ts). */
export const rowQueryText = (db: Db, which: "prescribed" | "logged") => queriesFor(db)[which].getQuery()

export const parameters = (callerUid: FirebaseUid, client: UserId, range: DateRange) => ({
  uid: callerUid,
  clientId: client,
  from: range.from,
  to: range.to
})

/**
 * The prescription, one row per set, of the days in range; empty when the caller may
 * not read this client (the handler then finds out why, off the hot path).
 */
export async function prescribedRowsReadableBy(
  db: Db,
  callerUid: FirebaseUid,
  client: UserId,
  range: DateRange
): Promise<ReadonlyArray<WorkoutRow>> {
  return queriesFor(db).prescribed.execute(parameters(callerUid, client, range))
}

/** What the client logged (sets with at least one logged value, or skipped); empty as above. */
export async function loggedRowsReadableBy(
  db: Db,
  callerUid: FirebaseUid,
  client: UserId,
  range: DateRange
): Promise<ReadonlyArray<LoggedRow>> {
  return queriesFor(db).logged.execute(parameters(callerUid, client, range))
}
