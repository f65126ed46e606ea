import { and, desc, eq, sql } from "drizzle-orm"
import { alias } from "drizzle-orm/pg-core"
import type { FirebaseUid, SetId } from "#domain/ids.ts"
import type { AddLoggedSetPayload, WorkoutRow } from "#domain/workout.ts"
import type { Db } from "../db/client.ts"
import { exercises, loggedSetKeys, sets, users, workouts } from "../db/schema.ts"
import { asPrescribedRow, notRemoved, prescribedColumns } from "./row-queries.ts"

/** What adding a set while logging came to. */
export type AddSetOutcome =
  | { readonly _tag: "Added"; readonly row: WorkoutRow }
  /** No such set among the caller's workouts, or the caller is no client. */
  | { readonly _tag: "NoSuchSet" }
  /** The key already added a set after another set. */
  | { readonly _tag: "KeyReused" }
  /** The exercise already holds the most sets a workout may have per exercise. */
  | { readonly _tag: "ExerciseFull" }

const anchor = alias(sets, "anchor")

/**
 * Adds a set to the exercise of `afterSetId` for the client signed in with this uid: it
 * follows the exercise's last set and copies that set's prescription, marked as added.
 *
 * One transaction that first locks the client's user row, so one client's additions
 * queue up: two sent at once with the same key (a retry racing the original) find the
 * key the first one stored instead of both adding, and two different additions to one
 * exercise never pick the same set index or pass the cap together. The key is looked
 * up before anything else, so a retry answers its set even after the exercise filled up.
 */
export async function addLoggedSet(
  db: Db,
  callerUid: FirebaseUid,
  request: AddLoggedSetPayload,
  maxSets: number
): Promise<AddSetOutcome> {
  const stored = await db.transaction(async (tx) => {
    const [me] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.firebaseId, callerUid), eq(users.userType, "Client")))
      .for("update")
    if (me === undefined) return "NoSuchSet" as const
    const [earlier] = await tx
      .select({ setId: loggedSetKeys.setId, afterSetId: loggedSetKeys.afterSetId })
      .from(loggedSetKeys)
      .where(and(eq(loggedSetKeys.clientId, me.id), eq(loggedSetKeys.key, request.idempotencyKey)))
    if (earlier !== undefined) return earlier.afterSetId === request.afterSetId ? earlier.setId : ("KeyReused" as const)
    // The exercise's last set, which the new one follows and copies, and how many it holds.
    const [tail] = await tx
      .select({
        exerciseId: sets.exerciseId,
        setIndex: sets.setIndex,
        amsap: sets.amsap,
        repsAmrap: sets.repsAmrap,
        reps: sets.reps,
        rpe: sets.rpe,
        rir: sets.rir,
        weight: sets.weight,
        weightUnit: sets.weightUnit,
        backoffPercent: sets.backoffPercent,
        e1rmPercent: sets.e1rmPercent,
        maxPercent: sets.maxPercent,
        count:
          sql<number>`(select count(*) from ${sets} as counted where counted.exercise_id = ${anchor.exerciseId})`.mapWith(
            Number
          )
      })
      .from(anchor)
      .innerJoin(exercises, eq(exercises.id, anchor.exerciseId))
      .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
      .innerJoin(sets, eq(sets.exerciseId, anchor.exerciseId))
      .where(and(eq(anchor.id, request.afterSetId), eq(workouts.clientId, me.id), notRemoved))
      .orderBy(desc(sets.setIndex))
      .limit(1)
    if (tail === undefined) return "NoSuchSet" as const
    const { count, setIndex, ...prescription } = tail
    if (count >= maxSets) return "ExerciseFull" as const
    const [added] = await tx
      .insert(sets)
      .values({ ...prescription, setIndex: setIndex + 1, addedByClient: true })
      .returning({ id: sets.id })
    if (added === undefined) throw new Error("insert returned no set")
    await tx.insert(loggedSetKeys).values({
      clientId: me.id,
      key: request.idempotencyKey,
      setId: added.id,
      afterSetId: request.afterSetId
    })
    return added.id
  })
  if (typeof stored === "string") return { _tag: stored }
  const [row] = await db
    .select(prescribedColumns)
    .from(sets)
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(and(eq(sets.id, stored), notRemoved))
  // Removed between the commit and this read: it is gone, as any later read would say.
  return row === undefined ? { _tag: "NoSuchSet" } : { _tag: "Added", row: asPrescribedRow(row) }
}

/** What removing a set came to. */
export type RemoveSetOutcome = "Removed" | "NoSuchSet" | "Prescribed"

/**
 * Removes a set the client signed in with this uid added while logging; what they
 * logged for it goes with it (set_results cascades). One statement: the ownership
 * check, the refusal of a prescribed set and the delete are one round trip.
 */
export async function removeLoggedSet(db: Db, callerUid: FirebaseUid, setId: SetId): Promise<RemoveSetOutcome> {
  const answer = await db.execute<{ readonly added: boolean; readonly removed: boolean }>(sql`
    with target as (
      select s.id, s.added_by_client as added
      from ${sets} as s
      join ${exercises} as e on e.id = s.exercise_id
      join ${workouts} as w on w.id = e.workout_id
      join ${users} as me on me.id = w.client_id
      where s.id = ${setId} and me.firebase_id = ${callerUid} and me.user_type = 'Client'
        and w.deleted_at is null
    ), removed as (
      delete from ${sets} where id in (select id from target where added) returning id
    )
    select target.added, removed.id is not null as removed
    from target left join removed on removed.id = target.id
  `)
  const [row] = answer.rows
  if (row === undefined) return "NoSuchSet"
  return row.removed ? "Removed" : "Prescribed"
}
