import { createHash } from "node:crypto"
import { and, asc, eq, inArray, sql } from "drizzle-orm"
import type { UserId, SetId } from "#domain/ids.ts"
import type { EditWorkoutPayload } from "#domain/workout-edits.ts"
import type { WorkoutRow } from "#domain/workout.ts"
import type { Db } from "../db/client.ts"
import { exercises, setResults, sets, users, workoutSaveKeys, workouts } from "../db/schema.ts"
import { detailColumns, linkNames, prescription, requestHash, workoutRows } from "./repository.ts"
import { notRemoved } from "./row-queries.ts"

export type EditOutcome =
  | { readonly _tag: "Edited"; readonly rows: ReadonlyArray<WorkoutRow> }
  | { readonly _tag: "NoSuchWorkout" }
  | { readonly _tag: "SetNotInWorkout"; readonly setId: SetId }
  | { readonly _tag: "SetListedTwice"; readonly setId: SetId }
  /** Sets left out of the edit have logged results and discardLogged was not sent. */
  | { readonly _tag: "LoggedSetsWouldGo"; readonly count: number }
  /** The key already named another save or edit. */
  | { readonly _tag: "KeyReused" }

type Refusal = Exclude<EditOutcome, { readonly _tag: "Edited" }>

const sentSetIds = (edit: EditWorkoutPayload) =>
  edit.workout.flatMap((exercise) => exercise.sets.flatMap((set) => (set.id === undefined ? [] : [set.id])))

/**
 * What makes two edits the same: the address, the content as a save hashes it, which
 * sets are kept where, and discardLogged. Tagged so a save's key never passes for an edit's.
 */
const editHash = (edit: EditWorkoutPayload): string =>
  createHash("sha256")
    .update(
      JSON.stringify([
        "edit",
        edit.workoutOrder,
        edit.discardLogged === true,
        requestHash(edit),
        edit.workout.map((exercise) => exercise.sets.map((set) => set.id ?? null))
      ])
    )
    .digest("base64url")

/**
 * Replaces the content of a saved workout in one transaction, keeping the sets sent with
 * their ids (and so what the client logged for them) and deleting the sets left out.
 *
 * The client's user row is locked first, as saveWorkout and a lifter's added set lock
 * it, so edits, saves and additions for one client queue up; the workout's sets are then
 * locked so a result logged meanwhile is counted before its set may go. Exercise rows are
 * reused by position. With the key already used the edit answers the workout as it is
 * (same body) or KeyReused (another body); a refused edit claims no key and changes nothing.
 */
export async function editWorkout(db: Db, coachId: UserId, edit: EditWorkoutPayload): Promise<EditOutcome> {
  const idempotencyKey = edit.idempotencyKey
  const hash = editHash(edit)
  const outcome = await db.transaction(async (tx): Promise<Refusal | { readonly workoutId: number }> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, edit.clientId)).for("update")
    const [earlier] = await tx
      .select({ workoutId: workoutSaveKeys.workoutId, requestHash: workoutSaveKeys.requestHash })
      .from(workoutSaveKeys)
      .where(and(eq(workoutSaveKeys.coachId, coachId), eq(workoutSaveKeys.key, idempotencyKey)))
    if (earlier !== undefined) {
      if (earlier.requestHash !== hash) return { _tag: "KeyReused" }
      return earlier.workoutId === null ? { _tag: "NoSuchWorkout" } : { workoutId: earlier.workoutId }
    }
    const [target] = await tx
      .select({ id: workouts.id })
      .from(workouts)
      .where(
        and(
          eq(workouts.clientId, edit.clientId),
          eq(workouts.date, edit.date),
          eq(workouts.workoutOrder, edit.workoutOrder),
          notRemoved
        )
      )
      .for("update")
    if (target === undefined) return { _tag: "NoSuchWorkout" }
    const current = await tx
      .select({
        id: sets.id,
        logged: sql<boolean>`exists (select 1 from ${setResults} where ${setResults.setId} = ${sets.id})`
      })
      .from(sets)
      .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
      .where(eq(exercises.workoutId, target.id))
      .for("update", { of: sets })
    const refusal = refusalOf(edit, current)
    if (refusal !== undefined) return refusal
    // Taken meanwhile only by the same coach's request for another client (the lock is per client).
    const [claimed] = await tx
      .insert(workoutSaveKeys)
      .values({ coachId, key: idempotencyKey, requestHash: hash, workoutId: target.id })
      .onConflictDoNothing()
      .returning({ key: workoutSaveKeys.key })
    if (claimed === undefined) return { _tag: "KeyReused" }
    await replaceContent(tx, target.id, coachId, edit, current)
    return { workoutId: target.id }
  })
  if (!("workoutId" in outcome)) return outcome
  return { _tag: "Edited", rows: await workoutRows(db, outcome.workoutId) }
}

