import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { MAX_WORKOUT_SECONDS } from "#domain/completion.ts"
import { MAX_TITLE_LENGTH, WorkoutTitle } from "#domain/exercise-details.ts"
import { ExerciseId, ExerciseName } from "#domain/exercises.ts"
import {
  IMPORT_SOURCES,
  ImportedSession,
  MAX_IMPORT_EXERCISES_PER_SESSION,
  MAX_IMPORT_SETS_PER_EXERCISE,
  SessionKey
} from "#domain/history-import.ts"
import * as Bounds from "#domain/import-formats/import-bounds.ts"
import type { SourceSession } from "#domain/import-formats/logbook.ts"
import { sessionKey, storableText } from "#domain/import-formats/source-text.ts"
import { MAX_PERFORMED_REPS, MAX_WEIGHT_LBS, Rpe } from "#domain/set-fields.ts"
import { readFixture } from "./read-logbook.ts"

/*
 * The readers keep the wire's bounds as plain numbers (they load no Effect); these are the
 * schemas' own, and what the readers make goes on the wire as it is.
 */

describe("the readers' bounds", () => {
  it("are the wire's", () => {
    expect(Bounds.SOURCE_NAMES).toEqual(IMPORT_SOURCES)
    expect(Bounds.MAX_SETS_PER_EXERCISE).toBe(MAX_IMPORT_SETS_PER_EXERCISE)
    expect(Bounds.MAX_EXERCISES_PER_SESSION).toBe(MAX_IMPORT_EXERCISES_PER_SESSION)
    expect(Bounds.MAX_REPS).toBe(MAX_PERFORMED_REPS)
    expect(Bounds.MAX_WEIGHT).toBe(MAX_WEIGHT_LBS)
    expect(Bounds.MAX_SESSION_TITLE_LENGTH).toBe(MAX_TITLE_LENGTH)
    expect(Bounds.MAX_DURATION_SECONDS).toBe(MAX_WORKOUT_SECONDS)
  })

  it("are where the schemas draw their lines", () => {
    const at = (schema: Schema.Codec<string, string>, length: number) => [
      Schema.is(schema)("x".repeat(length)),
      Schema.is(schema)("x".repeat(length + 1))
    ]
    expect(at(SessionKey, Bounds.MAX_SESSION_KEY_LENGTH)).toEqual([true, false])
    expect(at(ExerciseName, Bounds.MAX_EXERCISE_NAME_LENGTH)).toEqual([true, false])
    expect(at(WorkoutTitle, Bounds.MAX_SESSION_TITLE_LENGTH)).toEqual([true, false])
    expect(at(ExerciseId, Bounds.MAX_EXERCISE_ID_LENGTH)).toEqual([true, false])
    expect([Bounds.MIN_RPE, Bounds.MAX_RPE].map(Schema.is(Rpe))).toEqual([true, true])
    expect([Bounds.MIN_RPE - 0.5, Bounds.MAX_RPE + 0.5].map(Schema.is(Rpe))).toEqual([false, false])
  })
})

describe("what the readers make", () => {
  it("makes keys and names the wire takes, from any text", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...IMPORT_SOURCES),
        fc.array(fc.string({ unit: "binary", maxLength: 120 })),
        (source, parts) => {
          const key = sessionKey(source, ...parts)
          expect(Schema.is(SessionKey)(key)).toBe(true)
          expect(key.startsWith(`${source}:`)).toBe(true)
        }
      )
    )
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 150 }), (text) => {
        const name = storableText(text, Bounds.MAX_EXERCISE_NAME_LENGTH)
        expect(name === "" || Schema.is(ExerciseName)(name)).toBe(true)
      })
    )
  })

  /** A read session as the browser sends it, the lifter having named a unit where the file did not. */
  const onTheWire = (session: SourceSession): unknown => ({
    key: session.key,
    date: session.date,
    ...(session.startedAt === undefined ? {} : { started_at: session.startedAt }),
    ...(session.durationSeconds === undefined ? {} : { duration_seconds: session.durationSeconds }),
    ...(session.title === undefined ? {} : { title: session.title }),
    exercises: session.exercises.map((exercise) => ({
      name: exercise.name,
      ...(exercise.exerciseId === undefined ? {} : { exercise_id: exercise.exerciseId }),
      sets: exercise.sets.map((set) => ({ ...set, unit: set.unit ?? "kg" }))
    }))
  })

  it.each([
    "strong-comma.csv",
    "strong-semicolon.csv",
    "hevy-kg.csv",
    "hevy-lbs.csv",
    "fitnotes.csv",
    "liftosaur.csv",
    "ours.csv"
  ])("reads %s into sessions the wire takes as they are", (name) => {
    const logbook = readFixture(name, { utcOffset: () => -300 })
    expect(logbook.sessions.length).toBeGreaterThan(0)
    for (const session of logbook.sessions) {
      expect(() => Schema.decodeUnknownSync(ImportedSession)(onTheWire(session))).not.toThrow()
    }
  })
})
