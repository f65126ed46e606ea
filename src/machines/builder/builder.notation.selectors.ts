import { tempoAndRestText } from "#domain/exercise-details.ts"
import { catalogueExercise, findCanonical } from "#domain/exercise-catalogue.ts"
import { normalizeExerciseName } from "#domain/exercise-search.ts"
import type { LibraryExercise } from "#domain/exercises.ts"
import { formatAmount, formatLoad, type Unit } from "#domain/units.ts"
import type { BuiltWorkout } from "#domain/workout.ts"
import { parseNotation } from "#domain/workout-notation.ts"
import { printNotationLabel } from "#domain/workout-notation-print.ts"
import type { NotationExercise, NotationSetGroup, ResolvedExercise } from "#domain/workout-notation-types.ts"
import type { ExerciseLibrarySnapshot } from "../exercise-library/exercise-library.selectors.ts"

/*
 * The builder's typed workout (docs/workout-notation.md, "In the builder"): the text read
 * against the coach's library and unit, line by line, as the editor shows it. A module of
 * its own so that the catalogue findCanonical reads comes with the editor's lazy chunk, not
 * with the builder's first paint.
 */

/** The library the builder loaded (canonical exercises, then the coach's own); empty until it has. */
export const selectLibraryExercises = (snapshot: ExerciseLibrarySnapshot): ReadonlyArray<LibraryExercise> =>
  snapshot.context.library

/**
 * A typed name linked as the wizard's list would choose it: a catalogue name or alias
 * (findCanonical) to that exercise, else the coach's own exercise of that name; anything
 * else stays free text for the server to link. A linked name is saved as the library
 * names it, as choosing it in the wizard saves it.
 */
export const libraryResolver = (library: ReadonlyArray<LibraryExercise>) => {
  const byId = new Map(library.map((exercise) => [exercise.id, exercise]))
  const own = new Map<string, LibraryExercise>()
  for (const exercise of library) {
    if (!exercise.custom) continue
    const key = normalizeExerciseName(exercise.name)
    if (key !== "" && !own.has(key)) own.set(key, exercise)
  }
  return (name: string): ResolvedExercise => {
    const id = findCanonical(name)
    if (id !== undefined) return { name: byId.get(id)?.name ?? catalogueExercise(id)?.name ?? name, exercise_id: id }
    const custom = own.get(normalizeExerciseName(name))
    return custom === undefined ? { name } : { name: custom.name, exercise_id: custom.id }
  }
}

/** "5 × 5 @ 75% of max", "1 × 5 @ 315 lbs", "2 × 5 at 10% backoff", "3 × AMRAP". */
const describeSetGroup = (group: NotationSetGroup): string => {
  const parts = [`${group.count} × ${group.reps}`]
  if (group.max_percent !== undefined) parts.push(`@ ${formatAmount(group.max_percent)}% of max`)
  if (group.e1rm_percent !== undefined) parts.push(`@ ${formatAmount(group.e1rm_percent)}% of e1RM`)
  if (group.weight !== undefined) parts.push(`@ ${formatLoad(group.weight.value, group.weight.unit)}`)
  if (group.rpe !== undefined) parts.push(`@ RPE ${formatAmount(group.rpe)}`)
  if (group.backoff_percent !== undefined) parts.push(`at ${formatAmount(group.backoff_percent)}% backoff`)
  if (group.amsap) parts.push("AMSAP")
  return parts.join(" ")
}

export interface NotationExerciseView {
  readonly name: string
  /** "A1" in a superset, else null. */
  readonly label: string | null
  /** The library knows it (linked by id), or it is saved as a new exercise. */
  readonly linked: boolean
  readonly sets: string
  /** "Tempo 21X1 · No rest", or "" when the line gives neither. */
  readonly coaching: string
  readonly note: string | null
}

export interface NotationLineView {
  /** 1-based, as the text is numbered (blank lines count). */
  readonly line: number
  /** The line as typed, tabs as spaces so the caret lines up under it. */
  readonly source: string
  /** The workout's title, on a "Title:" line that was read; null on any other. */
  readonly title: string | null
  readonly exercises: ReadonlyArray<NotationExerciseView>
  /** Where reading failed: the 1-based column (in characters), the spaces before the caret, and why. */
  readonly error: { readonly column: number; readonly pad: string; readonly message: string } | null
}

export interface NotationView {
  readonly lines: ReadonlyArray<NotationLineView>
  /** The exercises to use, only when every line parsed and there is at least one. */
  readonly workout: BuiltWorkout | undefined
  /** The title of a "Title:" first line, to use with them. */
  readonly title: string | undefined
  readonly errorCount: number
}

const exerciseView = (exercise: NotationExercise): NotationExerciseView => ({
  name: exercise.name,
  label: exercise.label === undefined ? null : printNotationLabel(exercise.label),
  linked: exercise.exercise_id !== undefined,
  sets: exercise.setGroups.map(describeSetGroup).join(", "),
  coaching: tempoAndRestText(exercise),
  note: exercise.note ?? null
})

/** The text read line by line in the coach's unit against their library: pure, so the editor memoises it per text. */
export const readTypedWorkout = (
  text: string,
  unit: Unit,
  resolve: (name: string) => ResolvedExercise
): NotationView => {
  const result = parseNotation(text, { unit, resolve })
  const sources = text.split(/\r\n|\r|\n/)
  return {
    lines: result.lines.map((line) => ({
      line: line.line,
      source: (sources[line.line - 1] ?? "").replaceAll("\t", " "),
      title: line._tag === "Title" ? line.title : null,
      exercises: line._tag === "Parsed" ? line.exercises.map(exerciseView) : [],
      error:
        line._tag === "Failed"
          ? { column: line.error.column, pad: " ".repeat(line.error.column - 1), message: line.error.message }
          : null
    })),
    workout: result.workout,
    title: result.title,
    errorCount: result.errors.length
  }
}
