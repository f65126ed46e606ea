import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { MAX_WORKOUT_SECONDS, utcInstant } from "./completion.ts"
import { displayName } from "./display-text.ts"
import { WorkoutTitle } from "./exercise-details.ts"
import { ExerciseId, ExerciseName } from "./exercises.ts"
import { MAX_DATABASE_ID } from "./plain-bounds.ts"
import { UnitSchema } from "./preferences.ts"
import { PerformedReps, Rpe, Weight } from "./set-fields.ts"
import { API_STAGE } from "./api-stage.ts"

/*
 * A lifter's logbook brought from another app (docs/decisions/049-import-and-export.md).
 * The browser reads the file (src/domain/import-formats), shows what it found, and sends
 * what the lifter confirmed in chunks; each session is stored once per lifter, keyed by
 * what the source says identifies it, so the same file again, or an overlapping export,
 * adds only sessions not stored before. An import is undone as one unit within a day.
 */

/** The apps whose exports are read, and our own export ("ours"). */
export const IMPORT_SOURCES = ["strong", "hevy", "fitnotes", "liftosaur", "ours"] as const
export const ImportSource = Schema.Literals(IMPORT_SOURCES).annotate({
  message: `source must be one of ${IMPORT_SOURCES.join(", ")}`
})
export type ImportSource = typeof ImportSource.Type

/** Sets one chunk may carry: a 256 KiB body holds them with room to spare. */
export const MAX_IMPORT_SETS_PER_CALL = 1000
/** Sessions one chunk may carry. */
export const MAX_IMPORT_SESSIONS_PER_CALL = 200
/** Exercises of one session, and sets of one exercise, as far as any logbook goes. */
export const MAX_IMPORT_EXERCISES_PER_SESSION = 60
export const MAX_IMPORT_SETS_PER_EXERCISE = 100
/** How long after an import it can be taken back as one unit. */
export const IMPORT_UNDO_HOURS = 24

export const ImportId = Schema.Number.annotate({ message: "import_id must be a number" })
  .check(
    Schema.isInt({ message: "import_id must be a whole number" }),
    Schema.isGreaterThan(0, { message: "import_id must be a positive whole number" }),
    Schema.isLessThanOrEqualTo(MAX_DATABASE_ID, { message: `import_id must be at most ${MAX_DATABASE_ID}` })
  )
  .pipe(Schema.brand("ImportId"))
export type ImportId = typeof ImportId.Type

/** The browser's name for one import of one file: every chunk of it carries the same key. */
export const ImportKey = Schema.String.annotate({ message: "import_key must be a string" }).check(
  Schema.isPattern(/^[A-Za-z0-9_-]{16,64}$/, { message: "import_key must be 16 to 64 letters, digits, '-' or '_'" })
)
export type ImportKey = typeof ImportKey.Type

/**
 * What identifies a session in its source (its start time and name, as the source wrote
 * them, with the source's name in front): the same session in a later export has the same key.
 */
export const SessionKey = displayName("session key", 200)
export type SessionKey = typeof SessionKey.Type

export const ImportFileName = displayName("file_name", 200)

/** One set as it was done: what the source recorded, in the unit it recorded it in. */
export const ImportedSet = Schema.Struct({
  weight: Schema.NullOr(Weight),
  unit: UnitSchema,
  reps: Schema.NullOr(PerformedReps),
  rpe: Schema.NullOr(Rpe)
})
export type ImportedSet = typeof ImportedSet.Type

/**
 * One exercise of a session: `exercise_id` when the lifter mapped it to the library (a
 * canonical exercise, or one of their coach's), else a new exercise of `name` of their own.
 */
export const ImportedExercise = Schema.Struct({
  name: ExerciseName,
  exercise_id: Schema.optionalKey(ExerciseId),
  sets: Schema.Array(ImportedSet).check(
    Schema.isMinLength(1, { message: "sets must hold at least one set" }),
    Schema.isMaxLength(MAX_IMPORT_SETS_PER_EXERCISE, {
      message: `sets must hold at most ${MAX_IMPORT_SETS_PER_EXERCISE} sets`
    })
  )
})
export type ImportedExercise = typeof ImportedExercise.Type

