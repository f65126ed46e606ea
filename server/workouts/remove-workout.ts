import { and, eq, sql } from "drizzle-orm"
import type { WorkoutAddress } from "#domain/workout-edits.ts"
import type { Db } from "../db/client.ts"
import { workouts } from "../db/schema.ts"
import { hasExercises } from "./move-workout.ts"

/**
 * Removes the workout at this address (removed: true) or puts it back (false). Nothing
 * else is touched: its prescription, what was logged and its completion stay stored, so
 * putting it back restores it as it was. Removing keeps the first removal's time, so
 * doing it again changes nothing. False when the address never named a workout, or names
 * only the placeholder a move left there (move-workout.ts).
 * The caller has checked that the client is the coach's.
 */
export async function setWorkoutRemoved(db: Db, address: WorkoutAddress, removed: boolean): Promise<boolean> {
  const changed = await db
    .update(workouts)
    .set({ deletedAt: removed ? sql`coalesce(${workouts.deletedAt}, now())` : null })
    .where(
      and(
        eq(workouts.clientId, address.clientId),
        eq(workouts.date, address.date),
        eq(workouts.workoutOrder, address.workoutOrder),
        hasExercises
      )
    )
    .returning({ id: workouts.id })
  return changed.length > 0
}
