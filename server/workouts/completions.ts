import { asc, eq, sql } from "drizzle-orm"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { FirebaseUid, UserId } from "#domain/ids.ts"
import type { Db } from "../db/client.ts"
import { preparedOnce } from "../deadline.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { users, workoutCompletions, workouts } from "../db/schema.ts"
import { clientDays, parameters, type DateRange } from "./row-queries.ts"

type StoredTimes = Omit<WorkoutCompletion, "date" | "workout_order">

/**
 * Records that the client signed in with this uid did their workout `workout_order` on
 * `date`. The first submission is the record: submitting again (a retry, or the workout
 * reopened to correct a value and submitted anew) stores nothing and answers the record
 * kept, so fixing a typo the next day never makes the workout look done that day, in a
 * minute. One statement: the ownership check, the insert and the answer are one round
 * trip. Undefined when the caller has no such workout (or is no client).
 */
export async function completeWorkout(
  db: Db,
  callerUid: FirebaseUid,
  completion: WorkoutCompletion
): Promise<WorkoutCompletion | undefined> {
  const answer = await db.execute<StoredTimes>(sql`
    with target as (
      select w.id
      from ${workouts} as w
      join ${users} as me on me.id = w.client_id
      where me.firebase_id = ${callerUid} and me.user_type = 'Client'
        and w.date = ${completion.date} and w.workout_order = ${completion.workout_order}
        and w.deleted_at is null
    ), inserted as (
      insert into ${workoutCompletions} (workout_id, started_at, ended_at, duration_seconds)
      select id, ${completion.started_at}::timestamptz, ${completion.ended_at}::timestamptz,
             ${completion.duration_seconds}::integer
      from target
      on conflict (workout_id) do nothing
      returning started_at, ended_at, duration_seconds
    ), kept as (
      select started_at, ended_at, duration_seconds from inserted
      union all
      select c.started_at, c.ended_at, c.duration_seconds
      from ${workoutCompletions} as c join target on c.workout_id = target.id
      where not exists (select 1 from inserted)
    )
    select ${isoInstant(sql`started_at`)} as started_at, ${isoInstant(sql`ended_at`)} as ended_at, duration_seconds
    from kept
  `)
  const [row] = answer.rows
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
  callerUid: FirebaseUid,
  client: UserId,
  range: DateRange
): Promise<ReadonlyArray<WorkoutCompletion>> {
  return preparedOnce(prepared, db, prepareCompletions).execute(parameters(callerUid, client, range))
}
