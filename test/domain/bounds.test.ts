/**
 * The contract's bounds as properties (docs/decisions/013-input-bounds.md): names with
 * any control or format character are refused and printable ones with a visible
 * character kept; ids stop at the database's integer; a read spans 1 to 366 days and
 * names `to` when it does not; a workout stops at its caps.
 */
import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { addDays, type IsoDate } from "#domain/calendar.ts"
import { SetId, UserId, UserIdFromString } from "#domain/ids.ts"
import { hasOnlyPrintableCharacters, hasVisibleCharacter, MAX_DATABASE_ID } from "#domain/plain-bounds.ts"
import { PersonName } from "#domain/user.ts"
import { ExerciseName } from "#domain/exercises.ts"
import { BuiltWorkout, MAX_READ_DAYS, ReadRange, WORKOUT_CAPS } from "#domain/workout.ts"

// Unicode Cc and Cf, the ones the issue names first.
const REFUSED_CHARACTERS = [
  "\u0000",
  "\u0007",
  "\u0009",
  "\u000A",
  "\u001B",
  "\u007F",
  "\u0085",
  "\u00AD",
  "\u200B",
  "\u200C",
  "\u200D",
  "\u200E",
  "\u202A",
  "\u202E",
  "\u2066",
  "\u2069",
  "\u2028",
  "\u2029",
  "\uFEFF",
  "\uD800"
]

const letters = fc.stringMatching(/^[A-Za-zÀ-ÿ一-龥]{1,40}$/)
const refused = fc.constantFrom(...REFUSED_CHARACTERS)
const names = [
  ["PersonName", PersonName],
  ["ExerciseName", ExerciseName]
] as const

describe("names", () => {
  it.each(names)("%s refuses any control or format character, wherever it is", (_, schema) => {
    fc.assert(
      fc.property(letters, refused, letters, (before, bad, after) => {
        expect(Schema.is(schema)(`${before}${bad}${after}`)).toBe(false)
      })
    )
  })

  it.each(names)("%s keeps printable names with a visible character, in any script", (_, schema) => {
    fc.assert(
      fc.property(letters, letters, (first, last) => {
        expect(Schema.is(schema)(`${first} ${last}`)).toBe(true)
      })
    )
    for (const name of ["Ada Lovelace", "José", "Zoë", "李小龙", "Ðorđe", "O'Brien-Smith", "💪 Day", "5x5"]) {
      expect(Schema.is(schema)(name), name).toBe(true)
    }
  })

  it.each(names)("%s refuses text that shows nothing", (_, schema) => {
    const invisible = fc.array(fc.constantFrom("\u200B", "\u200C", "\u200D", "\u2060", "\u3164", "\u115F"), {
      minLength: 1,
      maxLength: 10
    })
    fc.assert(
      fc.property(invisible, (parts) => {
        expect(Schema.is(schema)(parts.join(""))).toBe(false)
      })
    )
  })

  it("the plain predicates agree with the characters listed", () => {
    for (const bad of REFUSED_CHARACTERS)
      expect(hasOnlyPrintableCharacters(`a${bad}b`), JSON.stringify(bad)).toBe(false)
    expect(hasVisibleCharacter("\u3164\u200B ")).toBe(false)
    expect(hasVisibleCharacter(" . ")).toBe(true)
  })
})

describe("ids", () => {
  it("accept every whole number from 1 to the database's largest integer, and nothing past it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_DATABASE_ID }), (id) => {
        expect(Schema.is(UserId)(id) && Schema.is(SetId)(id)).toBe(true)
      })
    )
    fc.assert(
      fc.property(fc.integer({ min: MAX_DATABASE_ID + 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(Schema.is(UserId)(id) || Schema.is(SetId)(id)).toBe(false)
      })
    )
  })

  it("from a path, 2147483648 and 2^53 are refused with a message naming the bound", () => {
    for (const text of ["2147483648", "9007199254740992", "9007199254740993"]) {
      const decoded = Schema.decodeUnknownExit(UserIdFromString)(text)
      expect(decoded._tag, text).toBe("Failure")
    }
    expect(Schema.decodeUnknownSync(UserIdFromString)("2147483647")).toBe(MAX_DATABASE_ID)
  })
})

describe("read ranges", () => {
  const day = fc.integer({ min: 0, max: 365 * 200 }).map((n) => addDays("1900-01-01" as IsoDate, n))

  it(`accept from..to of 1 to ${MAX_READ_DAYS} days`, () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: MAX_READ_DAYS - 1 }), (from, span) => {
        expect(Schema.is(ReadRange)({ from, to: addDays(from, span) })).toBe(true)
      })
    )
  })

  it("refuse wider or reversed ranges, at `to`", () => {
    const refusal = (range: unknown) => {
      const exit = Schema.decodeUnknownExit(ReadRange)(range)
      return exit._tag === "Failure" ? String(exit.cause) : "accepted"
    }
    fc.assert(
      fc.property(day, fc.integer({ min: MAX_READ_DAYS, max: 40_000 }), (from, span) => {
        expect(refusal({ from, to: addDays(from, span) })).toContain("to must be at most")
        expect(refusal({ from: addDays(from, span), to: from })).toContain("to must not be before from")
      })
    )
  })
})

describe("workout caps", () => {
  const set = { set: 0, amsap: false, fields: [] }
  const workout = (exercises: number, sets: number) =>
    Array.from({ length: exercises }, () => ({ name: "Squat", sets: Array.from({ length: sets }, () => set) }))

  it("a workout at its caps is accepted, one exercise or one set more is not", () => {
    expect(Schema.is(BuiltWorkout)(workout(WORKOUT_CAPS.exercises, WORKOUT_CAPS.setsPerExercise))).toBe(true)
    expect(Schema.is(BuiltWorkout)(workout(WORKOUT_CAPS.exercises + 1, 1))).toBe(false)
    expect(Schema.is(BuiltWorkout)(workout(1, WORKOUT_CAPS.setsPerExercise + 1))).toBe(false)
  })
})
