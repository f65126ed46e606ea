import { and, asc, eq, gte, isNotNull, lte, or, sql, type SQL } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { exercises, setResults, sets, users, workouts } from "../db/schema.ts"

/** A flat row as the wire carries it (DESIGN 5a); the handler's Schema checks the ranges. */
export interface RowRecord {
  readonly id: number
  readonly date: string
  readonly workout_order: number
  readonly exercise_order: number
  readonly exercise: string
  readonly set: number
  readonly reps: number | "AMRAP" | null
  readonly rir: number | null
  readonly rpe: number | null
  readonly weight: number | null
  readonly backoff_percent: number | null
  readonly e1rm_percent: number | null
  readonly max_percent: number | null
  readonly amsap: boolean
}

export interface DateRange {
  readonly from?: string | undefined
  readonly to?: string | undefined
}

const rowKeyColumns = {
  id: sets.id,
  date: workouts.date,
  workout_order: workouts.workoutOrder,
  exercise_order: exercises.exerciseOrder,
  exercise: exercises.name,
  set: sets.setIndex,
  amsap: sets.amsap
}

const rowOrder = [asc(workouts.date), asc(workouts.workoutOrder), asc(exercises.exerciseOrder), asc(sets.setIndex)]

function clientDays(clientId: number, range: DateRange, extra?: SQL): SQL | undefined {
  return and(
    eq(workouts.clientId, clientId),
    range.from === undefined ? undefined : gte(workouts.date, range.from),
    range.to === undefined ? undefined : lte(workouts.date, range.to),
    extra
  )
}

/** The prescription, one row per set. */
export async function prescribedRows(
  db: Db,
  clientId: number,
  range: DateRange,
  onlyWorkoutId?: number
): Promise<ReadonlyArray<RowRecord>> {
  const rows = await db
    .select({
      ...rowKeyColumns,
      repsAmrap: sets.repsAmrap,
      reps: sets.reps,
      rir: sets.rir,
      rpe: sets.rpe,
      weight: sets.weight,
      backoff_percent: sets.backoffPercent,
      e1rm_percent: sets.e1rmPercent,
      max_percent: sets.maxPercent
    })
    .from(workouts)
    .innerJoin(exercises, eq(exercises.workoutId, workouts.id))
    .innerJoin(sets, eq(sets.exerciseId, exercises.id))
    .where(clientDays(clientId, range, onlyWorkoutId === undefined ? undefined : eq(workouts.id, onlyWorkoutId)))
    .orderBy(...rowOrder)
  return rows.map(({ repsAmrap, reps, ...row }) => ({ ...row, reps: repsAmrap ? "AMRAP" : reps }))
}

const somethingLogged = or(
  isNotNull(setResults.performedReps),
  isNotNull(setResults.performedRir),
  isNotNull(setResults.performedRpe),
  isNotNull(setResults.performedWeight)
)

const loggedColumns = {
  ...rowKeyColumns,
  reps: setResults.performedReps,
  rir: setResults.performedRir,
  rpe: setResults.performedRpe,
  weight: setResults.performedWeight
}

const asLoggedRow = (row: Omit<RowRecord, "backoff_percent" | "e1rm_percent" | "max_percent">): RowRecord => ({
  ...row,
  // Percentages are prescription only; a client logs reps, rir, rpe and weight.
  backoff_percent: null,
  e1rm_percent: null,
  max_percent: null
})

/** What the client logged: only sets with at least one logged value. */
export async function loggedRows(db: Db, clientId: number, range: DateRange): Promise<ReadonlyArray<RowRecord>> {
  const rows = await db
    .select(loggedColumns)
    .from(workouts)
    .innerJoin(exercises, eq(exercises.workoutId, workouts.id))
    .innerJoin(sets, eq(sets.exerciseId, exercises.id))
    .innerJoin(setResults, eq(setResults.setId, sets.id))
    .where(clientDays(clientId, range, somethingLogged))
    .orderBy(...rowOrder)
  return rows.map(asLoggedRow)
}

export type PrescribedValue =
  | { readonly name: "reps"; readonly value: number | "AMRAP" }
  | { readonly name: "rpe" | "backoff_percent" | "e1rm_percent" | "max_percent" | "weight"; readonly value: number }

