import type { IsoDate } from "../calendar.ts"
import type { ImportSource } from "../history-import.ts"
import type { Unit } from "../units.ts"

/*
 * What reading another app's export finds (docs/decisions/049-import-and-export.md), before
 * the lifter maps its exercises and confirms: sessions in the source's own exercise names,
 * each set in the unit the file gives it (or none, when the file does not say and the
 * lifter must), and every row that is not a lift, with why.
 */

export interface SourceSet {
  readonly weight: number | null
  /** null: the file does not say (FitNotes without a unit column, Strong's older export). */
  readonly unit: Unit | null
  readonly reps: number | null
  readonly rpe: number | null
}

export interface SourceExercise {
  /** The exercise as the source names it ("Squat (Barbell)"). */
  readonly name: string
  /** Our library id, when the file says it (our own export's `exercise_id` column). */
  readonly exerciseId?: string
  readonly sets: ReadonlyArray<SourceSet>
}

export interface SourceSession {
  /** What identifies this session in the source: its name and start, with the source in front. */
  readonly key: string
  readonly date: IsoDate
  /**
   * When it started, as a UTC instant (Date#toISOString). Files that write the lifter's wall
   * clock (Strong, Hevy) are read in the zone the reader is given (docs/import-export.md).
   */
  readonly startedAt: string | undefined
  readonly durationSeconds: number | undefined
  readonly title: string | undefined
  readonly exercises: ReadonlyArray<SourceExercise>
}

/** Why a row of the file is not a set that is stored. */
export type RowOutcome =
  | "warm-up"
  | "rest timer"
  | "cardio"
  | "no reps or weight"
  | "unreadable date"
  | "unreadable number"
  | "missing exercise"
  /** Liftosaur lists the sets a program asked for; one with nothing completed was not done. */
  | "not done"
  /** Our own export's `session` column is not a session key (docs/import-export.md). */
  | "unreadable session"
  /** Past MAX_IMPORT_SETS_PER_EXERCISE sets of one exercise, or MAX_IMPORT_EXERCISES_PER_SESSION exercises. */
  | "over the limit"

export interface LeftRow {
  /** 1-based line of the file, the header being line 1. */
  readonly line: number
  readonly reason: RowOutcome
  /** A few words of the row, to find it in the file. */
  readonly excerpt: string
}

export interface Logbook {
  readonly source: ImportSource
  readonly sessions: ReadonlyArray<SourceSession>
  /** Rows read but not stored, each with its reason (warm-ups and cardio too: they are not lifts). */
  readonly left: ReadonlyArray<LeftRow>
}
