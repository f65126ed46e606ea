import { and, asc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { linkedNow } from "../clients/current-link.ts"
import { coachClients, exercises, setResults, sets, users, workouts } from "../db/schema.ts"

/** A flat prescription row as the wire carries it (DESIGN 5a); the handler's Schema checks the ranges. */
export interface RowRecord {
  readonly id: number
  readonly date: string
  readonly workout_order: number
  readonly exercise_order: number
  readonly exercise: string
  /** The library exercise; set on every row once the start-up linking has run. */
  readonly exercise_id: string
  readonly set: number
  readonly reps: number | "AMRAP" | null
  readonly rir: number | null
  readonly rpe: number | null
  readonly weight: number | null
  /** The unit `weight` was entered in: the coach's for a prescription, the lifter's for a logged row. */
  readonly weight_unit: string
  readonly backoff_percent: number | null
  readonly e1rm_percent: number | null
  readonly max_percent: number | null
  readonly amsap: boolean
  /** The lifter added this set while logging. */
  readonly added: boolean
}

/**
 * What a client logged for a set: a counted rep number, no percentages (prescription
 * only), and whether the lifter skipped it.
 */
export interface LoggedRecord extends Omit<RowRecord, "reps" | "backoff_percent" | "e1rm_percent" | "max_percent"> {
  readonly reps: number | null
  readonly backoff_percent: null
  readonly e1rm_percent: null
  readonly max_percent: null
  readonly skipped: boolean
}

/** Inclusive days; the contract (ReadRange) has bounded the span before any read. */
export interface DateRange {
  readonly from: string
  readonly to: string
}

export const rowKeyColumns = {
  id: sets.id,
  date: workouts.date,
  workout_order: workouts.workoutOrder,
  exercise_order: exercises.exerciseOrder,
  exercise: exercises.name,
  // Never null once the start-up linking has run (docs/decisions/019).
  exercise_id: sql<string>`${exercises.libraryId}`,
  set: sets.setIndex,
  amsap: sets.amsap,
  added: sets.addedByClient
}

export const prescribedColumns = {
  ...rowKeyColumns,
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

export const asPrescribedRow = ({
  repsAmrap,
  reps,
  ...row
}: Omit<RowRecord, "reps"> & { readonly repsAmrap: boolean; readonly reps: number | null }): RowRecord => ({
  ...row,
  reps: repsAmrap ? "AMRAP" : reps
})

export const asLoggedRow = (
  row: Omit<LoggedRecord, "backoff_percent" | "e1rm_percent" | "max_percent">
): LoggedRecord => ({
  ...row,
  backoff_percent: null,
  e1rm_percent: null,
  max_percent: null
})

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
 * The workout is not removed (issue 15, docs/decisions/024): a removed workout stays
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

// Built once per database: drizzle skips building the SQL again, and PostgreSQL keeps
// the parsed, planned statement per connection (named prepared statements).
function prepareRowQueries(db: Db) {
  return {
    prescribed: db
      .select(prescribedColumns)
      .from(workouts)
      .innerJoin(exercises, eq(exercises.workoutId, workouts.id))
      .innerJoin(sets, eq(sets.exerciseId, exercises.id))
      .where(clientDays)
      .orderBy(...rowOrder)
      .prepare("prescribed_rows_readable_by"),
    logged: db
      .select(loggedColumns)
      .from(workouts)
      .innerJoin(exercises, eq(exercises.workoutId, workouts.id))
      .innerJoin(sets, eq(sets.exerciseId, exercises.id))
      .innerJoin(setResults, eq(setResults.setId, sets.id))
      .where(and(clientDays, somethingLogged))
      .orderBy(...rowOrder)
      .prepare("logged_rows_readable_by")
  }
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareRowQueries>>()
const queriesFor = (db: Db) => {
  let queries = prepared.get(db)
  if (queries === undefined) {
    queries = prepareRowQueries(db)
    prepared.set(db, queries)
  }
  return queries
}

/** The SQL and parameters of a prepared read, for the benchmark's baseline (scripts/bench-baseline.ts). */
export const rowQueryText = (db: Db, which: "prescribed" | "logged") => queriesFor(db)[which].getQuery()

export const parameters = (callerUid: string, client: number, range: DateRange) => ({
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
  callerUid: string,
  client: number,
  range: DateRange
): Promise<ReadonlyArray<RowRecord>> {
  const rows = await queriesFor(db).prescribed.execute(parameters(callerUid, client, range))
  return rows.map(asPrescribedRow)
}

/** What the client logged (sets with at least one logged value, or skipped); empty as above. */
export async function loggedRowsReadableBy(
  db: Db,
  callerUid: string,
  client: number,
  range: DateRange
): Promise<ReadonlyArray<LoggedRecord>> {
  const rows = await queriesFor(db).logged.execute(parameters(callerUid, client, range))
  return rows.map(asLoggedRow)
}
