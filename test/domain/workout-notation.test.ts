import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { findCanonical } from "#domain/exercise-catalogue.ts"
import type { Percent, Reps, Rpe, Weight } from "#domain/set-fields.ts"
import type { Unit } from "#domain/units.ts"
import { BuiltWorkout, buildSets, WORKOUT_CAPS, type BuiltSet, type SetBuilderInput } from "#domain/workout.ts"
import { parseNotation } from "#domain/workout-notation.ts"
import { printNotation } from "#domain/workout-notation-print.ts"
import type {
  NotationExercise,
  NotationOptions,
  NotationSetGroup,
  ReadNotationLine,
  TitleNotationLine
} from "#domain/workout-notation-types.ts"
import { MAX_REST_SECONDS } from "#domain/exercise-details.ts"
// The wizard names the coach's unit on every new set with a weight; the comparison below does the same.
import { withWeightUnit } from "#machines/builder/builder.units.ts"
import * as A from "./arbitraries.ts"
import { defined } from "./defined.ts"

/** Links a name the way the builder's library does: a catalogue name or alias gets its id. */
const catalogue = (name: string) => {
  const id = findCanonical(name)
  return id === undefined ? { name } : { name, exercise_id: id }
}
const inPounds: NotationOptions = { unit: "lb", resolve: catalogue }

const parse = (text: string, options: NotationOptions = inPounds) => parseNotation(text, options)
const parsedLines = (text: string, options: NotationOptions = inPounds): ReadonlyArray<ReadNotationLine> =>
  parse(text, options).lines.map((line) => {
    if (line._tag === "Failed") throw new Error(`line ${line.line}: ${line.error.message}`)
    return line
  })

/** The only error of a one-line text. */
const errorOf = (text: string, options: NotationOptions = inPounds) => {
  const result = parse(text, options)
  expect(result.workout).toBeUndefined()
  expect(result.errors).toHaveLength(1)
  return defined(result.errors[0])
}

const sets = (count: number, fields: BuiltSet["fields"], extra: Partial<BuiltSet> = {}, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ set: from + i, amsap: false, fields, ...extra }))

const EXAMPLES = [
  "Title: Heavy lower",
  "Back Squat 5x5 @75%",
  "Bench 3x8 @RPE8",
  "Deadlift 1x5 @315, 2x5 -10%",
  "Press 3x5 @60kg",
  "Row 3x10 @80%e1RM",
  "A1 Pull-up 3xAMRAP / A2 Dip 3x10",
  "Plank 3x1",
  "B1 Chin-up 3x8 tempo 21X1 rest 0 # full hang",
  "Dip 3x10 rest 1:30",
  "Front Squat 4x3 @80% tempo 31X0 rest 3m # elbows up, brace / breathe"
] as const

