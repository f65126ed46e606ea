import { count, eq, inArray } from "drizzle-orm"
import { UserId } from "#domain/ids.ts"
import type { Db } from "#server/db/client.ts"
import { exercises, sets, workouts } from "#server/db/schema.ts"

/** How many workouts and set rows these clients have stored: what a refused or rolled-back write must leave alone. */
export async function storedRowsFor(db: Db, clientIds: ReadonlyArray<number>) {
  const ids = clientIds.map((id) => UserId.make(id))
  const [workoutRows] = await db.select({ n: count() }).from(workouts).where(inArray(workouts.clientId, ids))
  const [setRows] = await db
    .select({ n: count() })
    .from(sets)
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(inArray(workouts.clientId, ids))
  return { workouts: workoutRows?.n, sets: setRows?.n }
}
