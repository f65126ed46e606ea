import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { LibraryExercise } from "#domain/exercises.ts"
import type { ExerciseLibraryMachine } from "./exercise-library.machine.ts"
import { optionsFor, type LibraryOption } from "./exercise-library.options.ts"

export type ExerciseLibrarySnapshot = SnapshotFrom<ExerciseLibraryMachine>
export type ExerciseLibraryActorRef = ActorRefFrom<ExerciseLibraryMachine>

export const LIBRARY_LOADING = "Loading the exercise library…"
export const LIBRARY_FAILED = "The exercise library didn't load, so there are no suggestions. A typed name still saves."
export const YOUR_EXERCISE = "Your exercise"

export interface ExerciseOptionView {
  /** What the option is (an exercise id, or "create"): tells one list from another. */
  readonly key: string
  readonly label: string
  /** The movement category, and whether it is the coach's own; nothing on 'Create'. */
  readonly detail: string | null
  readonly create: boolean
}

export interface ExerciseComboboxView {
  /** The list is showing (aria-expanded). */
  readonly expanded: boolean
  /** What the list shows; empty while it is closed. */
  readonly options: ReadonlyArray<ExerciseOptionView>
  /** The option the arrow keys are on (aria-activedescendant), or null. */
  readonly activeIndex: number | null
  /** 'Adding "Zercher Lunge" to your exercises…' while the add is under way. */
  readonly creating: string | null
  /** Why the add failed; the typed name stays. */
  readonly createError: string | null
  /** Said under the text box while the library loads or after it failed to. */
  readonly notice: string | null
  /** The library failed to load: 'Try again' is offered. */
  readonly canRetry: boolean
}

const sentenceCase = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

const detailOf = (exercise: LibraryExercise): string =>
  exercise.custom ? `${sentenceCase(exercise.category)} · ${YOUR_EXERCISE}` : sentenceCase(exercise.category)

const optionView = (option: LibraryOption): ExerciseOptionView =>
  option.kind === "exercise"
    ? { key: option.exercise.id, label: option.exercise.name, detail: detailOf(option.exercise), create: false }
    : { key: "create", label: `Create "${option.name}"`, detail: null, create: true }

export const selectExerciseCombobox = (snapshot: ExerciseLibrarySnapshot): ExerciseComboboxView => {
  const { context } = snapshot
  const expanded = snapshot.matches({ ready: "open" })
  const creating = snapshot.matches({ ready: "creating" })
  return {
    expanded,
    options: expanded ? optionsFor(context).map(optionView) : [],
    activeIndex: expanded ? context.active : null,
    creating: creating ? `Adding "${context.query.trim()}" to your exercises…` : null,
    createError: snapshot.matches({ ready: "createFailed" }) ? context.createError : null,
    notice: snapshot.matches("loading") ? LIBRARY_LOADING : snapshot.matches("failed") ? LIBRARY_FAILED : null,
    canRetry: snapshot.can({ type: "library.retry" })
  }
}

/** Views are equal when nothing the combobox shows changed (useSelector's compare). */
export const sameComboboxView = (a: ExerciseComboboxView, b: ExerciseComboboxView): boolean =>
  a.expanded === b.expanded &&
  a.activeIndex === b.activeIndex &&
  a.creating === b.creating &&
  a.createError === b.createError &&
  a.notice === b.notice &&
  a.canRetry === b.canRetry &&
  a.options.length === b.options.length &&
  a.options.every((option, i) => {
    const other = b.options.at(i)
    return other !== undefined && option.key === other.key && option.label === other.label
  })
