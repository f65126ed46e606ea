import type { FormatReader } from "./format-reader.ts"
import {
  EXERCISE_ID_PATTERN,
  MAX_EXERCISE_ID_LENGTH,
  MAX_EXERCISE_NAME_LENGTH,
  MAX_SESSION_KEY_LENGTH,
  MAX_SESSION_TITLE_LENGTH,
  SOURCE_NAMES
} from "./import-bounds.ts"
import { readSet, readUnit } from "./set-reading.ts"
import { cell, sessionKey, storableText } from "./source-text.ts"
import { readInstant, readIsoDay, readSecondsCount } from "./source-times.ts"

/*
 * Our own export (OUR_CSV_HEADER in history-export.ts, docs/import-export.md): one row per
 * set, its session named by `session`, the key the session was stored under ("ours:<date>:
 * <workout_order>" for a workout of ours, the original key for one imported), so a file
 * exported and imported again adds nothing twice. Read back, it gives what was written.
 */

/** A key as the wire takes it and as a source writes it: "<source>:" and something after. */
const isSessionKey = (text: string): boolean =>
  storableText(text, MAX_SESSION_KEY_LENGTH) === text &&
  SOURCE_NAMES.some((source) => text.startsWith(`${source}:`) && text.length > source.length + 1)

const isExerciseId = (text: string): boolean => text.length <= MAX_EXERCISE_ID_LENGTH && EXERCISE_ID_PATTERN.test(text)

export const ourRows: FormatReader = (columns) => {
  const at = {
    date: columns.find("date"),
    session: columns.find("session"),
    workout: columns.find("workout"),
    startedAt: columns.find("started at"),
    duration: columns.find("duration seconds"),
    exercise: columns.find("exercise"),
    exerciseId: columns.find("exercise id"),
    set: columns.find("set"),
    weight: columns.find("weight"),
    unit: columns.find("unit"),
    reps: columns.find("reps"),
    rpe: columns.find("rpe")
  }

  return (fields) => {
    const date = readIsoDay(cell(fields, at.date))
    if (date === undefined) return { left: "unreadable date" }
    const workout = cell(fields, at.workout)
    // A file edited by hand may lose the column; the day and the workout's name stand in.
    const session = cell(fields, at.session)
    const key = session === "" ? sessionKey("ours", date, workout) : session
    if (!isSessionKey(key)) return { left: "unreadable session" }
    const exercise = storableText(cell(fields, at.exercise), MAX_EXERCISE_NAME_LENGTH)
    if (exercise === "") return { left: "missing exercise" }
    const reading = readSet({
      weight: cell(fields, at.weight),
      reps: cell(fields, at.reps),
      rpe: cell(fields, at.rpe),
      unit: readUnit(cell(fields, at.unit)),
      distanceOrTime: false,
      zeroIsBlank: false
    })
    if ("left" in reading) return { left: reading.left }
    // Garnish of the session: unreadable, it is left out and the sets still count.
    const startedAt = readInstant(cell(fields, at.startedAt))
    const exerciseId = cell(fields, at.exerciseId)
    const set = cell(fields, at.set)
    const title = storableText(workout, MAX_SESSION_TITLE_LENGTH)
    return {
      session: {
        key,
        date,
        startedAt: startedAt === undefined ? undefined : new Date(startedAt).toISOString(),
        durationSeconds: readSecondsCount(cell(fields, at.duration)),
        title: title === "" ? undefined : title
      },
      lift: {
        exercise,
        exerciseId: isExerciseId(exerciseId) ? exerciseId : undefined,
        ordinal: /^\d+$/.test(set) ? Number(set) : undefined,
        set: reading.set
      }
    }
  }
}