describe("each example line saves the workout it says", () => {
  const cases: ReadonlyArray<readonly [string, BuiltWorkout]> = [
    [
      "Back Squat 5x5 @75%",
      [
        {
          name: "Back Squat",
          exercise_id: "back-squat",
          sets: sets(5, [
            { name: "reps", value: 5 as Reps },
            { name: "max_percent", value: 75 as Percent }
          ])
        }
      ]
    ],
    [
      "Bench 3x8 @RPE8",
      [
        {
          name: "Bench",
          exercise_id: "bench-press",
          sets: sets(3, [
            { name: "reps", value: 8 as Reps },
            { name: "rpe", value: 8 as Rpe }
          ])
        }
      ]
    ],
    [
      "Bench 3x8 @RPE8.5",
      [
        {
          name: "Bench",
          exercise_id: "bench-press",
          sets: sets(3, [
            { name: "reps", value: 8 as Reps },
            { name: "rpe", value: 8.5 as Rpe }
          ])
        }
      ]
    ],
    [
      "Deadlift 1x5 @315, 2x5 -10%",
      [
        {
          name: "Deadlift",
          exercise_id: "deadlift",
          sets: [
            ...sets(
              1,
              [
                { name: "reps", value: 5 as Reps },
                { name: "weight", value: 315 as Weight }
              ],
              { weight_unit: "lb" }
            ),
            ...sets(
              2,
              [
                { name: "reps", value: 5 as Reps },
                { name: "backoff_percent", value: 10 as Percent }
              ],
              {},
              1
            )
          ]
        }
      ]
    ],
    [
      "Press 3x5 @60kg",
      [
        {
          name: "Press",
          sets: sets(
            3,
            [
              { name: "reps", value: 5 as Reps },
              { name: "weight", value: 60 as Weight }
            ],
            { weight_unit: "kg" }
          )
        }
      ]
    ],
    [
      "Row 3x10 @80%e1RM",
      [
        {
          name: "Row",
          sets: sets(3, [
            { name: "reps", value: 10 as Reps },
            { name: "e1rm_percent", value: 80 as Percent }
          ])
        }
      ]
    ],
    [
      "A1 Pull-up 3xAMRAP / A2 Dip 3x10",
      [
        { name: "Pull-up", exercise_id: "pull-up", superset: "A", sets: sets(3, [{ name: "reps", value: "AMRAP" }]) },
        { name: "Dip", exercise_id: "dip", superset: "A", sets: sets(3, [{ name: "reps", value: 10 as Reps }]) }
      ]
    ],
    ["Plank 3x1", [{ name: "Plank", exercise_id: "plank", sets: sets(3, [{ name: "reps", value: 1 as Reps }]) }]],
    [
      "Squat 3x5 @75%, 1x5 @70% AMSAP",
      [
        {
          name: "Squat",
          exercise_id: "back-squat",
          sets: [
            ...sets(3, [
              { name: "reps", value: 5 as Reps },
              { name: "max_percent", value: 75 as Percent }
            ]),
            ...sets(
              1,
              [
                { name: "reps", value: 5 as Reps },
                { name: "max_percent", value: 70 as Percent }
              ],
              { amsap: true },
              3
            )
          ]
        }
      ]
    ]
  ]

  it.each(cases)("%s", (text, expected) => {
    const result = parse(text)
    expect(result.errors).toEqual([])
    expect(result.workout).toEqual(expected)
    // What parses is what the server accepts.
    expect(Schema.decodeUnknownSync(BuiltWorkout)(result.workout)).toEqual(expected)
  })

  it("a weight without a unit is in the coach's unit, and a written unit wins", () => {
    const kg = { unit: "kg", resolve: catalogue } as const
    expect(parse("Deadlift 1x5 @140", kg).workout?.[0]?.sets[0]?.weight_unit).toBe("kg")
    expect(parse("Deadlift 1x5 @315lb", kg).workout?.[0]?.sets[0]?.weight_unit).toBe("lb")
    expect(parse("Deadlift 1x5 @315 lbs", kg).workout?.[0]?.sets[0]?.weight_unit).toBe("lb")
    expect(parse("Deadlift 1x5 @140 KG").workout?.[0]?.sets[0]?.weight_unit).toBe("kg")
  })

  it("a name the library does not know is saved as typed, with no exercise_id", () => {
    expect(parse("Zottman Curl Thing 3x12").workout).toEqual([
      { name: "Zottman Curl Thing", sets: sets(3, [{ name: "reps", value: 12 as Reps }]) }
    ])
  })

  it("keywords are case-insensitive, spaces optional, x or ×, decimals kept", () => {
    const canonical = parse("Back Squat 5x5 @75% @RPE8, 1x3 @102.5kg -10% AMSAP").workout
    expect(defined(canonical)).toHaveLength(1)
    for (const spelling of [
      "Back Squat 5 X 5 @ 75 % @ rpe 8 , 1 × 3 @ 102.5 KG - 10 % amsap",
      "  Back   Squat 5×5 @75%@RPE8,1x3@102.5kgs -10%AMSAP  "
    ])
      expect({ spelling, workout: parse(spelling).workout }).toEqual({ spelling, workout: canonical })
  })

  it("blank lines are skipped and line numbers count every source line", () => {
    const result = parse("\nBack Squat 5x5\r\n\n   \nBench 3x\n")
    expect(result.lines.map((line) => [line._tag, line.line])).toEqual([
      ["Parsed", 2],
      ["Failed", 5]
    ])
    expect(result.errors.map((error) => error.line)).toEqual([5])
  })

  it("nothing to save in an empty text", () => {
    expect(parse("  \n\n")).toEqual({ lines: [], errors: [], groups: [], workout: undefined })
  })
})

