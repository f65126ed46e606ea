import { createHash } from "node:crypto"
import { and, eq, sql } from "drizzle-orm"
import type { IsoDate } from "#domain/calendar.ts"
import type { ExerciseDetails, WorkoutTitle } from "#domain/exercise-details.ts"
import type { UserId } from "#domain/ids.ts"
import type { Percent, RepCount, Rpe, Weight } from "#domain/set-fields.ts"
import type { BuiltExercise, BuiltField, SaveWorkoutPayload, WorkoutRow } from "#domain/workout.ts"
import type { Db } from "../db/client.ts"
import { exercises, sets, users, workoutSaveKeys, workouts } from "../db/schema.ts"
import { linkExerciseName } from "../exercises/library.ts"
import { asPrescribedRow, notRemoved, prescribedColumns, rowOrder, setRows } from "./row-queries.ts"

/** A workout's content as the contract carries it, to a client on a day (a save's, an edit's). */
export interface WorkoutContent {
  readonly clientId: UserId
  readonly date: IsoDate
  readonly title?: WorkoutTitle
  /** Each exercise's `exercise_id` was checked as the coach's to use; absent: linked by name. */
  readonly workout: ReadonlyArray<BuiltExercise>
}

/** The category a coach's workout is saved with (copies keep their source's). */
const CATEGORY = "Strength"

interface Prescription {
  repsAmrap: boolean
  reps: RepCount | null
  rpe: Rpe | null
  weight: Weight | null
  backoffPercent: Percent | null
  e1rmPercent: Percent | null
  maxPercent: Percent | null
}

/** The prescription columns of a set, from its fields; a field not sent is null. */
export function prescription(fields: ReadonlyArray<BuiltField>): Prescription {
  const values: Prescription = {
    repsAmrap: false,
    reps: null,
    rpe: null,
    weight: null,
    backoffPercent: null,
    e1rmPercent: null,
    maxPercent: null
  }
  for (const field of fields) {
    switch (field.name) {
      case "reps":
        if (field.value === "AMRAP") values.repsAmrap = true
        else values.reps = field.value
        break
      case "rpe":
        values.rpe = field.value
        break
      case "weight":
        values.weight = field.value
        break
      case "backoff_percent":
        values.backoffPercent = field.value
        break
      case "e1rm_percent":
        values.e1rmPercent = field.value
        break
      case "max_percent":
        values.maxPercent = field.value
        break
    }
  }
  return values
}

/** An exercise's detail columns (docs/decisions/048), null where the coach set none. */
export const detailColumns = (exercise: ExerciseDetails) => ({
  superset: exercise.superset ?? null,
  restSeconds: exercise.rest_seconds ?? null,
  tempo: exercise.tempo ?? null,
  note: exercise.note ?? null
})

/**
 * Each exercise's library id: the one sent, or the name linked as the start-up linking
 * links the workouts stored before the library (linkExerciseName). One lookup per name.
 */
export async function linkNames(
  db: Db,
  coachId: UserId,
  workout: ReadonlyArray<BuiltExercise>
): Promise<ReadonlyArray<string>> {
  const byName = new Map<string, string>()
  const ids: Array<string> = []
  for (const exercise of workout) {
    let id = exercise.exercise_id ?? byName.get(exercise.name)
    if (id === undefined) {
      id = await linkExerciseName(db, coachId, exercise.name)
      byName.set(exercise.name, id)
    }
    ids.push(id)
  }
  return ids
}

/** The outcome of a save: its rows, or a key already used for a different workout. */
export type SaveOutcome =
  { readonly _tag: "Saved"; readonly rows: ReadonlyArray<WorkoutRow> } | { readonly _tag: "KeyReused" }

/**
 * What makes two saves the same workout: client, date and the exercises with their sets
 * in order. The `set` numbers of the body are left out (they are not trusted or stored).
 */
export const requestHash = (content: WorkoutContent): string =>
  createHash("sha256")
    .update(
      JSON.stringify([
        content.clientId,
        content.date,
        CATEGORY,
        content.title ?? null,
        content.workout.map((exercise) => [
          exercise.name,
          exercise.exercise_id ?? null,
          Object.values(detailColumns(exercise)),
          exercise.sets.map((set) => [
            set.amsap,
            set.weight_unit ?? "lb",
            set.fields.map((field) => [field.name, field.value])
          ])
        ])
      ])
    )
    .digest("base64url")