type CurrentSet = { readonly id: SetId; readonly logged: boolean }

/** Why the edit may not be applied to the workout's current sets, if it may not. */
function refusalOf(edit: EditWorkoutPayload, current: ReadonlyArray<CurrentSet>): Refusal | undefined {
  const present = new Set(current.map((set) => set.id))
  const kept = new Set<SetId>()
  for (const id of sentSetIds(edit)) {
    if (!present.has(id)) return { _tag: "SetNotInWorkout", setId: id }
    if (kept.has(id)) return { _tag: "SetListedTwice", setId: id }
    kept.add(id)
  }
  const count = current.filter((set) => set.logged && !kept.has(set.id)).length
  return count > 0 && edit.discardLogged !== true ? { _tag: "LoggedSetsWouldGo", count } : undefined
}

/**
 * Rewrites the workout's exercises and sets as the edit lists them. Kept sets and reused
 * exercises are first parked at negative positions (minus their id, unique), so moving
 * them to their new places never meets the unique (exercise_id, set_index) or
 * (workout_id, exercise_order) of a row not yet moved.
 */
async function replaceContent(
  tx: Db,
  workoutId: number,
  coachId: UserId,
  edit: EditWorkoutPayload,
  current: ReadonlyArray<CurrentSet>
) {
  await tx
    .update(workouts)
    .set({ title: edit.title ?? null })
    .where(eq(workouts.id, workoutId))
  const kept = new Set(sentSetIds(edit))
  const dropped = current.filter((set) => !kept.has(set.id)).map((set) => set.id)
  if (dropped.length > 0) await tx.delete(sets).where(inArray(sets.id, dropped))
  if (kept.size > 0)
    await tx
      .update(sets)
      .set({ setIndex: sql`0 - ${sets.id}` })
      .where(inArray(sets.id, [...kept]))
  const existing = await tx
    .select({ id: exercises.id })
    .from(exercises)
    .where(eq(exercises.workoutId, workoutId))
    .orderBy(asc(exercises.exerciseOrder))
  await tx
    .update(exercises)
    .set({ exerciseOrder: sql`0 - ${exercises.id}` })
    .where(eq(exercises.workoutId, workoutId))
  const libraryIds = await linkNames(tx, coachId, edit.workout)
  const exerciseIds: Array<number> = []
  for (const [order, exercise] of edit.workout.entries()) {
    const row = { exerciseOrder: order, name: exercise.name, libraryId: libraryIds[order], ...detailColumns(exercise) }
    const reused = existing[order]
    if (reused === undefined) {
      const [created] = await tx
        .insert(exercises)
        .values({ workoutId, ...row })
        .returning({ id: exercises.id })
      if (created === undefined) throw new Error("insert returned no exercise")
      exerciseIds.push(created.id)
    } else {
      await tx.update(exercises).set(row).where(eq(exercises.id, reused.id))
      exerciseIds.push(reused.id)
    }
  }
  const added = []
  for (const [order, exercise] of edit.workout.entries()) {
    const exerciseId = exerciseIds[order] ?? 0
    for (const [setIndex, set] of exercise.sets.entries()) {
      const values = {
        exerciseId,
        setIndex,
        amsap: set.amsap,
        weightUnit: set.weight_unit ?? "lb",
        rir: null,
        ...prescription(set.fields)
      }
      if (set.id === undefined) added.push(values)
      else await tx.update(sets).set(values).where(eq(sets.id, set.id))
    }
  }
  if (added.length > 0) await tx.insert(sets).values(added)
  const unused = existing.slice(edit.workout.length).map((row) => row.id)
  if (unused.length > 0) await tx.delete(exercises).where(inArray(exercises.id, unused))
}