describe("rest, tempo, a note and the title", () => {
  const three = (reps: number) => sets(3, [{ name: "reps", value: reps as Reps }])

  it("the exercise's tempo, rest and note are saved with it, in any order before the note", () => {
    const expected: BuiltWorkout = [
      {
        name: "Pull-up",
        exercise_id: "pull-up",
        superset: "A",
        rest_seconds: 0,
        tempo: "21X1",
        note: "full hang",
        sets: three(8)
      },
      { name: "Dip", exercise_id: "dip", superset: "A", rest_seconds: 90, sets: three(10) }
    ]
    for (const text of [
      "A1 Pull-up 3x8 rest 0 tempo 21X1 # full hang\nA2 Dip 3x10 rest 90s",
      "A1 Pull-up 3x8 tempo 21x1 rest 0 #full hang   \nA2 Dip 3x10 REST 1:30",
      "A1 Pull-up 3x8 TEMPO 21X1 rest 0 sec # full hang\nA2 Dip 3x10 rest 90 s"
    ]) {
      const result = parse(text)
      expect({ text, errors: result.errors }).toEqual({ text, errors: [] })
      expect(result.workout).toEqual(expected)
      expect(Schema.decodeUnknownSync(BuiltWorkout)(result.workout)).toEqual(expected)
    }
  })

  it.each([
    ["rest 0", 0],
    ["rest 45s", 45],
    ["rest 45 secs", 45],
    ["rest 2m", 120],
    ["rest 2 min", 120],
    ["rest 1:30", 90],
    ["rest 0:45", 45],
    ["rest 15m", MAX_REST_SECONDS]
  ] as const)("%s is %i seconds", (rest, seconds) => {
    expect(parse(`Bench 3x8 @RPE8 ${rest}`).workout?.[0]?.rest_seconds).toBe(seconds)
  })

  it("a note runs to the end of the line, / and @ and # included", () => {
    const result = parse("A1 Curl 3x12 # slow / no swing @ top # squeeze")
    expect(result.workout?.[0]?.note).toBe("slow / no swing @ top # squeeze")
    expect(result.workout).toHaveLength(1)
  })

  it("a Title: first line names the workout; without one there is no title", () => {
    const titled = parse("\n  title:   Upper pull  \nA1 Pull-up 3x8\nA2 Dip 3x10")
    expect(titled.errors).toEqual([])
    expect(titled.title).toBe("Upper pull")
    expect(titled.lines[0]).toEqual({ _tag: "Title", line: 2, title: "Upper pull" } satisfies TitleNotationLine)
    expect(titled.workout).toHaveLength(2)
    expect(parse("Back Squat 5x5").title).toBeUndefined()
    // A title alone is no workout.
    expect(parse("Title: Rest day")).toMatchObject({ title: "Rest day", workout: undefined, errors: [] })
  })

  it.each([
    ["a title after the exercises", "Back Squat 5x5\n  Title: Heavy", 2, 3, /^Write the title on the first line/],
    ["an empty title", "Title:   ", 1, 10, /^Expected the workout's title after Title:, like Title: Heavy lower/],
    ["a title too long", `Title: ${"a".repeat(61)}`, 1, 8, /^A title holds at most 60 characters; this one has 61/]
  ] as const)("%s", (_, text, line, column, message) => {
    const result = parse(text)
    expect(result.errors.map((error) => ({ line: error.line, column: error.column }))).toEqual([{ line, column }])
    expect(result.errors[0]?.message).toMatch(message)
    expect(result.errors[0]?.message.endsWith(` at column ${column}`)).toBe(true)
    expect(result.workout).toBeUndefined()
  })
})

describe("the same workout as the builder wizard builds", () => {
  // The wizard: each 'Add sets' is a buildSets call numbered after the exercise's sets so far,
  // and every new set with a weight gets the coach's unit (builder.units.ts).
  const wizard = (
    name: string,
    exercise_id: string,
    adds: ReadonlyArray<Omit<SetBuilderInput, "startIndex" | "amsap">>,
    unit: Unit = "lb"
  ): BuiltWorkout => {
    const built: Array<BuiltSet> = []
    for (const add of adds)
      built.push(...withWeightUnit(buildSets({ ...add, startIndex: built.length, amsap: false }), unit))
    return [{ name, exercise_id, sets: built }]
  }

  it("Back Squat 5x5 @75%", () => {
    expect(parse("Back Squat 5x5 @75%").workout).toEqual(
      wizard("Back Squat", "back-squat", [
        { count: 5, enabledFields: ["reps", "max_percent"], inputs: { reps: "5", max_percent: "75" } }
      ])
    )
  })

  it("Bench 3x8 @RPE8", () => {
    expect(parse("Bench 3x8 @RPE8").workout).toEqual(
      wizard("Bench", "bench-press", [{ count: 3, enabledFields: ["reps", "rpe"], inputs: { reps: "8", rpe: "8" } }])
    )
  })

  it("Deadlift 1x5 @315, 2x5 -10%, in pounds and in kilograms", () => {
    for (const unit of ["lb", "kg"] as const)
      expect(parse("Deadlift 1x5 @315, 2x5 -10%", { unit, resolve: catalogue }).workout).toEqual(
        wizard(
          "Deadlift",
          "deadlift",
          [
            { count: 1, enabledFields: ["reps", "weight"], inputs: { reps: "5", weight: "315" } },
            { count: 2, enabledFields: ["reps", "backoff_percent"], inputs: { reps: "5", backoff_percent: "10" } }
          ],
          unit
        )
      )
  })
})

describe("print and parse", () => {
  it("each example prints back exactly as written, and parse -> print -> parse is stable", () => {
    for (const text of EXAMPLES) {
      const once = parsedLines(text)
      const printed = printNotation(once, "lb")
      expect(printed).toBe(text)
      expect(parsedLines(printed)).toEqual(once)
    }
    const all = EXAMPLES.join("\n")
    expect(printNotation(parsedLines(all), "lb")).toBe(all)
  })

  it("a loose spelling prints in the canonical form", () => {
    expect(printNotation(parsedLines("a1 pull-up 3 × amrap/a2  dip 3X10 @ rpe 9.5 @20 kg"), "lb")).toBe(
      "A1 pull-up 3xAMRAP / A2 dip 3x10 @20kg @RPE9.5"
    )
  })

  it("print -> parse is the identity on any parsed lines", () => {
    fc.assert(
      fc.property(unitArb, linesArb, (unit, lines) => {
        const result = parseNotation(printNotation(lines, unit), { unit, resolve: testResolve })
        expect(result.errors).toEqual([])
        expect(result.lines).toEqual(lines)
        // And the workout is one the server accepts, its sets numbered 0, 1, 2 ... per exercise.
        const workout = Schema.decodeUnknownSync(BuiltWorkout)(result.workout)
        const exercises = lines.flatMap((line) => (line._tag === "Title" ? [] : line.exercises))
        expect(result.title).toBe(lines[0]?._tag === "Title" ? lines[0].title : undefined)
        expect(workout).toHaveLength(exercises.length)
        workout.forEach((exercise, i) => {
          expect(exercise.sets.map((set) => set.set)).toEqual(exercise.sets.map((_, index) => index))
          const typed = defined(exercises[i])
          expect(exercise.sets).toHaveLength(typed.setGroups.reduce((sum, group) => sum + group.count, 0))
          // The exercise's details reach the workout to save as typed.
          expect([exercise.rest_seconds, exercise.tempo, exercise.note]).toEqual([
            typed.rest_seconds,
            typed.tempo,
            typed.note
          ])
        })
      }),
      A.RUNS
    )
  })

  it("never throws, and every error points inside the line or just after it", () => {
    const piece = fc.constantFrom(
      "Squat",
      " ",
      "A1",
      "3",
      "x",
      "×",
      "5",
      "@",
      "%",
      "e1RM",
      "RPE",
      "8.5",
      "kg",
      "-",
      ",",
      "/",
      "AMRAP",
      "AMSAP",
      "\t",
      "é",
      "rest",
      "tempo",
      "90s",
      "1:30",
      "2m",
      "31X0",
      "#",
      "Title:",
      "\n"
    )
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 20 }).map((pieces) => pieces.join("")),
        (line) => {
          const result = parse(line)
          for (const error of result.errors) {
            expect(error.column).toBeGreaterThanOrEqual(1)
            expect(error.column).toBeLessThanOrEqual(Array.from(line).length + 1)
            expect(error.message).toMatch(new RegExp(`at column ${error.column}$`))
          }
          // A workout needs every line read and at least one exercise (a title alone is none).
          expect(result.workout === undefined).toBe(
            result.errors.length > 0 || result.lines.every((read) => read._tag !== "Parsed")
          )
        }
      ),
      A.RUNS
    )
  })
})

