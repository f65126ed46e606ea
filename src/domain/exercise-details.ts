import * as Schema from "effect/Schema"
import { displayName } from "./display-text.ts"

/*
 * What a coach prescribes beyond sets (docs/decisions/048-the-coachs-desk.md): a workout's
 * title, and per exercise its superset letter, rest, tempo and a note. Every one is
 * optional; a workout saved without them reads as it always did.
 */

/** The longest title and note, in characters: what the builder's fields hold too. */
export const MAX_TITLE_LENGTH = 60
export const MAX_NOTE_LENGTH = 500

/** A workout's name as the coach gives it ("Heavy lower"): 1..60 characters. */
export const WorkoutTitle = displayName("title", MAX_TITLE_LENGTH)
export type WorkoutTitle = typeof WorkoutTitle.Type

/**
 * Exercises sharing a letter, one after another, are one superset or circuit: the lifter
 * does a set of each in turn (A1, A2, A1, A2 …). One upper-case letter.
 */
export const SupersetLetter = Schema.String.annotate({ message: "superset must be a string" }).check(
  Schema.isPattern(/^[A-Z]$/, { message: "superset must be one letter A to Z" })
)
export type SupersetLetter = typeof SupersetLetter.Type

/** The most rest one exercise may prescribe between sets: 15 minutes. */
export const MAX_REST_SECONDS = 900

/** Rest between sets, whole seconds 0..MAX_REST_SECONDS; the lifter's rest timer starts from it. */
export const RestSeconds = Schema.Number.annotate({ message: "rest_seconds must be a number" }).check(
  Schema.isInt({ message: "rest_seconds must be a whole number" }),
  Schema.isBetween(
    { minimum: 0, maximum: MAX_REST_SECONDS },
    { message: `rest_seconds must be 0 to ${MAX_REST_SECONDS}` }
  )
)
export type RestSeconds = typeof RestSeconds.Type

/**
 * Tempo as coaches write it: four characters for lowering, pause at the bottom, lifting
 * and pause at the top, each a digit of seconds or X for as fast as possible ("31X0").
 */
export const Tempo = Schema.String.annotate({ message: "tempo must be a string" }).check(
  Schema.isPattern(/^[0-9X]{4}$/, { message: "tempo must be four digits or X, like 31X0" })
)
export type Tempo = typeof Tempo.Type

/** The coach's note on an exercise ("Knees out, brace before each rep"): 1..500 characters. */
export const ExerciseNote = displayName("note", MAX_NOTE_LENGTH)
export type ExerciseNote = typeof ExerciseNote.Type

/** The optional prescription of one exercise, as BuiltExercise and GroupedExercise carry it. */
export const exerciseDetailFields = {
  superset: Schema.optionalKey(SupersetLetter),
  rest_seconds: Schema.optionalKey(RestSeconds),
  tempo: Schema.optionalKey(Tempo),
  note: Schema.optionalKey(ExerciseNote)
}

export interface ExerciseDetails {
  readonly superset?: SupersetLetter
  readonly rest_seconds?: RestSeconds
  readonly tempo?: Tempo
  readonly note?: ExerciseNote
}

export const EXERCISE_DETAIL_KEYS = ["superset", "rest_seconds", "tempo", "note"] as const

/** The details present in `source` (nulls and absent keys dropped): what a row or a save carries. */
export const presentDetails = (source: {
  readonly superset?: SupersetLetter | null
  readonly rest_seconds?: RestSeconds | null
  readonly tempo?: Tempo | null
  readonly note?: ExerciseNote | null
}): ExerciseDetails => {
  const details: { -readonly [K in keyof ExerciseDetails]: ExerciseDetails[K] } = {}
  if (source.superset != null) details.superset = source.superset
  if (source.rest_seconds != null) details.rest_seconds = source.rest_seconds
  if (source.tempo != null) details.tempo = source.tempo
  if (source.note != null) details.note = source.note
  return details
}

/** Rest as people say it: "45 s", "2 min", "1:30 min". */
export const restText = (seconds: RestSeconds): string => {
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  return rest === 0 ? `${minutes} min` : `${minutes}:${String(rest).padStart(2, "0")} min`
}

/** "Tempo 31X0 · Rest 1:30 min" ("No rest" for 0), or "" when the exercise prescribes neither. */
export const tempoAndRestText = (details: ExerciseDetails): string =>
  [
    details.tempo === undefined ? null : `Tempo ${details.tempo}`,
    details.rest_seconds === undefined
      ? null
      : details.rest_seconds === 0
        ? "No rest"
        : `Rest ${restText(details.rest_seconds)}`
  ]
    .filter((part) => part !== null)
    .join(" · ")
