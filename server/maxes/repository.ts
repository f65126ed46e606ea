import { and, desc, eq, sql } from "drizzle-orm"
import type { FirebaseUid, UserId } from "#domain/ids.ts"
import type { NewTestedMax, TestedMax } from "#domain/maxes.ts"
import type { Db } from "../db/client.ts"
import { preparedOnce } from "../deadline.ts"
import { linkedNow } from "../clients/current-link.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { clientMaxes, coachClients } from "../db/schema.ts"
import { readableByCaller } from "../workouts/row-queries.ts"

/**
 * Stores the coach's entry for their client and answers it as stored. Insert only: an
 * earlier entry for the exercise stays, as its history. The link to the client is checked
 * in the same statement, so an entry is never stored for someone else's client.
 * Undefined when the client is not on this coach's list.
 */
export async function addMax(db: Db, coachId: UserId, entry: NewTestedMax): Promise<TestedMax | undefined> {
  const answer = await db.execute<TestedMax>(sql`
    insert into ${clientMaxes} (client_id, exercise_id, value, unit, set_on, recorded_by)
    select ${coachClients.clientId}, ${entry.exercise_id}, ${entry.value}::double precision, ${entry.unit},
           ${entry.set_on}::date, ${coachClients.coachId}
    from ${coachClients}
    where ${linkedNow(coachId, entry.clientId)}
    returning exercise_id, value, unit, set_on::text as set_on, ${isoInstant(sql`recorded_at`)} as recorded_at
  `)
  return answer.rows[0]
}

// Built once per database, like the row reads (workouts/row-queries.ts).
function prepareMaxes(db: Db) {
  return (
    db
      .select({
        exercise_id: clientMaxes.exerciseId,
        value: clientMaxes.value,
        unit: clientMaxes.unit,
        set_on: clientMaxes.setOn,
        recorded_at: isoInstant(clientMaxes.recordedAt)
      })
      .from(clientMaxes)
      .where(and(eq(clientMaxes.clientId, sql.placeholder("clientId")), readableByCaller))
      // The id last: two entries recorded in the same instant keep the order they were entered in.
      .orderBy(desc(clientMaxes.setOn), desc(clientMaxes.recordedAt), desc(clientMaxes.id))
      .prepare("client_maxes_readable_by")
  )
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareMaxes>>()

/**
 * Every tested max of the client, newest first (set_on, then recorded_at), if the caller
 * (by Firebase uid) may read them: the client themself or their coach. Empty otherwise;
 * the handler then finds out why.
 */
export async function maxesReadableBy(
  db: Db,
  callerUid: FirebaseUid,
  client: UserId
): Promise<ReadonlyArray<TestedMax>> {
  return preparedOnce(prepared, db, prepareMaxes).execute({ uid: callerUid, clientId: client })
}
