import type { IsoDate } from "../calendar.ts"
import type { ImportSource } from "../history-import.ts"
import { MAX_EXERCISES_PER_SESSION, MAX_SETS_PER_EXERCISE } from "./import-bounds.ts"
import type { LeftRow, Logbook, RowOutcome, SourceExercise, SourceSession, SourceSet } from "./logbook.ts"
import { excerptOf } from "./source-text.ts"

/*
 * What the readers build a logbook with, one row at a time. A session is made on its
 * first set, from that row's facts, so a session of warm-ups and cardio alone is no
 * session. Sets of one exercise, one after another, are one exercise; the same exercise
 * again after another one, or after its set numbers start over, is a new one (Hevy and
 * Strong repeat an exercise in one workout). Past the wire's bounds a set is left "over
 * the limit" rather than split (docs/import-export.md).
 */

/** What a row says of its session; the first set's row speaks for the whole session. */
export interface SessionFacts {
  readonly key: string
  readonly date: IsoDate
  readonly startedAt?: string | undefined
  readonly durationSeconds?: number | undefined
  readonly title?: string | undefined
}

export interface RowSet {
  readonly exercise: string
  readonly exerciseId?: string | undefined
  /** The set's number in the file, where it has one: a number not above the last starts a new exercise. */
  readonly ordinal?: number | undefined
  readonly set: SourceSet
}

interface OpenExercise {
  readonly name: string
  readonly exerciseId: string | undefined
  readonly sets: Array<SourceSet>
  lastOrdinal: number | undefined
}

interface OpenSession {
  readonly facts: SessionFacts
  readonly exercises: Array<OpenExercise>
}

export interface LogbookBuilder {
  readonly add: (facts: SessionFacts, row: RowSet, line: number, fields: ReadonlyArray<string>) => void
  readonly leave: (line: number, reason: RowOutcome, fields: ReadonlyArray<string>) => void
  readonly finish: () => Logbook
}

const startsOver = (open: OpenExercise, ordinal: number | undefined): boolean =>
  ordinal !== undefined && open.lastOrdinal !== undefined && ordinal <= open.lastOrdinal

export const makeLogbookBuilder = (source: ImportSource): LogbookBuilder => {
  const sessions = new Map<string, OpenSession>()
  const left: Array<LeftRow> = []

  const leave = (line: number, reason: RowOutcome, fields: ReadonlyArray<string>): void => {
    left.push({ line, reason, excerpt: excerptOf(fields) })
  }

  const add = (facts: SessionFacts, row: RowSet, line: number, fields: ReadonlyArray<string>): void => {
    const session = sessions.get(facts.key) ?? { facts, exercises: [] }
    const last = session.exercises.at(-1)
    const continues =
      last !== undefined &&
      last.name === row.exercise &&
      last.exerciseId === row.exerciseId &&
      !startsOver(last, row.ordinal)
    let exercise = continues ? last : undefined
    if (exercise === undefined) {
      if (session.exercises.length >= MAX_EXERCISES_PER_SESSION) {
        leave(line, "over the limit", fields)
        return
      }
      exercise = { name: row.exercise, exerciseId: row.exerciseId, sets: [], lastOrdinal: undefined }
      session.exercises.push(exercise)
      sessions.set(facts.key, session)
    }
    if (exercise.sets.length >= MAX_SETS_PER_EXERCISE) {
      leave(line, "over the limit", fields)
      return
    }
    exercise.sets.push(row.set)
    if (row.ordinal !== undefined) exercise.lastOrdinal = row.ordinal
  }

  const finish = (): Logbook => ({
    source,
    sessions: Array.from(sessions.values(), ({ facts, exercises }): SourceSession => ({
      key: facts.key,
      date: facts.date,
      startedAt: facts.startedAt,
      durationSeconds: facts.durationSeconds,
      title: facts.title,
      exercises: exercises.map(({ name, exerciseId, sets }): SourceExercise =>
        exerciseId === undefined ? { name, sets } : { name, exerciseId, sets }
      )
    })),
    left
  })

  return { add, leave, finish }
}
