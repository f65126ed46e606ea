import type { ImportSource } from "../history-import.ts"

/*
 * The wire's bounds for an imported session, as plain values: the readers run in a Web
 * Worker beside papaparse and load no Effect (docs/import-export.md). Each number is the
 * schema's own; test/domain/import-formats/import-bounds.test.ts holds them equal.
 */

/** IMPORT_SOURCES of history-import.ts: every session key starts with one of them and ":". */
export const SOURCE_NAMES: ReadonlyArray<ImportSource> = ["strong", "hevy", "fitnotes", "liftosaur", "ours"]

/** SessionKey. */
export const MAX_SESSION_KEY_LENGTH = 200
/** ExerciseName. */
export const MAX_EXERCISE_NAME_LENGTH = 100
/** WorkoutTitle (MAX_TITLE_LENGTH). */
export const MAX_SESSION_TITLE_LENGTH = 60
/** ExerciseId: a library slug. */
export const MAX_EXERCISE_ID_LENGTH = 64
export const EXERCISE_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** MAX_IMPORT_EXERCISES_PER_SESSION and MAX_IMPORT_SETS_PER_EXERCISE. */
export const MAX_EXERCISES_PER_SESSION = 60
export const MAX_SETS_PER_EXERCISE = 100

/** PerformedReps (MAX_PERFORMED_REPS), Weight (MAX_WEIGHT_LBS, in the set's own unit), Rpe. */
export const MAX_REPS = 100
export const MAX_WEIGHT = 2000
export const MIN_RPE = 1
export const MAX_RPE = 10

/** A session's duration_seconds (MAX_WORKOUT_SECONDS). */
export const MAX_DURATION_SECONDS = 86_400