/**
 * Stores a workout as the next workout_order of its day, in one transaction. The
 * client's user row is locked first so two saves for the same client queue up instead
 * of both picking the same order. Exercises and sets take their position as order.
 *
 * With an idempotency key the key is claimed in the same transaction, before anything
 * is stored: a second save with the key (a retry, or the same request sent twice at
 * once, which waits on the first one's claim) finds it taken and answers the workout
 * the first one stored, or KeyReused when it carries a different workout. Keys are per
 * coach, so one coach's key never meets another's.
 */
export async function saveWorkout(db: Db, coachId: UserId, workout: SaveWorkoutPayload): Promise<SaveOutcome> {
  const idempotencyKey = workout.idempotencyKey
  const hash = idempotencyKey === undefined ? undefined : requestHash(workout)
  const saved = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, workout.clientId)).for("update")
    if (idempotencyKey !== undefined && hash !== undefined) {
      const [claimed] = await tx
        .insert(workoutSaveKeys)
        .values({ coachId, key: idempotencyKey, requestHash: hash })
        .onConflictDoNothing()
        .returning({ key: workoutSaveKeys.key })
      if (claimed === undefined) {
        const [earlier] = await tx
          .select({ workoutId: workoutSaveKeys.workoutId, requestHash: workoutSaveKeys.requestHash })
          .from(workoutSaveKeys)
          .where(and(eq(workoutSaveKeys.coachId, coachId), eq(workoutSaveKeys.key, idempotencyKey)))
        if (earlier === undefined || earlier.workoutId === null)
          throw new Error("idempotency key claimed but not found")
        return earlier.requestHash === hash ? { workoutId: earlier.workoutId } : ("KeyReused" as const)
      }
    }
    // Removed workouts count: an order is never reused, so an address never names another
    // workout and restoring one never meets a newer workout in its place.
    const [next] = await tx
      .select({ order: sql<number>`coalesce(max(${workouts.workoutOrder}) + 1, 0)`.mapWith(Number) })
      .from(workouts)
      .where(and(eq(workouts.clientId, workout.clientId), eq(workouts.date, workout.date)))
    const [created] = await tx
      .insert(workouts)
      .values({
        clientId: workout.clientId,
        coachId,
        date: workout.date,
        workoutOrder: next?.order ?? 0,
        category: CATEGORY,
        title: workout.title ?? null
      })
      .returning({ id: workouts.id })
    if (created === undefined) throw new Error("insert returned no workout")
    const libraryIds = await linkNames(tx, coachId, workout.workout)
    const createdExercises = await tx
      .insert(exercises)
      .values(
        workout.workout.map((exercise, index) => ({
          workoutId: created.id,
          exerciseOrder: index,
          name: exercise.name,
          libraryId: libraryIds[index],
          ...detailColumns(exercise)
        }))
      )
      .returning({ id: exercises.id, exerciseOrder: exercises.exerciseOrder })
    const idByOrder = new Map(createdExercises.map((row) => [row.exerciseOrder, row.id]))
    const setValues = workout.workout.flatMap((exercise, exerciseIndex) =>
      exercise.sets.map((set, setIndex) => ({
        exerciseId: idByOrder.get(exerciseIndex) ?? 0,
        setIndex,
        amsap: set.amsap,
        weightUnit: set.weight_unit ?? "lb",
        ...prescription(set.fields)
      }))
    )
    if (setValues.length > 0) await tx.insert(sets).values(setValues)
    if (idempotencyKey !== undefined) {
      await tx
        .update(workoutSaveKeys)
        .set({ workoutId: created.id })
        .where(and(eq(workoutSaveKeys.coachId, coachId), eq(workoutSaveKeys.key, idempotencyKey)))
    }
    return { workoutId: created.id }
  })
  if (saved === "KeyReused") return { _tag: "KeyReused" }
  return { _tag: "Saved", rows: await workoutRows(db, saved.workoutId) }
}

/**
 * One workout's prescription, one row per set in order; none once it is removed (a
 * retried save or edit of a workout removed since answers that it holds nothing).
 */
export async function workoutRows(db: Db, workoutId: number): Promise<ReadonlyArray<WorkoutRow>> {
  const rows = await setRows(db.select(prescribedColumns).from(workouts).$dynamic())
    .where(and(eq(workouts.id, workoutId), notRemoved))
    .orderBy(...rowOrder)
  return rows.map(asPrescribedRow)
}