describe("errors point at the character where reading failed", () => {
  const cases: ReadonlyArray<readonly [string, string, number, RegExp]> = [
    ["missing reps", "Bench 3x", 9, /^Expected reps after x: a whole number from 0 to 19 or AMRAP/],
    ["missing reps before a load", "Bench 3x @RPE8", 10, /^Expected reps after x/],
    ["unknown keyword after @", "Back Squat 5x5 @heavy", 17, /^Unknown "heavy" after @: expected a weight/],
    ["nothing after @", "Back Squat 5x5 @", 17, /^Expected a load after @/],
    ["RPE above 10", "Bench 3x8 @RPE11", 15, /^RPE must be from 1 to 10 in steps of 0.5/],
    ["RPE not in half steps", "Bench 3x8 @RPE 8.2", 16, /^RPE must be from 1 to 10 in steps of 0.5/],
    ["26 sets", "Back Squat 26x5", 12, /^An exercise holds at most 25 sets; found 26/],
    ["26 sets over two groups", "Back Squat 20x5, 6x3", 18, /this set group brings it to 26/],
    ["empty name", "5x5 @75%", 1, /^Expected an exercise name before the sets/],
    ["empty name after a label", "A1 3x10", 4, /^Expected an exercise name/],
    ["no sets", "Bench", 6, /^Expected sets×reps like 5x5 after the exercise name/],
    ["a load before the sets", "Bench @RPE8", 7, /^Expected sets×reps like 5x5 before the load/],
    ["reps above 19", "Bench 3x20", 9, /^Reps must be a whole number from 0 to 19 or AMRAP/],
    ["reps not whole", "Bench 3x5.5", 9, /^Reps must be a whole number/],
    ["unknown reps word", "Bench 3xmany", 9, /^Unknown reps "many"/],
    ["no x", "Bench 3x5, 3 5", 14, /^Expected x or × between the number of sets and the reps/],
    ["zero sets", "Bench 0x5", 7, /^Expected at least 1 set/],
    ["percentage above 150", "Back Squat 5x5 @151%", 17, /^A percentage must be from 0 to 150/],
    ["backoff above 150", "Back Squat 5x5 -200%", 17, /^A backoff must be from 0 to 150 percent/],
    ["backoff without %", "Back Squat 5x5 -10", 19, /^Expected % after the backoff, like -10%/],
    ["weight above the bound", "Deadlift 1x5 @2001kg", 15, /^A weight must be from 0 to 2000 kg/],
    ["three decimals", "Deadlift 1x5 @100.125", 21, /^Use at most 2 decimal places/],
    ["unknown unit", "Deadlift 1x5 @100kilos", 18, /^Unknown unit "kilos": expected kg or lb/],
    ["unknown word after %", "Row 3x10 @80%max", 14, /^Unknown "max" after 80%: expected e1RM/],
    ["RPE without @", "Bench 3x8 RPE8", 11, /^Write @ before RPE, like @RPE8/],
    ["a stray word", "Bench 3x8 heavy", 11, /^Unknown "heavy": expected a load like @75%/],
    ["a stray character", "Bench 3x8 $", 11, /^Unexpected "\$"/],
    ["a stray character after rest", "Bench 3x8 rest 90s $", 20, /^Unexpected "\$": expected rest like rest 90s/],
    ["an empty note", "Bench 3x8 #", 12, /^Expected a note after #, like # knees out/],
    ["a note before the sets", "Bench # heavy 3x5", 7, /^Expected sets×reps like 5x5 before the note/],
    ["a note too long", `Bench 3x8 # ${"a".repeat(501)}`, 13, /^A note holds at most 500 characters; this one has 501/],
    ["rest with nothing after it", "Bench 3x8 rest", 15, /^Expected how long to rest after rest, like rest 90s/],
    ["rest without a unit", "Bench 3x8 rest 90", 18, /^Write s or m after the rest, like rest 90s or rest 90m/],
    ["rest over 15 minutes", "Bench 3x8 rest 16m", 16, /^Rest must be from 0 to 15 minutes/],
    ["rest's seconds past 59", "Bench 3x8 rest 1:75", 18, /^Expected two digits of seconds, 00 to 59/],
    ["rest given twice", "Bench 3x8 rest 90s rest 2m", 20, /^This exercise already has a rest; give each value once/],
    ["a half-typed tempo", "Bench 3x8 tempo 31X", 17, /^A tempo is four digits or X, like 31X0; found "31X"/],
    ["a tempo missing", "Bench 3x8 tempo", 16, /^Expected a tempo after tempo: four digits or X/],
    ["a tempo given twice", "Bench 3x8 tempo 3110 tempo 2110", 22, /^This exercise already has a tempo/],
    ["a set group after rest", "Bench 3x8 rest 2m, 1x5", 18, /^Rest, tempo and a note come after the last set group/],
    ["a set group's word after rest", "Bench 3x8 rest 2m AMSAP", 19, /^Unknown "AMSAP": expected rest like rest 90s/],
    ["a value given twice", "Bench 3x8 @RPE8 @RPE9", 17, /^This set group already has an RPE/],
    ["a trailing comma", "Bench 3x8,", 11, /^Expected another set group after the comma/],
    ["nothing after /", "A1 Pull-up 3x5 /", 17, /^Expected another exercise after \//],
    ["a name too long", `${"Long ".repeat(21)}3x5`, 1, /^An exercise name holds at most 100 characters/],
    ["columns count characters, not code units", "💪 Curl 3x", 10, /^Expected reps after x/]
  ]

  it.each(cases)("%s: %s", (_, text, column, message) => {
    const error = errorOf(text)
    expect({ line: error.line, column: error.column }).toEqual({ line: 1, column })
    expect(error.message).toMatch(message)
    expect(error.message.endsWith(` at column ${column}`)).toBe(true)
  })

  it("the 31st exercise is refused at its own line", () => {
    const lines = Array.from(
      { length: WORKOUT_CAPS.exercises + 1 },
      (_, i) => `Move ${"abcdefghijklmnopqrstuvwxyzABCDEF"[i]} 1x5`
    )
    const result = parse(lines.join("\n"))
    expect(result.errors).toEqual([
      { line: 31, column: 1, message: "A workout holds at most 30 exercises; this is exercise 31 at column 1" }
    ])
    expect(result.workout).toBeUndefined()
    expect(parse(lines.slice(0, WORKOUT_CAPS.exercises).join("\n")).workout).toHaveLength(30)
  })

  it("25 sets over several groups fit", () => {
    expect(parse("Back Squat 20x5, 5x3").workout?.[0]?.sets).toHaveLength(25)
  })

  it("one bad line does not hide the others' results", () => {
    const result = parse("Back Squat 5x5\nBench 3x\nDeadlift 1x5 @315")
    expect(result.lines.map((line) => line._tag)).toEqual(["Parsed", "Failed", "Parsed"])
    expect(result.workout).toBeUndefined()
  })
})

describe("supersets", () => {
  it("labels on one line or on separate lines give the same groups and workout", () => {
    const oneLine = parse("A1 Pull-up 3xAMRAP / A2 Dip 3x10\nB1 Curl 3x12 / b2 Pushdown 3x12\nPlank 3x1")
    const separate = parse("A1 Pull-up 3xAMRAP\nA2 Dip 3x10\nB1 Curl 3x12\nb2 Pushdown 3x12\n\nPlank 3x1")
    expect(oneLine.workout).toEqual(separate.workout)
    expect(separate.groups).toEqual([
      {
        letter: "A",
        members: [
          { order: 1, exercise: 0, name: "Pull-up" },
          { order: 2, exercise: 1, name: "Dip" }
        ]
      },
      {
        letter: "B",
        members: [
          { order: 1, exercise: 2, name: "Curl" },
          { order: 2, exercise: 3, name: "Pushdown" }
        ]
      }
    ])
    expect(oneLine.groups).toEqual(separate.groups)
  })

  it.each([
    ["a superset starting at 2", "A2 Dip 3x10", 1, 1, /^Superset A starts at A1, found A2/],
    ["a skipped number", "A1 Pull-up 3x5\nA3 Dip 3x10", 2, 1, /^Expected A2 next in superset A, found A3/],
    ["a number used twice", "A1 Pull-up 3x5 / A1 Dip 3x10", 1, 18, /^Expected A2 next in superset A, found A1/],
    [
      "a letter used again after another exercise",
      "A1 Pull-up 3x5\nA2 Dip 3x10\nPlank 3x1\nA3 Curl 3x12",
      4,
      1,
      /^Superset A was already used on line 1/
    ]
  ] as const)("%s", (_, text, line, column, message) => {
    const result = parse(text)
    expect(result.errors.map((error) => ({ line: error.line, column: error.column }))).toEqual([{ line, column }])
    expect(result.errors[0]?.message).toMatch(message)
    expect(result.workout).toBeUndefined()
  })

  it("a label after a failed line is taken as written, so one mistake gives one error", () => {
    const result = parse("A1 Pull-up 3xmany\nA2 Dip 3x10")
    expect(result.errors.map((error) => error.line)).toEqual([1])
  })
})

/* ---------- generators for the round trip ---------- */

// Names from letters and inner hyphens only: nothing the grammar reads as a label, a number,
// a load, "/" or "@". Names that start with "Lib" are linked, to carry an exercise_id through.
const word = fc.stringMatching(/^[A-Za-z]{1,6}(-[a-z]{1,4})?$/)
const nameArb = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(" "))
const testResolve = (name: string) =>
  name.startsWith("Lib") ? { name, exercise_id: name.toLowerCase().replaceAll(" ", "-") } : { name }

const unitArb = fc.constantFrom<Unit>("lb", "kg")
const hundredths = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100)
const percentArb = hundredths(150).map((n) => n as Percent)

