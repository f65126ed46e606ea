import { sql } from "drizzle-orm"
import { PgDialect, type PreparedQueryConfig } from "drizzle-orm/pg-core"
import type { FirebaseUid } from "#domain/ids.ts"
import type { LoggedRow, SetResultUpdate } from "#domain/workout.ts"
import type { Db, RowsResult } from "../db/client.ts"
import { preparedOnce } from "../deadline.ts"
import { exercises, setResults, sets, users, workouts } from "../db/schema.ts"

type LoggedSql = Omit<LoggedRow, "backoff_percent" | "e1rm_percent" | "max_percent">

const value = (name: keyof LogPerformedParameters) => sql.placeholder(name)

/**
 * One statement: the ownership check, the upsert and the answer are a single round trip
 * and atomic on their own, with no BEGIN/COMMIT around them. The prescription columns
 * live in another table and are never touched; the same body twice leaves the same row.
 * Its text is fixed (every value, and whether a field was sent, is a parameter), so it is
 * built once and PostgreSQL parses and plans it once per connection (building
 * it per request was a fifth of the server's time).
 */
const logPerformedStatement = sql`
    with owned as (
      select s.id, w.date::text as date, w.workout_order, e.exercise_order, e.name as exercise,
             e.library_id as exercise_id, s.set_index as set, s.amsap, s.added_by_client as added
      from ${sets} as s
      join ${exercises} as e on e.id = s.exercise_id
      join ${workouts} as w on w.id = e.workout_id
      join ${users} as me on me.id = w.client_id
      where s.id = ${value("setId")}::integer and me.firebase_id = ${value("uid")}::text and me.user_type = 'Client'
        and w.deleted_at is null
    ), logged as (
      insert into ${setResults} as r (set_id, performed_reps, performed_rir, performed_rpe, performed_weight,
                                      weight_unit, skipped)
      select id, ${value("reps")}::integer, ${value("rir")}::double precision,
             ${value("rpe")}::double precision, ${value("weight")}::double precision,
             ${value("weightUnit")}::text, ${value("skipped")}::boolean
      from owned
      on conflict (set_id) do update set
        performed_reps = case when ${value("givenReps")}::boolean then excluded.performed_reps else r.performed_reps end,
        performed_rir = case when ${value("givenRir")}::boolean then excluded.performed_rir else r.performed_rir end,
        performed_rpe = case when ${value("givenRpe")}::boolean then excluded.performed_rpe else r.performed_rpe end,
        performed_weight = case when ${value("givenWeight")}::boolean then excluded.performed_weight
                           else r.performed_weight end,
        weight_unit = case when ${value("givenUnit")}::boolean then excluded.weight_unit else r.weight_unit end,
        skipped = case when ${value("givenSkipped")}::boolean then excluded.skipped else r.skipped end,
        updated_at = now()
      returning set_id, performed_reps, performed_rir, performed_rpe, performed_weight, weight_unit, skipped
    )
    select owned.id, owned.date, owned.workout_order, owned.exercise_order, owned.exercise, owned.exercise_id,
           owned.set, logged.performed_reps as reps, logged.performed_rir as rir, logged.performed_rpe as rpe,
           logged.performed_weight as weight, logged.weight_unit, owned.amsap, owned.added, logged.skipped
    from owned join logged on logged.set_id = owned.id
  `

/**
 * The statement's parameters for an update by the client signed in with `callerUid`: a
 * field left out keeps what is stored, null clears it; a weight sent without its unit is lb.
 */
export const logPerformedParameters = (callerUid: FirebaseUid, update: SetResultUpdate) => ({
  setId: update.id,
  uid: callerUid,
  reps: update.reps ?? null,
  rir: update.rir ?? null,
  rpe: update.rpe ?? null,
  weight: update.weight ?? null,
  weightUnit: update.weight_unit ?? "lb",
  skipped: update.skipped ?? false,
  givenReps: update.reps !== undefined,
  givenRir: update.rir !== undefined,
  givenRpe: update.rpe !== undefined,
  givenWeight: update.weight !== undefined,
  givenUnit: update.weight !== undefined || update.weight_unit !== undefined,
  givenSkipped: update.skipped !== undefined
})
type LogPerformedParameters = ReturnType<typeof logPerformedParameters>

const dialect = new PgDialect()
/** The statement's SQL and parameters (placeholders), as it is prepared. */
export const logPerformedQuery = dialect.sqlToQuery(logPerformedStatement)

// One prepared statement per database: node-postgres names it, so each pooled connection
// parses and plans it on first use only; PGlite runs it with the parameters bound.
const prepared = new WeakMap<Db, { execute: (parameters: LogPerformedParameters) => Promise<RowsResult<LoggedSql>> }>()
const prepareLogPerformed = (db: Db) =>
  db._.session.prepareQuery<PreparedQueryConfig & { execute: RowsResult<LoggedSql> }>(
    logPerformedQuery,
    undefined,
    "log_performed",
    false
  )

/**
 * Writes the performed values present in the update (null clears one, absent keeps it;
 * `skipped` likewise) for a set of the client signed in with this Firebase uid, and
 * answers the logged row; undefined when there is no such set of theirs (or the caller
 * is no client).
 */
export async function logPerformed(
  db: Db,
  callerUid: FirebaseUid,
  update: SetResultUpdate
): Promise<LoggedRow | undefined> {
  // A write on its own: it commits as it runs (docs/decisions/051).
  const answer = await preparedOnce(prepared, db, prepareLogPerformed, "write").execute(
    logPerformedParameters(callerUid, update)
  )
  const [row] = answer.rows
  return row === undefined ? undefined : { ...row, backoff_percent: null, e1rm_percent: null, max_percent: null }
}