export const ImportedSession = Schema.Struct({
  key: SessionKey,
  date: IsoDate,
  /** When it started, where the source says (UTC). */
  started_at: Schema.optionalKey(utcInstant("started_at")),
  duration_seconds: Schema.optionalKey(
    Schema.Number.annotate({ message: "duration_seconds must be a number" }).check(
      Schema.isInt({ message: "duration_seconds must be a whole number" }),
      Schema.isBetween(
        { minimum: 0, maximum: MAX_WORKOUT_SECONDS },
        { message: `duration_seconds must be between 0 and ${MAX_WORKOUT_SECONDS}` }
      )
    )
  ),
  title: Schema.optionalKey(WorkoutTitle),
  exercises: Schema.Array(ImportedExercise).check(
    Schema.isMinLength(1, { message: "exercises must hold at least one exercise" }),
    Schema.isMaxLength(MAX_IMPORT_EXERCISES_PER_SESSION, {
      message: `exercises must hold at most ${MAX_IMPORT_EXERCISES_PER_SESSION} exercises`
    })
  )
})
export type ImportedSession = typeof ImportedSession.Type

export const setCount = (sessions: ReadonlyArray<ImportedSession>): number =>
  sessions.reduce((total, session) => total + session.exercises.reduce((n, e) => n + e.sets.length, 0), 0)

/** Body of POST /api/imports/chunk: a part of one import, stored whole or not at all. */
export const ImportChunk = Schema.Struct({
  import_key: ImportKey,
  source: ImportSource,
  file_name: ImportFileName,
  sessions: Schema.Array(ImportedSession).check(
    Schema.isMinLength(1, { message: "sessions must hold at least one session" }),
    Schema.isMaxLength(MAX_IMPORT_SESSIONS_PER_CALL, {
      message: `sessions must hold at most ${MAX_IMPORT_SESSIONS_PER_CALL} sessions`
    }),
    Schema.makeFilter((sessions) => setCount(sessions) <= MAX_IMPORT_SETS_PER_CALL, {
      message: `sessions must hold at most ${MAX_IMPORT_SETS_PER_CALL} sets in one call`
    })
  )
})
export type ImportChunk = typeof ImportChunk.Type

/** What one chunk stored: sessions already stored (by key) are counted, not stored again. */
export const ImportChunkReport = Schema.Struct({
  import_id: ImportId,
  sessions_added: Schema.Number,
  sets_added: Schema.Number,
  sessions_skipped: Schema.Number
})
export type ImportChunkReport = typeof ImportChunkReport.Type

/** One import as listed on "Your data". */
export const ImportRecord = Schema.Struct({
  id: ImportId,
  source: ImportSource,
  file_name: ImportFileName,
  created_at: utcInstant("created_at"),
  sessions: Schema.Number,
  sets: Schema.Number,
  /** Until when it can be undone; null once undone or past the window. */
  undo_until: Schema.NullOr(utcInstant("undo_until")),
  undone: Schema.Boolean
})
export type ImportRecord = typeof ImportRecord.Type

/** GET /api/imports: the caller's imports, newest first. */
export const ImportRecords = Schema.Array(ImportRecord)
export type ImportRecords = typeof ImportRecords.Type

/** Body of POST /api/imports/undo. */
export const UndoImportPayload = Schema.Struct({ import_id: ImportId })
export type UndoImportPayload = typeof UndoImportPayload.Type

/** The shapes a history export is written in (GET /api/export/history/{clientId}?format=). */
export const EXPORT_FORMATS = ["csv", "strong", "json"] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
export const isExportFormat = (text: string): text is ExportFormat =>
  (EXPORT_FORMATS as ReadonlyArray<string>).includes(text)
export const EXPORT_HISTORY_PATH = `${API_STAGE}/api/export/history/:clientId` as const
export const exportHistoryPath = (clientId: number, format: ExportFormat): string =>
  `${API_STAGE}/api/export/history/${clientId}?format=${format}`
/** A coach's whole account as one zip: clients, templates, every client's history, chat. */
export const EXPORT_ACCOUNT_PATH = `${API_STAGE}/api/export/account` as const
