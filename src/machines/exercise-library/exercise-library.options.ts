import type { LibraryExercise } from "#domain/exercises.ts"
import { normalizeExerciseName, prepareSearch, type ExerciseSearch } from "#domain/exercise-search.ts"
import { hasOnlyPrintableCharacters } from "#domain/plain-bounds.ts"
import type { ExerciseLibraryContext } from "./exercise-library.types.ts"

/** One row of the list: a library exercise, or adding the typed name as the coach's own. */
export type LibraryOption =
  { readonly kind: "exercise"; readonly exercise: LibraryExercise } | { readonly kind: "create"; readonly name: string }

// One prepared index per list: made when the library arrives (and again after the coach
// adds an exercise), so a keystroke only runs the search.
const prepared = new WeakMap<ReadonlyArray<LibraryExercise>, ExerciseSearch<LibraryExercise>>()

export const searchOf = (library: ReadonlyArray<LibraryExercise>): ExerciseSearch<LibraryExercise> => {
  const known = prepared.get(library)
  if (known !== undefined) return known
  const search = prepareSearch(library)
  prepared.set(library, search)
  return search
}

const isNamed = (exercise: LibraryExercise, normalized: string): boolean =>
  normalizeExerciseName(exercise.name) === normalized ||
  exercise.aliases.some((alias) => normalizeExerciseName(alias) === normalized)

const computeOptions = (library: ReadonlyArray<LibraryExercise>, query: string): ReadonlyArray<LibraryOption> => {
  const matches = searchOf(library)(query)
  const options: Array<LibraryOption> = matches.map((exercise) => ({ kind: "exercise", exercise }))
  const name = query.trim()
  const normalized = normalizeExerciseName(name)
  // Offered only for a name the server would take and the list does not already hold
  // (the server would answer a canonical name or alias with that exercise anyway).
  if (normalized === "" || !hasOnlyPrintableCharacters(name) || matches.some((e) => isNamed(e, normalized))) {
    return options
  }
  return [...options, { kind: "create", name }]
}

// Guards, actions and the selector all ask for the same text's options within one keystroke.
let last: { library: ReadonlyArray<LibraryExercise>; query: string; options: ReadonlyArray<LibraryOption> } | null =
  null

/** What the list shows for the text: up to 8 matches, best first, then 'Create' when none is the text. */
export const optionsFor = ({
  library,
  query
}: Pick<ExerciseLibraryContext, "library" | "query">): ReadonlyArray<LibraryOption> => {
  if (last !== null && last.library === library && last.query === query) return last.options
  const options = computeOptions(library, query)
  last = { library, query, options }
  return options
}

/** The option `delta` steps from the active one, wrapping at either end; null when there is none. */
export const stepActive = (context: ExerciseLibraryContext, delta: 1 | -1): number | null => {
  const count = optionsFor(context).length
  if (count === 0) return null
  if (context.active === null) return delta === 1 ? 0 : count - 1
  return (context.active + delta + count) % count
}

/** The library with `exercise` in it (replacing an entry of the same id): what the server answered to an add. */
export const withExercise = (
  library: ReadonlyArray<LibraryExercise>,
  exercise: LibraryExercise
): ReadonlyArray<LibraryExercise> => [...library.filter((known) => known.id !== exercise.id), exercise]
