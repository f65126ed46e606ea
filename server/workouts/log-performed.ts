import { sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { exercises, setResults, sets, users, workouts } from "../db/schema.ts"
import type { LoggedRecord } from "./row-queries.ts"

export interface PerformedUpdate {
  readonly setId: number
  readonly reps?: number | null
  readonly rir?: number | null
  readonly rpe?: number | null
  readonly weight?: number | null
  /** The unit of `weight`; lb when a weight is sent without one. */
  readonly weightUnit?: string
  readonly skipped?: boolean
}

type LoggedSql = Omit<LoggedRecord, "backoff_percent" | "e1rm_percent" | "max_percent">

const given = (value: unknown) => value !== undefined

/**
 * Writes the performed values present in the update (null clears one, absent keeps it;
 * `skipped` likewise) for a set of the client signed in with this Firebase uid, and
 * answers the logged row; undefined when there is no such set of theirs (or the caller
 * is no client).
 *
 * One statement: the ownership check, the upsert and the answer are a single round trip
 * and atomic on their own, with no BEGIN/COMMIT around them. The prescription columns
 * live in another table and are never touched; the same body twice leaves the same row.
 */
export async function logPerformed(
  db: Db,
  callerUid: string,
  update: PerformedUpdate
): Promise<LoggedRecord | undefined> {
  const answer = await db.execute<LoggedSql>(sql`
    with owned as (
      select s.id, w.date::text as date, w.workout_order, e.exercise_order, e.name as exercise,
             e.library_id as exercise_id, s.set_index as set, s.amsap, s.added_by_client as added
      from ${sets} as s
      join ${exercises} as e on e.id = s.exercise_id
      join ${workouts} as w on w.id = e.workout_id
      join ${users} as me on me.id = w.client_id
      where s.id = ${update.setId} and me.firebase_id = ${callerUid} and me.user_type = 'Client'
        and w.deleted_at is null
    ), logged as (
      insert into ${setResults} as r (set_id, performed_reps, performed_rir, performed_rpe, performed_weight,
                                      weight_unit, skipped)
      select id, ${update.reps ?? null}::integer, ${update.rir ?? null}::double precision,
             ${update.rpe ?? null}::double precision, ${update.weight ?? null}::double precision,
             ${update.weightUnit ?? "lb"}::text, ${update.skipped ?? false}::boolean
      from owned
      on conflict (set_id) do update set
        performed_reps = case when ${given(update.reps)} then excluded.performed_reps else r.performed_reps end,
        performed_rir = case when ${given(update.rir)} then excluded.performed_rir else r.performed_rir end,
        performed_rpe = case when ${given(update.rpe)} then excluded.performed_rpe else r.performed_rpe end,
        performed_weight = case when ${given(update.weight)} then excluded.performed_weight else r.performed_weight end,
        weight_unit = case when ${given(update.weight) || given(update.weightUnit)} then excluded.weight_unit
                      else r.weight_unit end,
        skipped = case when ${given(update.skipped)} then excluded.skipped else r.skipped end,
        updated_at = now()
      returning set_id, performed_reps, performed_rir, performed_rpe, performed_weight, weight_unit, skipped
    )
    select owned.id, owned.date, owned.workout_order, owned.exercise_order, owned.exercise, owned.exercise_id,
           owned.set, logged.performed_reps as reps, logged.performed_rir as rir, logged.performed_rpe as rpe,
           logged.performed_weight as weight, logged.weight_unit, owned.amsap, owned.added, logged.skipped
    from owned join logged on logged.set_id = owned.id
  `)
  // PGlite and node-postgres both answer {rows}; the Db type leaves the driver's result open.
  const [row] = (answer as { readonly rows: ReadonlyArray<LoggedSql> }).rows
  return row === undefined ? undefined : { ...row, backoff_percent: null, e1rm_percent: null, max_percent: null }
}