const setGroupArb: fc.Arbitrary<NotationSetGroup> = fc
  .record({
    count: fc.integer({ min: 1, max: 6 }),
    reps: fc.oneof(fc.constant("AMRAP" as const), fc.integer({ min: 0, max: 19 })).map((r) => r as Reps),
    max_percent: fc.option(percentArb, { nil: undefined }),
    e1rm_percent: fc.option(percentArb, { nil: undefined }),
    weight: fc.option(fc.record({ value: hundredths(2000).map((n) => n as Weight), unit: unitArb }), {
      nil: undefined
    }),
    backoff_percent: fc.option(percentArb, { nil: undefined }),
    rpe: fc.option(
      fc.integer({ min: 2, max: 20 }).map((n) => (n / 2) as Rpe),
      { nil: undefined }
    ),
    amsap: fc.boolean()
  })
  // Absent values are left out, as the reader leaves them out.
  .map(({ max_percent, e1rm_percent, weight, backoff_percent, rpe, ...always }): NotationSetGroup => ({
    ...always,
    ...(max_percent === undefined ? {} : { max_percent }),
    ...(e1rm_percent === undefined ? {} : { e1rm_percent }),
    ...(weight === undefined ? {} : { weight }),
    ...(backoff_percent === undefined ? {} : { backoff_percent }),
    ...(rpe === undefined ? {} : { rpe })
  }))

