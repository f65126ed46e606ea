import { and, eq, sql } from "drizzle-orm"
import * as Effect from "effect/Effect"
import type { VerifiedIdentity } from "#domain/api.ts"
import { BadRequest, type Forbidden } from "#domain/api-errors.ts"
import type { UserId } from "#domain/ids.ts"
import { SAME_DAY, type MovedWorkout, type MoveWorkoutPayload } from "#domain/workout-move.ts"
import { type ClientNotFound, WorkoutNotFound } from "#domain/workout-errors.ts"
import type { Db } from "../db/client.ts"
import { exercises, users, workoutSaveKeys, workouts } from "../db/schema.ts"
import type { Run } from "../services.ts"
import { requireCoachOfClient } from "./coach-access.ts"
import { notRemoved } from "./row-queries.ts"

/*
 * The coach moves a saved workout to another day (POST /api/workout/move). The row itself
 * moves, so its id stays and everything hanging off it (exercises, sets, what was logged,
 * the completion, comments) goes along.
 *
 * Two records keep addresses honest:
 * - The address left behind gets a placeholder: a removed workout with no exercises. It
 *   keeps the day's max(workout_order), so a later save there never takes the order again
 *   (a lifter's queued completion for the old address cannot land on another workout). No
 *   read shows it (it is removed), and restoring or removing it is a 404, as for any address
 *   that holds no workout (remove-workout.ts: only workouts with exercises).
 * - The coach's workout_save_keys gets a key naming the address left, pointing at the
 *   moved workout: sent again after a lost answer, the move finds it and answers where the
 *   workout is. Its form ("move:<client>/<date>/<order>") is outside the [A-Za-z0-9_-] of
 *   the keys a coach sends, so it never meets a save's or an edit's key.
 */

export type MoveOutcome = { readonly _tag: "Moved"; readonly moved: MovedWorkout } | { readonly _tag: "NoSuchWorkout" }

const moveKey = (move: MoveWorkoutPayload) => `move:${move.clientId}/${move.date}/${move.workoutOrder}`

/** A workout row that is a real workout, not the placeholder a move leaves behind. */
export const hasExercises = sql`exists (select 1 from ${exercises} where ${exercises.workoutId} = ${workouts.id})`

/**
 * Moves the workout at the payload's address to `toDate` in one transaction, as its day's
 * next workout_order. The client's row is locked first, as a save and an edit lock it, so
 * two writes for one client never pick the same order. The caller has checked that the
 * client is the coach's and that toDate is another day.
 */
export async function moveWorkout(db: Db, coachId: UserId, move: MoveWorkoutPayload): Promise<MoveOutcome> {
  const from = { date: move.date, workoutOrder: move.workoutOrder }
  return db.transaction(async (tx): Promise<MoveOutcome> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, move.clientId)).for("update")
    const [target] = await tx
      .select({ id: workouts.id, category: workouts.category })
      .from(workouts)
      .where(
        and(
          eq(workouts.clientId, move.clientId),
          eq(workouts.date, move.date),
          eq(workouts.workoutOrder, move.workoutOrder),
          notRemoved,
          hasExercises
        )
      )
      .for("update", { of: workouts })
    if (target === undefined) {
      // Moved already (the answer was lost): where it went, if it is still there.
      const [earlier] = await tx
        .select({ date: workouts.date, workoutOrder: workouts.workoutOrder })
        .from(workoutSaveKeys)
        .innerJoin(workouts, eq(workouts.id, workoutSaveKeys.workoutId))
        .where(and(eq(workoutSaveKeys.coachId, coachId), eq(workoutSaveKeys.key, moveKey(move)), notRemoved))
      if (earlier === undefined || earlier.date !== move.toDate) return { _tag: "NoSuchWorkout" }
      return { _tag: "Moved", moved: { clientId: move.clientId, from, ...earlier } }
    }
    // Removed workouts and placeholders count: an order is never reused.
    const [next] = await tx
      .select({ order: sql<number>`coalesce(max(${workouts.workoutOrder}) + 1, 0)`.mapWith(Number) })
      .from(workouts)
      .where(and(eq(workouts.clientId, move.clientId), eq(workouts.date, move.toDate)))
    const workoutOrder = next?.order ?? 0
    await tx.update(workouts).set({ date: move.toDate, workoutOrder }).where(eq(workouts.id, target.id))
    await tx.insert(workouts).values({
      clientId: move.clientId,
      coachId,
      date: move.date,
      workoutOrder: move.workoutOrder,
      category: target.category,
      deletedAt: sql`now()`
    })
    await tx
      .insert(workoutSaveKeys)
      .values({ coachId, key: moveKey(move), requestHash: move.toDate, workoutId: target.id })
      .onConflictDoUpdate({
        target: [workoutSaveKeys.coachId, workoutSaveKeys.key],
        set: { requestHash: move.toDate, workoutId: target.id }
      })
    return { _tag: "Moved", moved: { clientId: move.clientId, from, date: move.toDate, workoutOrder } }
  })
}

/** The handler's work: only the client's coach, never to the same day, 404 for no workout there. */
export const moveWorkoutFor = (
  run: Run,
  move: MoveWorkoutPayload
): Effect.Effect<MovedWorkout, BadRequest | Forbidden | ClientNotFound | WorkoutNotFound, VerifiedIdentity> =>
  Effect.gen(function* () {
    const coach = yield* requireCoachOfClient(run, move.clientId, "move workouts")
    if (move.toDate === move.date) return yield* new BadRequest({ error: SAME_DAY })
    const outcome = yield* run((db) => moveWorkout(db, coach.id, move))
    if (outcome._tag === "NoSuchWorkout")
      return yield* new WorkoutNotFound({
        error: `workoutOrder: no workout ${move.workoutOrder} on ${move.date} for client ${move.clientId}`
      })
    return outcome.moved
  })
