import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { WorkoutTitle } from "#domain/exercise-details.ts"
import { ExerciseId, ExerciseName } from "#domain/exercises.ts"
import { IMPORT_SOURCES, SessionKey } from "#domain/history-import.ts"
import {
  type ExportedSet,
  OUR_CSV_HEADER,
  ourCsvLine,
  STRONG_CSV_HEADER,
  strongCsvLine
} from "#domain/import-formats/history-export.ts"
import type { Logbook, SourceSession } from "#domain/import-formats/logbook.ts"
import type { Unit } from "#domain/units.ts"
import * as A from "../arbitraries.ts"
import { readLogbookText } from "./read-logbook.ts"

/*
 * Export, then import: our CSV read back through papaparse and our reader gives the
 * sessions and sets it was written from, for any history the server can hold. The
 * generators take their bounds from the wire's schemas, not from the reader, and the text
 * is the awkward kind: commas, quotes, semicolons, emoji, "=" at the start.
 */

const AWKWARD = [",", '"', ";", "'", "=", " ", "(", ")", "-", "é", "ß", "🚀", "#", ":", "|", "\\", "a", "Z", "7"]

/** Text that passes `schema`: arbitrary graphemes or a mix of the characters that CSV quotes. */
const textFor = (schema: Schema.Codec<string, string>, maxLength: number): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.string({ unit: "grapheme", minLength: 1, maxLength }),
      fc.array(fc.constantFrom(...AWKWARD), { minLength: 1, maxLength }).map((chars) => chars.join(""))
    )
    .filter(Schema.is(schema))

const exerciseName = textFor(ExerciseName, 40)
const workoutTitle = fc.oneof(fc.constant(""), textFor(WorkoutTitle, 30))
const exerciseId = fc
  .oneof(fc.constant(""), fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}$/))
  .filter((id) => id === "" || Schema.is(ExerciseId)(id))
const unit = fc.constantFrom<Unit>("lb", "kg")
const instant = fc
  .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2199-12-31T23:59:59Z"), noInvalidDate: true })
  .map((d) => d.toISOString())

/** Keys the server writes: ours by day and order, and imported ones as their source wrote them. */
const sessionKey = fc
  .oneof(
    fc.tuple(A.isoDate, fc.integer({ min: 0, max: 1000 })).map(([date, order]) => `ours:${date}:${order}`),
    fc.tuple(fc.constantFrom(...IMPORT_SOURCES), textFor(SessionKey, 60)).map(([source, rest]) => `${source}:${rest}`)
  )
  .filter(Schema.is(SessionKey))

/** A set the import stores: a weight or reps, either or both (neither is left, docs/import-export.md). */
const storedSet = fc
  .record({
    weight: fc.option(A.weight, { nil: null }),
    unit,
    reps: fc.option(A.performedReps, { nil: null }),
    rpe: fc.option(A.rpe, { nil: null })
  })
  .filter(({ weight, reps }) => weight !== null || reps !== null)

const exercise = fc.record({
  name: exerciseName,
  id: exerciseId,
  sets: fc.array(storedSet, { minLength: 1, maxLength: 4 })
})

const session = fc.record({
  key: sessionKey,
  date: A.isoDate,
  workout: workoutTitle,
  startedAt: fc.option(instant, { nil: null }),
  duration: fc.option(fc.integer({ min: 0, max: 86_400 }), { nil: null }),
  exercises: fc.array(exercise, { minLength: 1, maxLength: 4 })
})

type History = ReadonlyArray<typeof session extends fc.Arbitrary<infer S> ? S : never>

const history = fc.uniqueArray(session, { minLength: 1, maxLength: 5, selector: (s) => s.key })

/** The rows the server streams for a history, in its order. */
const exportedSets = (sessions: History): ReadonlyArray<ExportedSet> =>
  sessions.flatMap((s) =>
    s.exercises.flatMap((e) =>
      e.sets.map((set, index): ExportedSet => ({
        date: s.date,
        session: s.key,
        workout: s.workout,
        started_at: s.startedAt,
        duration_seconds: s.duration,
        exercise: e.name,
        exercise_id: e.id,
        set: index + 1,
        ...set
      }))
    )
  )

/** What reading the export must find: the history itself. */
const expectedSessions = (sessions: History): ReadonlyArray<SourceSession> =>
  sessions.map((s) => ({
    key: s.key,
    date: s.date,
    startedAt: s.startedAt ?? undefined,
    durationSeconds: s.duration ?? undefined,
    title: s.workout === "" ? undefined : s.workout,
    exercises: s.exercises.map((e) =>
      e.id === "" ? { name: e.name, sets: e.sets } : { name: e.name, exerciseId: e.id, sets: e.sets }
    )
  }))

const read = (text: string): { readonly source: string | undefined; readonly logbook: Logbook | undefined } =>
  readLogbookText(text)

describe("our export read back", () => {
  it("gives the same sessions, exercises and sets", () => {
    fc.assert(
      fc.property(history, (sessions) => {
        const text = OUR_CSV_HEADER + exportedSets(sessions).map(ourCsvLine).join("")
        const { source, logbook } = read(text)
        expect(source).toBe("ours")
        expect(logbook?.left).toEqual([])
        expect(logbook?.sessions).toEqual(expectedSessions(sessions))
      }),
      A.RUNS
    )
  })

  it("read in any zone, is the same: our file names instants and days, not wall clocks", () => {
    fc.assert(
      fc.property(history, fc.integer({ min: -720, max: 840 }), (sessions, offset) => {
        const text = OUR_CSV_HEADER + exportedSets(sessions).map(ourCsvLine).join("")
        expect(readLogbookText(text, { utcOffset: () => offset }).logbook).toEqual(read(text).logbook)
      }),
      { numRuns: 50 }
    )
  })
})

/** Strong writes 0 for what was not entered, so a set of no weight and 0 reps reads as no set there. */
const strongSession = session.filter((s) =>
  s.exercises.every((e) => e.sets.every(({ weight, reps }) => (weight ?? 0) > 0 || (reps ?? 0) > 0))
)

describe("Strong's export read back", () => {
  it("gives one session's exercises and sets, with their units", () => {
    fc.assert(
      fc.property(strongSession, (s) => {
        const text =
          STRONG_CSV_HEADER +
          exportedSets([s])
            .map((set) => strongCsvLine(set))
            .join("")
        const { source, logbook } = read(text)
        expect(source).toBe("strong")
        expect(logbook?.left).toEqual([])
        expect(logbook?.sessions).toHaveLength(1)
        expect(logbook?.sessions[0]).toMatchObject({
          date: s.date,
          title: s.workout === "" ? undefined : s.workout,
          // Strong counts whole minutes.
          durationSeconds: s.duration === null ? undefined : Math.floor(s.duration / 60) * 60,
          exercises: s.exercises.map((e) => ({ name: e.name, sets: e.sets }))
        })
      }),
      A.RUNS
    )
  })
})
