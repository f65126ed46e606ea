import * as Schema from "effect/Schema"
import { displayName } from "./display-text.ts"
import { EQUIPMENT, EXERCISE_CATEGORIES } from "./exercise-kinds.ts"

/*
 * The exercise library on the wire (docs/decisions/019). The canonical exercises are the catalogue
 * (exercise-catalogue.ts), which the server holds in its exercise_library table; a coach's
 * own exercises sit beside them, seen only by that coach and their clients. Workouts name
 * their exercises by id. The catalogue's data stays out of this file, so the contract does
 * not download 160 exercises with every screen.
 */

/** An exercise's name: printable, one visible character at least (display-text.ts). */
export const ExerciseName = displayName("exercise name", 100)
export type ExerciseName = typeof ExerciseName.Type

/**
 * A library id: a catalogue slug ("back-squat") or a coach's own exercise ("custom-12").
 * The wire checks the form only; whether the caller may use it is the server's check (a
 * 400 naming exercise_id).
 */
export const ExerciseId = Schema.String.annotate({ message: "exercise_id must be a string" }).check(
  Schema.isPattern(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    message: "exercise_id must be a library id like back-squat"
  }),
  Schema.isMaxLength(64, { message: "exercise_id must be at most 64 characters" })
)
export type ExerciseId = typeof ExerciseId.Type

/** The message of a well-formed id that is neither canonical nor one of the coach's own. */
export const UNKNOWN_EXERCISE = "exercise_id: must be an exercise of the library"

/** Custom exercises' ids: the prefix and the server's serial number ("custom-12"). */
export const CUSTOM_EXERCISE_PREFIX = "custom-"

/** The most exercises of their own one coach keeps, however they were made (docs/product.md, Limits). */
export const MAX_CUSTOM_EXERCISES = 500
export const isCustomExerciseId = (id: string): boolean => /^custom-[1-9][0-9]*$/.test(id)

export const ExerciseCategorySchema = Schema.Literals(EXERCISE_CATEGORIES).annotate({
  message: `category must be one of ${EXERCISE_CATEGORIES.join(", ")}`
})
export const EquipmentSchema = Schema.Literals(EQUIPMENT).annotate({
  message: `equipment must be one of ${EQUIPMENT.join(", ")}`
})

/** What a demo link must be, said to the coach as the contract says it. */
export const DEMO_URL_RULE = "url must be an https:// address, like https://youtu.be/…"

/** The longest demo link kept: far above any video site's, low enough to show whole. */
export const MAX_DEMO_URL_LENGTH = 500

/** Whether the text is a demo link the contract takes (DemoUrl), without Effect: a form checks as it is typed. */
export const isDemoUrl = (text: string): boolean => text.length <= MAX_DEMO_URL_LENGTH && isHttpsUrl(text)

const isHttpsUrl = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === "https:" && url.hostname.includes(".") && url.username === "" && url.password === ""
  } catch {
    return false
  }
}

/**
 * A coach's link to a video showing an exercise (docs/decisions/048): an https address with a
 * host, no credentials, at most MAX_DEMO_URL_LENGTH characters. Opened in a new tab, never
 * embedded, so no other site runs inside ours.
 */
export const DemoUrl = Schema.String.annotate({ message: "url must be a string" }).check(
  Schema.isMaxLength(MAX_DEMO_URL_LENGTH, { message: `url must be at most ${MAX_DEMO_URL_LENGTH} characters` }),
  Schema.makeFilter(isHttpsUrl, { message: DEMO_URL_RULE })
)
export type DemoUrl = typeof DemoUrl.Type

/** Body and answer of PUT /api/exercises/demo: the coach's demo link for an exercise; null takes it away. */
export const ExerciseDemo = Schema.Struct({ exerciseId: ExerciseId, url: Schema.NullOr(DemoUrl) })
export type ExerciseDemo = typeof ExerciseDemo.Type

/**
 * One exercise as GET /api/exercises lists it. `custom` marks a coach's own; `demo_url` is
 * the reader's coach's demo link, only where they set one.
 */
export const LibraryExercise = Schema.Struct({
  id: ExerciseId,
  name: ExerciseName,
  aliases: Schema.Array(ExerciseName),
  category: ExerciseCategorySchema,
  equipment: EquipmentSchema,
  custom: Schema.Boolean.annotate({ message: "custom must be true or false" }),
  demo_url: Schema.optionalKey(DemoUrl)
})
export type LibraryExercise = typeof LibraryExercise.Type

/** GET /api/exercises: the canonical exercises, then the coach's own (a client sees their coach's). */
export const ExerciseLibrary = Schema.Array(LibraryExercise)
export type ExerciseLibrary = typeof ExerciseLibrary.Type

/**
 * Body of POST /api/exercises: a coach adds an exercise of their own, from the builder's
 * combobox. Idempotent by name: a name the coach already has (or a canonical name or
 * alias, compared as normalizeExerciseName does) answers that exercise instead of a copy.
 * Category and equipment default to "other".
 */
export const NewCustomExercise = Schema.Struct({
  name: ExerciseName,
  category: Schema.optionalKey(ExerciseCategorySchema),
  equipment: Schema.optionalKey(EquipmentSchema)
})
export type NewCustomExercise = typeof NewCustomExercise.Type
