import * as Schema from "effect/Schema"
import {
  ExerciseNote,
  MAX_NOTE_LENGTH,
  MAX_TITLE_LENGTH,
  RestSeconds,
  SupersetLetter,
  Tempo,
  WorkoutTitle,
  type ExerciseDetails
} from "#domain/exercise-details.ts"
import { hasOnlyPrintableCharacters, hasVisibleCharacter } from "#domain/plain-bounds.ts"
import type { BuiltExercise, BuiltSet, BuiltWorkout, WorkoutCaps } from "#domain/workout.ts"
import type { BuilderContext, DraftExercise } from "./builder.types.ts"

export const NO_EXERCISES = "Add at least one exercise before submitting the workout."
export const exerciseWithoutSets = (name: string): string =>
  `${name} has no sets yet. Add a set to it or delete it before submitting.`

/**
 * Why the draft cannot be saved yet, or null. The contract needs at least one
 * exercise and at least one set per exercise, so the coach is told instead of the
 * server refusing (or an empty exercise silently vanishing); and the title and each
 * exercise's superset, rest, tempo and note as the contract takes them, named.
 */
export const workoutProblem = ({ exercises, title }: Pick<BuilderContext, "exercises" | "title">): string | null => {
  if (exercises.length === 0) return NO_EXERCISES
  const empty = exercises.find((exercise) => exercise.sets.length === 0)
  if (empty !== undefined) return exerciseWithoutSets(empty.name)
  const unreadable = exercises.findIndex((exercise) => !isReadableName(exercise.name.trim()))
  if (unreadable !== -1) return unreadableName(unreadable)
  for (const exercise of exercises) {
    const problem = detailProblem(exercise)
    if (problem !== null) return problem
  }
  return titleProblem(title)
}

/** The contract's name rules (ExerciseName): printable characters only, one of them visible. */
const isReadableName = (name: string): boolean => hasOnlyPrintableCharacters(name) && hasVisibleCharacter(name)

export const unreadableName = (index: number): string =>
  `The name of exercise ${index + 1} has invisible or control characters, or nothing visible. Retype it before submitting.`

/* ---------- the title and each exercise's details: raw text in, the contract's values out ---------- */

// Plain booleans, not type guards: the text is a string either way, so a guard would narrow it to never.
const isTitle = (text: string): boolean => Schema.is(WorkoutTitle)(text)
const isSuperset = (text: string): boolean => Schema.is(SupersetLetter)(text)
const isRest = Schema.is(RestSeconds)
const isTempo = (text: string): boolean => Schema.is(Tempo)(text)
const isNote = (text: string): boolean => Schema.is(ExerciseNote)(text)

/** The title as it is sent: trimmed; empty for none. */
export const titleText = (title: string): string => title.trim()

// The raw text as the contract spells it: a letter and X upper-case, a note on one line.
const supersetText = (raw: string | undefined): string => (raw ?? "").trim().toUpperCase()
const restValue = (raw: string | undefined): number | undefined => {
  const text = (raw ?? "").trim()
  return text === "" ? undefined : /^\d+$/.test(text) ? Number(text) : Number.NaN
}
const tempoText = (raw: string | undefined): string => (raw ?? "").trim().toUpperCase()
// The contract keeps a note to one line; a line break typed into the note becomes a space.
const noteText = (raw: string | undefined): string => (raw ?? "").replace(/\s*[\r\n]+\s*/g, " ").trim()

/** The open exercise's name in a message, or its place when it has none yet. */
const called = (exercise: DraftExercise): string => exercise.name.trim() || "this exercise"

export const tempoProblem = (name: string): string => `The tempo of ${name} must be four digits or X, like 31X0.`

/** Why the tempo typed so far is not one, or null (an empty one is none): said under the field as it is typed. */
export const openTempoProblem = (exercise: DraftExercise): string | null => {
  const tempo = tempoText(exercise.tempo)
  return tempo === "" || isTempo(tempo) ? null : tempoProblem(called(exercise))
}

