import { asc, eq, sql, type SQLWrapper } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { users, workoutCompletions, workouts } from "../db/schema.ts"
import { clientDays, parameters, type DateRange } from "./row-queries.ts"

/** A completion as the wire carries it (WorkoutCompletion); the handler's Schema checks it on the way out. */
export type CompletionRecord = {
  readonly date: string
  readonly workout_order: number
  readonly started_at: string
  readonly ended_at: string
  readonly duration_seconds: number
}

type StoredTimes = Omit<CompletionRecord, "date" | "workout_order">

// Date#toISOString's form ("2026-11-23T17:05:00.000Z") made by the database, so both
// drivers answer the same text whatever their own parsing of timestamps.
const isoInstant = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * Records that the client signed in with this uid did their workout `workout_order` on
 * `date`, replacing an earlier record of it (PUT: the same body twice leaves one record).
 * One statement: the ownership check and the upsert are one round trip. Undefined when
 * the caller has no such workout (or is no client).
 */
export async function completeWorkout(
  db: Db,
  callerUid: string,
  completion: CompletionRecord
): Promise<CompletionRecord | undefined> {
  const answer = await db.execute<StoredTimes>(sql`
    with target as (
      select w.id
      from ${workouts} as w
      join ${users} as me on me.id = w.client_id
      where me.firebase_id = ${callerUid} and me.user_type = 'Client'
        and w.date = ${completion.date} and w.workout_order = ${completion.workout_order}
    ), stored as (
      insert into ${workoutCompletions} as c (workout_id, started_at, ended_at, duration_seconds)
      select id, ${completion.started_at}::timestamptz, ${completion.ended_at}::timestamptz,
             ${completion.duration_seconds}::integer
      from target
      on conflict (workout_id) do update set
        started_at = excluded.started_at,
        ended_at = excluded.ended_at,
        duration_seconds = excluded.duration_seconds,
        updated_at = now()
      returning c.started_at, c.ended_at, c.duration_seconds
    )
    select ${isoInstant(sql`started_at`)} as started_at, ${isoInstant(sql`ended_at`)} as ended_at, duration_seconds
    from stored
  `)
  // PGlite and node-postgres both answer {rows}; the Db type leaves the driver's result open.
  const [row] = (answer as { readonly rows: ReadonlyArray<StoredTimes> }).rows
  return row === undefined ? undefined : { date: completion.date, workout_order: completion.workout_order, ...row }
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareCompletions>>()

// Built once per database, like the row reads (row-queries.ts).
function prepareCompletions(db: Db) {
  return db
    .select({
      date: workouts.date,
      workout_order: workouts.workoutOrder,
      started_at: isoInstant(workoutCompletions.startedAt),
      ended_at: isoInstant(workoutCompletions.endedAt),
      duration_seconds: workoutCompletions.durationSeconds
    })
    .from(workoutCompletions)
    .innerJoin(workouts, eq(workouts.id, workoutCompletions.workoutId))
    .where(clientDays)
    .orderBy(asc(workouts.date), asc(workouts.workoutOrder))
    .prepare("workout_completions_readable_by")
}

/** The client's completed workouts on the days in range, by date and order; empty when the caller may not read them. */
export async function completionsReadableBy(
  db: Db,
  callerUid: string,
  client: number,
  range: DateRange
): Promise<ReadonlyArray<CompletionRecord>> {
  let query = prepared.get(db)
  if (query === undefined) {
    query = prepareCompletions(db)
    prepared.set(db, query)
  }
  return query.execute(parameters(callerUid, client, range))
}