export interface NewWorkout {
  readonly clientId: number
  readonly coachId: number
  readonly date: string
  readonly category?: string
  readonly exercises: ReadonlyArray<{
    readonly name: string
    readonly sets: ReadonlyArray<{ readonly amsap: boolean; readonly fields: ReadonlyArray<PrescribedValue> }>
  }>
}

function prescription(fields: ReadonlyArray<PrescribedValue>) {
  const values = {
    repsAmrap: false,
    reps: null as number | null,
    rpe: null as number | null,
    weight: null as number | null,
    backoffPercent: null as number | null,
    e1rmPercent: null as number | null,
    maxPercent: null as number | null
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

/**
 * Stores a workout as the next workout_order of its day, in one transaction. The
 * client's user row is locked first so two saves for the same client queue up instead
 * of both picking the same order. Exercises and sets take their position as order.
 */
export async function saveWorkout(db: Db, workout: NewWorkout): Promise<ReadonlyArray<RowRecord>> {
  const workoutId = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, workout.clientId)).for("update")
    const [next] = await tx
      .select({ order: sql<number>`coalesce(max(${workouts.workoutOrder}) + 1, 0)`.mapWith(Number) })
      .from(workouts)
      .where(and(eq(workouts.clientId, workout.clientId), eq(workouts.date, workout.date)))
    const [created] = await tx
      .insert(workouts)
      .values({
        clientId: workout.clientId,
        coachId: workout.coachId,
        date: workout.date,
        workoutOrder: next?.order ?? 0,
        category: workout.category ?? "Strength"
      })
      .returning({ id: workouts.id })
    if (created === undefined) throw new Error("insert returned no workout")
    const createdExercises = await tx
      .insert(exercises)
      .values(
        workout.exercises.map((exercise, index) => ({
          workoutId: created.id,
          exerciseOrder: index,
          name: exercise.name
        }))
      )
      .returning({ id: exercises.id, exerciseOrder: exercises.exerciseOrder })
    const idByOrder = new Map(createdExercises.map((row) => [row.exerciseOrder, row.id]))
    const setValues = workout.exercises.flatMap((exercise, exerciseIndex) =>
      exercise.sets.map((set, setIndex) => ({
        exerciseId: idByOrder.get(exerciseIndex) ?? 0,
        setIndex,
        amsap: set.amsap,
        ...prescription(set.fields)
      }))
    )
    if (setValues.length > 0) await tx.insert(sets).values(setValues)
    return created.id
  })
  return prescribedRows(db, workout.clientId, {}, workoutId)
}

export interface PerformedUpdate {
  readonly setId: number
  readonly reps?: number | null
  readonly rir?: number | null
  readonly rpe?: number | null
  readonly weight?: number | null
}

/**
 * Writes the performed values present in the update (null clears one, absent keeps it)
 * for a set of this client. Answers the logged row, or undefined when the set is not
 * one of the client's. The prescription columns are never touched.
 */
export async function logPerformed(db: Db, clientId: number, update: PerformedUpdate): Promise<RowRecord | undefined> {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: sets.id })
      .from(sets)
      .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
      .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
      .where(and(eq(sets.id, update.setId), eq(workouts.clientId, clientId)))
      .limit(1)
    if (owned === undefined) return undefined
    const changes = {
      ...(update.reps === undefined ? {} : { performedReps: update.reps }),
      ...(update.rir === undefined ? {} : { performedRir: update.rir }),
      ...(update.rpe === undefined ? {} : { performedRpe: update.rpe }),
      ...(update.weight === undefined ? {} : { performedWeight: update.weight })
    }
    await tx
      .insert(setResults)
      .values({ setId: update.setId, ...changes })
      .onConflictDoUpdate({ target: setResults.setId, set: { ...changes, updatedAt: sql`now()` } })
    const [row] = await tx
      .select(loggedColumns)
      .from(sets)
      .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
      .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
      .innerJoin(setResults, eq(setResults.setId, sets.id))
      .where(eq(sets.id, update.setId))
    return row === undefined ? undefined : asLoggedRow(row)
  })
}