/** Why this exercise's superset, rest, tempo or note would be refused, naming it; or null. */
export const detailProblem = (exercise: DraftExercise): string | null => {
  const name = called(exercise)
  const superset = supersetText(exercise.superset)
  if (superset !== "" && !isSuperset(superset)) return `The superset of ${name} must be one letter, A to Z.`
  const rest = restValue(exercise.rest)
  if (rest !== undefined && !isRest(rest)) return `The rest of ${name} must be whole seconds, up to 15 minutes.`
  const tempo = openTempoProblem(exercise)
  if (tempo !== null) return tempo
  const note = noteText(exercise.note)
  if (note === "" || isNote(note)) return null
  return note.length > MAX_NOTE_LENGTH
    ? `The note on ${name} holds at most ${MAX_NOTE_LENGTH} characters; it has ${note.length}.`
    : `The note on ${name} has invisible or control characters. Retype it before submitting.`
}

/** Why the title would be refused, or null (an empty one is none). */
export const titleProblem = (raw: string): string | null => {
  const title = titleText(raw)
  if (title === "" || isTitle(title)) return null
  return title.length > MAX_TITLE_LENGTH
    ? `The title holds at most ${MAX_TITLE_LENGTH} characters; it has ${title.length}.`
    : "The title has invisible or control characters. Retype it before submitting."
}

/**
 * The exercise's details the contract accepts, as it takes them; one that would be refused
 * is left out. Once workoutProblem is null that is all of them: what is saved.
 */
export const draftDetails = (exercise: DraftExercise): ExerciseDetails => {
  const superset = supersetText(exercise.superset)
  const rest = restValue(exercise.rest)
  const tempo = tempoText(exercise.tempo)
  const note = noteText(exercise.note)
  return {
    ...(isSuperset(superset) ? { superset } : {}),
    ...(rest !== undefined && isRest(rest) ? { rest_seconds: rest } : {}),
    ...(isTempo(tempo) ? { tempo } : {}),
    ...(isNote(note) ? { note } : {})
  }
}

/** Saved details as the draft holds them: text, only those present. */
export const detailInputs = (
  details: ExerciseDetails
): Pick<DraftExercise, "superset" | "rest" | "tempo" | "note"> => ({
  ...(details.superset === undefined ? {} : { superset: details.superset }),
  ...(details.rest_seconds === undefined ? {} : { rest: String(details.rest_seconds) }),
  ...(details.tempo === undefined ? {} : { tempo: details.tempo }),
  ...(details.note === undefined ? {} : { note: details.note })
})

/** One draft exercise as the contract takes it, its sets as given: by id when chosen, with its details. */
export const toBuiltExercise = <S extends BuiltSet>(
  exercise: DraftExercise,
  sets: ReadonlyArray<S>
): Omit<BuiltExercise, "sets"> & { readonly sets: ReadonlyArray<S> } => ({
  name: exercise.name.trim(),
  ...(exercise.exerciseId === undefined ? {} : { exercise_id: exercise.exerciseId }),
  ...draftDetails(exercise),
  sets
})

/**
 * The draft as POST /api/workout takes it; only called once workoutProblem is null. A
 * chosen exercise is sent by its id; a typed name alone, for the server to link.
 */
export const toBuiltWorkout = (exercises: ReadonlyArray<DraftExercise>): BuiltWorkout =>
  exercises.map((exercise) => toBuiltExercise(exercise, exercise.sets))

/** A built workout as the draft holds it: a linked exercise keeps its library id, and its details come along. */
export const toDraftExercises = (workout: BuiltWorkout): ReadonlyArray<DraftExercise> =>
  workout.map(({ name, exercise_id, sets, ...details }) => ({
    name,
    ...(exercise_id === undefined ? {} : { exerciseId: exercise_id }),
    sets,
    ...detailInputs(details)
  }))

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