// Printable text as a coach types it, "/", "@" and "#" included; trimmed, as the reader trims it.
const printable = (maxLength: number) =>
  fc
    .string({
      unit: fc.oneof(
        fc.constantFrom(" ", "#", "/", "@", ",", ":", "-", "é", "💪"),
        fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code))
      ),
      minLength: 1,
      maxLength
    })
    .map((text) => text.trim())
    .filter((text) => text.length > 0 && text.length <= maxLength)
const restArb = fc.integer({ min: 0, max: MAX_REST_SECONDS }).map((n) => n)
const tempoArb = fc.stringMatching(/^[0-9X]{4}$/).map((tempo) => tempo)
const noteArb = printable(500)
const titleArb = printable(60)

const exerciseArb: fc.Arbitrary<Omit<NotationExercise, "label">> = fc
  .record({
    name: nameArb,
    setGroups: fc.array(setGroupArb, { minLength: 1, maxLength: 4 }),
    rest_seconds: fc.option(restArb, { nil: undefined }),
    tempo: fc.option(tempoArb, { nil: undefined }),
    note: fc.option(noteArb, { nil: undefined })
  })
  .map(({ name, setGroups, rest_seconds, tempo, note }) => ({
    ...testResolve(name),
    setGroups,
    ...(rest_seconds === undefined ? {} : { rest_seconds }),
    ...(tempo === undefined ? {} : { tempo }),
    ...(note === undefined ? {} : { note })
  }))

