import type { SetId } from "#domain/ids.ts"
import { FIELD_NAMES, type FieldName } from "#domain/set-fields.ts"
import type { EditedExercise, EditedSet } from "#domain/workout-edits.ts"
import type { BuiltField, GroupedWorkout, LoggedRows, WorkoutByDateResponse, WorkoutRow } from "#domain/workout.ts"
import { presentDetails } from "#domain/exercise-details.ts"
import type { BuilderContext, DraftExercise, FieldInputs } from "./builder.types.ts"
import { detailInputs, renumberSets, toBuiltExercise } from "./builder.workout.ts"

/*
 * Editing a saved workout in the builder (docs/decisions/024): the day's rows become the draft, each
 * set keeping its id so what the client logged for it stays attached; the draft goes back
 * as PUT /api/workout's whole new content.
 */

/** A saved workout as a draft (its title, its exercises and their details), and which of its sets have something logged. */
export interface LoadedWorkout {
  /** The saved title; absent when it has none. */
  readonly title?: string
  readonly exercises: ReadonlyArray<DraftExercise>
  readonly loggedSetIds: ReadonlyArray<SetId>
}

/** A saved row as the set the builder would have built: its prescription's fields, in field order. */
export const rowToSet = (row: WorkoutRow): EditedSet => {
  const fields = FIELD_NAMES.flatMap((name): ReadonlyArray<BuiltField> => {
    const value = row[name]
    return value === null ? [] : [{ name, value } as BuiltField]
  })
  return {
    id: row.id,
    set: row.set,
    amsap: row.amsap,
    ...(row.weight === null ? {} : { weight_unit: row.weight_unit }),
    fields
  }
}

/** The day's workout at `workoutOrder`, or null when the day has none there (removed, or never was). */
export const findWorkout = (
  response: WorkoutByDateResponse,
  date: string,
  workoutOrder: number
): GroupedWorkout | null =>
  (response.data[date as keyof typeof response.data] ?? []).find((w) => w.workout_order === workoutOrder) ?? null

export const loadedWorkout = (workout: GroupedWorkout, logged: LoggedRows): LoadedWorkout => {
  const ids = new Set(workout.exercises.flatMap((exercise) => exercise.sets.map((set) => set.id)))
  return {
    ...(workout.title === undefined ? {} : { title: workout.title }),
    exercises: workout.exercises.map((exercise) => ({
      name: exercise.name,
      exerciseId: exercise.exercise_id,
      sets: renumberSets(exercise.sets.map(rowToSet)),
      ...detailInputs(presentDetails(exercise))
    })),
    loggedSetIds: logged.filter((row) => ids.has(row.id)).map((row) => row.id)
  }
}

/** The sets with logged results that the draft no longer holds: what the edit would discard. */
export const removedLoggedSets = ({ edit, exercises }: Pick<BuilderContext, "edit" | "exercises">): number => {
  if (edit === null) return 0
  const kept = new Set(exercises.flatMap((exercise) => exercise.sets.map((set) => set.id)))
  return edit.loggedSetIds.filter((id) => !kept.has(id)).length
}

export const isLoggedSet = ({ edit }: Pick<BuilderContext, "edit">, set: EditedSet): boolean =>
  set.id !== undefined && edit !== null && edit.loggedSetIds.includes(set.id)

/** What the coach is asked before an edit removes logged sets; the count is unknown when the server found them. */
export const discardQuestion = (removed: number): string =>
  removed === 0
    ? "Sets you removed have results the client logged. Remove them anyway?"
    : removed === 1
      ? "1 set you removed has results the client logged. Remove it anyway?"
      : `${removed} sets you removed have results the client logged. Remove them anyway?`

/** The draft as PUT /api/workout takes it; only called once workoutProblem is null. */
export const toEditedWorkout = (exercises: ReadonlyArray<DraftExercise>): ReadonlyArray<EditedExercise> =>
  exercises.map((exercise) => toBuiltExercise(exercise, exercise.sets))

/** A new workout's sets carry no id: a duplicate of a saved set is a new set. */
export const withoutId = ({ id: _id, ...set }: EditedSet): EditedSet => set

/** The set builder opened on one set: its fields on, their values typed, the rest as they were. */
export const inputsOfSet = (
  set: EditedSet,
  inputs: FieldInputs
): { readonly enabledFields: ReadonlyArray<FieldName>; readonly inputs: FieldInputs } => {
  const values = new Map(set.fields.map((field) => [field.name, String(field.value)]))
  return {
    enabledFields: FIELD_NAMES.filter((name) => values.has(name)),
    inputs: Object.fromEntries(FIELD_NAMES.map((name) => [name, values.get(name) ?? inputs[name]])) as FieldInputs
  }
}

/** The list with the item at `index` swapped with its neighbour `by` away; unchanged past either end. */
export const moveItem = <T>(items: ReadonlyArray<T>, index: number, by: -1 | 1): ReadonlyArray<T> => {
  const other = index + by
  const a = items[index]
  const b = items[other]
  if (a === undefined || b === undefined) return items
  return items.map((item, i) => (i === index ? b : i === other ? a : item))
}

export const canMove = (length: number, index: number, by: -1 | 1): boolean =>
  Number.isInteger(index) && index >= 0 && index < length && index + by >= 0 && index + by < length
