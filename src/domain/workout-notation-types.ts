import type { ExerciseNote, RestSeconds, Tempo, WorkoutTitle } from "./exercise-details.ts"
import type { ExerciseId, ExerciseName } from "./exercises.ts"
import type { Percent, Reps, Rpe, Weight } from "./set-fields.ts"
import type { Unit } from "./units.ts"
import type { BuiltWorkout } from "./workout.ts"

/*
 * The data of the typed workout notation (docs/workout-notation.md): what a parsed line
 * holds, what an error says, and what parseNotation answers. Plain data, no behaviour.
 */

/** A weight with the unit it was typed in (the coach's own unit when none was written). */
export interface NotationWeight {
  readonly value: Weight
  readonly unit: Unit
}

/**
 * One set group, "3x5 @75%": `count` identical sets. Every value but reps is optional;
 * a set group holds each at most once.
 */
export interface NotationSetGroup {
  /** How many sets, 1..WORKOUT_CAPS.setsPerExercise. */
  readonly count: number
  /** Reps of each set: a whole number 0..19 or "AMRAP". */
  readonly reps: Reps
  /** "@75%": percent of the lifter's max. */
  readonly max_percent?: Percent
  /** "@80%e1RM": percent of the estimated one-rep max. */
  readonly e1rm_percent?: Percent
  /** "@315" or "@60kg". */
  readonly weight?: NotationWeight
  /** "-10%": a backoff from the top set. */
  readonly backoff_percent?: Percent
  /** "@RPE8". */
  readonly rpe?: Rpe
  /** "AMSAP": as many sets as possible (the lifter may keep adding sets like these). */
  readonly amsap: boolean
}

/** A superset label, "A1": the group's letter (upper case) and the exercise's place in it. */
export interface NotationLabel {
  readonly letter: string
  readonly order: number
}

/**
 * One exercise as typed: its name (as resolved), library id, superset label, set groups,
 * and what follows the last set group: "rest 90s", "tempo 31X0" and "# a note".
 */
export interface NotationExercise {
  readonly name: ExerciseName
  readonly exercise_id?: ExerciseId
  readonly label?: NotationLabel
  readonly setGroups: ReadonlyArray<NotationSetGroup>
  readonly rest_seconds?: RestSeconds
  readonly tempo?: Tempo
  readonly note?: ExerciseNote
}

/**
 * What went wrong on a line: 1-based line and column (a column counts characters as a
 * person reads them), and a plain-English message that ends "at column N".
 */
export interface NotationError {
  readonly line: number
  readonly column: number
  readonly message: string
}

/** A source line that parsed: one exercise, or several separated by " / ". */
export interface ParsedNotationLine {
  readonly _tag: "Parsed"
  readonly line: number
  readonly exercises: ReadonlyArray<NotationExercise>
}

/** A source line that did not parse: the first thing wrong on it. */
export interface FailedNotationLine {
  readonly _tag: "Failed"
  readonly line: number
  readonly error: NotationError
}

/** The first line "Title: Heavy lower": the workout's title. */
export interface TitleNotationLine {
  readonly _tag: "Title"
  readonly line: number
  readonly title: WorkoutTitle
}

/** A line that was read: the title, or exercises. What printNotation writes back. */
export type ReadNotationLine = TitleNotationLine | ParsedNotationLine

export type NotationLine = ReadNotationLine | FailedNotationLine

/** One member of a superset: its label's order and where it stands in the workout. */
export interface NotationGroupMember {
  readonly order: number
  /** The exercise's 0-based place among the parsed exercises (its place in `workout`). */
  readonly exercise: number
  readonly name: ExerciseName
}

/** A superset: the exercises labelled with one letter, in label order (A1, A2, ...). */
export interface NotationGroup {
  readonly letter: string
  readonly members: ReadonlyArray<NotationGroupMember>
}

/** What the library answers for a typed name: the name to save and, if linked, its library id. */
export interface ResolvedExercise {
  readonly name: string
  readonly exercise_id?: ExerciseId
}

export interface NotationOptions {
  /** The coach's unit: a weight typed without a unit is in it. */
  readonly unit: Unit
  /** Links a typed name to the exercise library (e.g. through findCanonical). */
  readonly resolve: (name: string) => ResolvedExercise
}

export interface NotationResult {
  /** One entry per non-blank source line, in order. */
  readonly lines: ReadonlyArray<NotationLine>
  /** The errors of the failed lines, in line order. */
  readonly errors: ReadonlyArray<NotationError>
  /** The supersets among the parsed exercises, in order of their first exercise. */
  readonly groups: ReadonlyArray<NotationGroup>
  /** The workout to save, only when every line parsed and there is at least one exercise. */
  readonly workout: BuiltWorkout | undefined
  /** The title of a "Title:" first line that was read; undefined without one. */
  readonly title: WorkoutTitle | undefined
}