// A block is one exercise alone or a superset of two or three; every superset gets a new letter.
const blockArb = fc.oneof(
  exerciseArb.map((exercise) => [exercise]),
  fc.array(exerciseArb, { minLength: 2, maxLength: 3 })
)

const linesArb: fc.Arbitrary<ReadonlyArray<ReadNotationLine>> = fc
  .tuple(
    fc.option(titleArb, { nil: undefined }),
    fc.array(blockArb, { minLength: 1, maxLength: 10 }),
    fc.array(fc.integer({ min: 1, max: 3 }), { minLength: WORKOUT_CAPS.exercises, maxLength: WORKOUT_CAPS.exercises })
  )
  .map(([title, blocks, lineSizes]) => {
    let letters = 0
    const exercises: Array<NotationExercise> = blocks.flatMap((block) => {
      if (block.length === 1) return block
      const letter = String.fromCharCode(65 + letters++)
      return block.map((exercise, i) => ({ ...exercise, label: { letter, order: i + 1 } }))
    })
    const lines: Array<ReadNotationLine> = title === undefined ? [] : [{ _tag: "Title", line: 1, title }]
    for (let at = 0, i = 0; at < exercises.length; i++) {
      const wanted = exercises.slice(at, at + (lineSizes[i] ?? 1))
      // A note runs to the end of its line: the exercise with one ends the line.
      const noted = wanted.findIndex((exercise) => exercise.note !== undefined)
      const line = noted === -1 ? wanted : wanted.slice(0, noted + 1)
      lines.push({ _tag: "Parsed", line: lines.length + 1, exercises: line })
      at += line.length
    }
    return lines
  })
