import { hasOnlyPrintableCharacters, hasVisibleCharacter } from "#domain/plain-bounds.ts"
import type { BuiltSet, BuiltWorkout, WorkoutCaps } from "#domain/workout.ts"
import type { BuilderContext, DraftExercise } from "./builder.types.ts"

export const NO_EXERCISES = "Add at least one exercise before submitting the workout."
export const exerciseWithoutSets = (name: string): string =>
  `${name} has no sets yet. Add a set to it or delete it before submitting.`

/**
 * Why the draft cannot be saved yet, or null. The contract needs at least one
 * exercise and at least one set per exercise, so the coach is told instead of the
 * server refusing (or an empty exercise silently vanishing).
 */
export const workoutProblem = (exercises: ReadonlyArray<DraftExercise>): string | null => {
  if (exercises.length === 0) return NO_EXERCISES
  const empty = exercises.find((exercise) => exercise.sets.length === 0)
  if (empty !== undefined) return exerciseWithoutSets(empty.name)
  const unreadable = exercises.findIndex((exercise) => !isReadableName(exercise.name.trim()))
  return unreadable === -1 ? null : unreadableName(unreadable)
}

/** The contract's name rules (ExerciseName): printable characters only, one of them visible. */
const isReadableName = (name: string): boolean => hasOnlyPrintableCharacters(name) && hasVisibleCharacter(name)

export const unreadableName = (index: number): string =>
  `The name of exercise ${index + 1} has invisible or control characters, or nothing visible. Retype it before submitting.`

/**
 * The draft as POST /api/workout takes it; only called once workoutProblem is null. A
 * chosen exercise is sent by its id; a typed name alone, for the server to link.
 */
export const toBuiltWorkout = (exercises: ReadonlyArray<DraftExercise>): BuiltWorkout =>
  exercises.map(({ name, exerciseId, sets }) =>
    exerciseId === undefined ? { name: name.trim(), sets } : { name: name.trim(), exercise_id: exerciseId, sets }
  )

/** A built workout as the draft holds it: a linked exercise keeps its library id. */
export const toDraftExercises = (workout: BuiltWorkout): ReadonlyArray<DraftExercise> =>
  workout.map(({ name, exercise_id, sets }) =>
    exercise_id === undefined ? { name, sets } : { name, exerciseId: exercise_id, sets }
  )

/** A typed workout the draft may take: some exercises, none empty, all within the caps. */
export const fitsCaps = (workout: BuiltWorkout, caps: WorkoutCaps): boolean =>
  workout.length > 0 &&
  workout.length <= caps.exercises &&
  workout.every((exercise) => exercise.sets.length > 0 && exercise.sets.length <= caps.setsPerExercise)

/** docs/product.md: an exercise left with an empty name is removed when the user leaves it. */
export const tidyExercise = (
  exercises: ReadonlyArray<DraftExercise>,
  index: number | null
): ReadonlyArray<DraftExercise> =>
  exercises.flatMap((exercise, i) => {
    if (i !== index) return [exercise]
    const name = exercise.name.trim()
    return name === "" ? [] : [{ ...exercise, name }]
  })

/** ADR 020: an exercise with sets is never dropped for a missing name; this is what stops the coach. */
export const nameMissingNotice = (sets: number): string =>
  `Name this exercise before leaving: it has ${sets} ${sets === 1 ? "set" : "sets"}.`

/** The open exercise has sets but no name: leaving it would drop them (SPEC), so it may not be left. */
export const isOpenUnnamedWithSets = ({
  exercises,
  editing
}: Pick<BuilderContext, "exercises" | "editing">): boolean => {
  const open = editing === null ? undefined : exercises[editing]
  return open !== undefined && open.sets.length > 0 && open.name.trim() === ""
}

/** Sets keep their zero-based index in order after one is deleted. */
export const renumberSets = <S extends BuiltSet>(sets: ReadonlyArray<S>): ReadonlyArray<S> =>
  sets.map((set, i) => ({ ...set, set: i }))

/** The exercises with the open one (context.editing) changed; the others as they were. */
export const updateEditing = (
  exercises: ReadonlyArray<DraftExercise>,
  editing: number | null,
  change: (exercise: DraftExercise) => DraftExercise
): ReadonlyArray<DraftExercise> => exercises.map((exercise, i) => (i === editing ? change(exercise) : exercise))

/** How many sets the exercise open in the builder has (0 when none is open). */
export const openSetCount = ({ exercises, editing }: Pick<BuilderContext, "exercises" | "editing">): number =>
  (editing === null ? undefined : exercises[editing])?.sets.length ?? 0

/** How many sets pressing add appends: the count, or one AMSAP set. */
export const setsToAdd = ({ amsap, count }: Pick<BuilderContext, "amsap" | "count">): number => (amsap ? 1 : count)

export const NO_SETS_TO_ADD = "Choose at least 1 set to add with More sets."
export const NO_FIELDS_ON = "Turn on at least one field in Edit fields: a set records something."

/**
 * Why 'Add sets' would add nothing worth keeping (ADR 020): no sets at all, or sets that
 * record no field. Said beside the button, which is off while this is not null.
 */
export const addSetsBlocker = ({
  amsap,
  count,
  enabledFields
}: Pick<BuilderContext, "amsap" | "count" | "enabledFields">): string | null => {
  if (setsToAdd({ amsap, count }) === 0) return NO_SETS_TO_ADD
  return enabledFields.length === 0 ? NO_FIELDS_ON : null
}

/** What the builder says when the draft's key already saved an earlier version (KeyReused). */
export const SAVED_EARLIER =
  "An earlier save of this workout reached the server before your latest changes, and the day lists it. Submit again to save this version as another workout."

/** The same for an edit: submitting again replaces the saved workout's content once more. */
export const EDIT_SAVED_EARLIER =
  "An earlier save of these changes reached the server before your latest ones. Submit again to save this version."

/**
 * The draft's next key, once its key stored an earlier version: the same random base with
 * a counter ("...-r2"), so it is new to the server and the machine stays deterministic.
 */
export const nextSaveKey = (key: string): string => {
  const match = /^(.*)-r(\d+)$/.exec(key)
  return match === null ? `${key}-r1` : `${match[1] ?? ""}-r${Number(match[2]) + 1}`
}
