/**
 * A program as a file (src/domain/program-format.ts, docs/decisions/049): printing a program
 * as JSON or CSV and reading it back gives the program printed (CSV without library ids,
 * which it has no column for); reading never throws and names each bad line; the largest
 * program the caps allow fits the server's 256 KiB body.
 */
import fc from "fast-check"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { WorkoutTitle } from "#domain/exercise-details.ts"
import { ExerciseName } from "#domain/exercises.ts"
import {
  CSV_HEADER,
  LOAD_FORMAT,
  loadText,
  parseProgramCsv,
  parseProgramJson,
  printProgramCsv,
  printProgramJson,
  programNameOfFile,
  readLoad
} from "#domain/program-format.ts"
import {
  ImportProgramPayload,
  Program,
  PROGRAM_CAPS,
  programDayOf,
  programOffset,
  programSummary,
  type ProgramExercise,
  type ProgramLoad,
  type ProgramSet
} from "#domain/program.ts"
import type { Percent, Reps, Rpe, Weight } from "#domain/set-fields.ts"
import { WORKOUT_CAPS } from "#domain/workout.ts"
import { RUNS } from "./arbitraries.ts"

// Names with what CSV has to quote (commas, quotes) and what it does not.
const text = (max: number) =>
  fc
    .stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 ,"'()/&.-]{0,${max - 2}}[A-Za-z0-9)]$`))
    .filter((value) => value === value.trim())
const exerciseName = text(40).filter(Schema.is(ExerciseName))
const title = text(30).filter(Schema.is(WorkoutTitle))

const load: fc.Arbitrary<ProgramLoad> = fc.oneof(
  fc.record({
    kind: fc.constant("weight" as const),
    value: fc.integer({ min: 0, max: 8000 }).map((n) => (n / 4) as Weight),
    unit: fc.constantFrom("kg" as const, "lb" as const)
  }),
  fc.record({
    kind: fc.constant("percent" as const),
    value: fc.integer({ min: 0, max: 1500 }).map((n) => (n / 10) as Percent)
  }),
  fc.record({ kind: fc.constant("rpe" as const), value: fc.integer({ min: 2, max: 20 }).map((n) => (n / 2) as Rpe) })
)
const reps: fc.Arbitrary<Reps> = fc.oneof(
  fc.constant("AMRAP"),
  fc.integer({ min: 0, max: 19 }).map((n) => n as Reps)
)
// Runs of equal sets are common in programs: drawn from a few so that runs happen.
const set: fc.Arbitrary<ProgramSet> = fc.record({ reps, load: load }, { requiredKeys: ["reps"] })
const sets = fc
  .array(set, { minLength: 1, maxLength: 3 })
  .chain((pool) => fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 6 }))

const exercise = (withIds: boolean): fc.Arbitrary<ProgramExercise> =>
  withIds
    ? fc.record(
        { name: exerciseName, exercise_id: fc.constantFrom("back-squat", "bench-press", "custom-12"), sets },
        { requiredKeys: ["name", "sets"] }
      )
    : fc.record({ name: exerciseName, sets })

// Exercises next to each other have different names (a CSV row cannot tell them apart).
const exercises = (withIds: boolean) =>
  fc
    .array(exercise(withIds), { minLength: 1, maxLength: 4 })
    .map((list) => list.filter((one, index) => index === 0 || list[index - 1]?.name !== one.name))
    .filter((list) => list.every((one, index) => index === 0 || list[index - 1]?.name !== one.name))

const workouts = (withIds: boolean) =>
  fc
    .uniqueArray(fc.option(title, { nil: undefined }), { minLength: 1, maxLength: PROGRAM_CAPS.workoutsPerDay })
    .chain((titles) =>
      fc.tuple(
        ...titles.map((one) =>
          exercises(withIds).map((list) => ({ ...(one === undefined ? {} : { title: one }), exercises: list }))
        )
      )
    )

const numbers = (max: number, count: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max }), { minLength: 1, maxLength: count })
    .map((list) => [...list].sort((a, b) => a - b))

const program = (withIds: boolean): fc.Arbitrary<Program> =>
  fc.record({
    name: title,
    weeks: numbers(PROGRAM_CAPS.weeks, 3).chain((weekNumbers) =>
      fc.tuple(
        ...weekNumbers.map((week) =>
          numbers(PROGRAM_CAPS.daysPerWeek, 3).chain((dayNumbers) =>
            fc
              .tuple(...dayNumbers.map((day) => workouts(withIds).map((list) => ({ day, workouts: list }))))
              .map((days) => ({
                week,
                days
              }))
          )
        )
      )
    )
  })

describe("print then read", () => {
  it("as JSON gives the program printed, library ids included", () => {
    fc.assert(
      fc.property(program(true), (printed) => {
        expect(Schema.is(Program)(printed)).toBe(true)
        expect(parseProgramJson(printProgramJson(printed))).toEqual({ program: printed, problems: [] })
      }),
      RUNS
    )
  })

  it("as CSV gives the program printed, under the name it is read with", () => {
    fc.assert(
      fc.property(program(false), (printed) => {
        expect(Schema.is(Program)(printed)).toBe(true)
        expect(parseProgramCsv(printProgramCsv(printed), printed.name)).toEqual({ program: printed, problems: [] })
      }),
      RUNS
    )
  })

  it("as CSV writes a run of equal sets as one row, and leaves library ids out", () => {
    const printed = Schema.decodeUnknownSync(Program)({
      name: "Base",
      weeks: [
        {
          week: 1,
          days: [
            {
              day: 1,
              workouts: [
                {
                  title: "Heavy, lower",
                  exercises: [
                    {
                      name: "Back Squat",
                      exercise_id: "back-squat",
                      sets: [
                        { reps: 5, load: { kind: "weight", value: 100, unit: "kg" } },
                        { reps: 5, load: { kind: "weight", value: 100, unit: "kg" } },
                        { reps: "AMRAP", load: { kind: "percent", value: 75 } }
                      ]
                    },
                    { name: 'Sled "push"', sets: [{ reps: 8, load: { kind: "rpe", value: 8.5 } }, { reps: 8 }] }
                  ]
                }
              ]
            }
          ]
        }
      ]
    })
    expect(printProgramCsv(printed)).toBe(
      [
        "week,day,workout,exercise,sets,reps,load",
        '1,1,"Heavy, lower",Back Squat,2,5,100 kg',
        '1,1,"Heavy, lower",Back Squat,1,AMRAP,75%',
        '1,1,"Heavy, lower","Sled ""push""",1,8,RPE 8.5',
        '1,1,"Heavy, lower","Sled ""push""",1,8,',
        ""
      ].join("\n")
    )
  })
})

describe("reading a CSV", () => {
  const csv = (...lines: ReadonlyArray<string>) => lines.join("\r\n")

  it("takes the header in any case and order, or no header, and blank lines anywhere", () => {
    const withHeader = parseProgramCsv(
      csv("Exercise,Week,Day,Sets,Reps,Load,Workout", "Squat,1,1,3,5,100 KG,", "", "Bench,2,3,2,amrap,rpe8,Upper"),
      "Mine"
    )
    const without = parseProgramCsv(csv("1,1,,Squat,3,5,100 kg", "2,3,Upper,Bench,2,AMRAP,RPE 8", ""), "Mine")
    expect(withHeader).toEqual(without)
    expect(without.problems).toEqual([])
    expect(without.program?.weeks.map((week) => [week.week, week.days.map((day) => day.day)])).toEqual([
      [1, [1]],
      [2, [3]]
    ])
    expect(without.program && programSummary(without.program)).toEqual({
      weeks: 2,
      days: 2,
      workouts: 2,
      exercises: 2,
      sets: 5
    })
  })

  it("takes a header without the workout and load columns", () => {
    const reading = parseProgramCsv(csv("week,day,exercise,sets,reps", "1,1,Squat,2,5"), "Mine")
    expect(reading).toEqual({
      program: {
        name: "Mine",
        weeks: [
          {
            week: 1,
            days: [{ day: 1, workouts: [{ exercises: [{ name: "Squat", sets: [{ reps: 5 }, { reps: 5 }] }] }] }]
          }
        ]
      },
      problems: []
    })
  })

  it("names every bad cell with its line, and keeps the good lines for the preview", () => {
    const reading = parseProgramCsv(
      csv(
        CSV_HEADER.join(","),
        "1,1,,Squat,3,5,100 kg",
        "13,1,,Squat,3,5,",
        "1,8,,Squat,0,20,",
        "1,2,,,3,five,100 stone",
        "1,2,,Bench,3,5,151%",
        "1,2,,Bench,3,5,RPE 11"
      ),
      "Mine"
    )
    expect(reading.problems).toEqual([
      { line: 3, message: "week must be a whole number from 1 to 12" },
      { line: 4, message: "day must be a whole number from 1 to 7" },
      { line: 4, message: "sets must be a whole number from 1 to 25" },
      { line: 4, message: 'reps must be "AMRAP" or a whole number from 0 to 19' },
      { line: 5, message: "exercise must be a name of 1 to 100 printable characters" },
      { line: 5, message: 'reps must be "AMRAP" or a whole number from 0 to 19' },
      { line: 5, message: LOAD_FORMAT },
      { line: 6, message: "load: a percentage must be from 0 to 150%" },
      { line: 7, message: "load: an RPE must be from 1 to 10 in steps of 0.5" }
    ])
    expect(reading.program?.weeks).toHaveLength(1)
  })

  it("says when an exercise, a workout or a day holds more than the caps allow", () => {
    const many = parseProgramCsv(csv("1,1,,Squat,20,5,", "1,1,,Squat,6,5,"), "Mine")
    expect(many.problems).toEqual([
      { line: 1, message: `Squat holds 26 sets; an exercise holds at most ${WORKOUT_CAPS.setsPerExercise}` }
    ])
    const workouts = parseProgramCsv(
      csv("1,1,A,Squat,1,5,", "1,1,B,Squat,1,5,", "1,1,C,Squat,1,5,", "1,1,D,Squat,1,5,"),
      "Mine"
    )
    expect(workouts.problems).toEqual([{ line: 4, message: "week 1, day 1 holds more than 3 workouts" }])
  })

  it("says a header without a needed column, and a file with no rows", () => {
    expect(parseProgramCsv("week,day,workout,exercise,load\n1,1,,Squat,\n", "Mine")).toEqual({
      program: null,
      problems: [{ line: 1, message: "the header has no sets, reps column" }]
    })
    expect(parseProgramCsv("\n\n", "Mine")).toEqual({
      program: null,
      problems: [{ line: null, message: "the file holds no rows" }]
    })
  })

  it("reads loads as a coach writes them", () => {
    expect(readLoad("")).toEqual({ ok: undefined })
    expect(readLoad(" 102.5 kgs ")).toEqual({ ok: { kind: "weight", value: 102.5, unit: "kg" } })
    expect(readLoad("225lbs")).toEqual({ ok: { kind: "weight", value: 225, unit: "lb" } })
    expect(readLoad("72.5 %")).toEqual({ ok: { kind: "percent", value: 72.5 } })
    expect(readLoad("rpe 7.5")).toEqual({ ok: { kind: "rpe", value: 7.5 } })
    expect(readLoad("RPE 7.3")).toEqual({ problem: "load: an RPE must be from 1 to 10 in steps of 0.5" })
    expect(readLoad("2001 lb")).toEqual({ problem: "load: a weight must be from 0 to 2000 lb" })
    expect(readLoad("heavy")).toEqual({ problem: LOAD_FORMAT })
    expect(loadText(undefined)).toBe("")
  })
})

describe("reading JSON", () => {
  const squat = { name: "Squat", sets: [{ reps: 5 }] }
  const file = (weeks: ReadonlyArray<unknown>) => JSON.stringify({ name: "Mine", weeks })
  const week = (number: number, workouts: ReadonlyArray<unknown>) => ({ week: number, days: [{ day: 1, workouts }] })

  it("names each problem by its path, and never throws on what is not JSON", () => {
    expect(parseProgramJson("{ not json").problems[0]?.message).toMatch(/^the file is not JSON: /)
    expect(parseProgramJson(file([week(2, [{ exercises: [squat] }]), week(1, [{ exercises: [squat] }])]))).toEqual({
      program: null,
      problems: [{ line: null, message: "weeks[1].week: weeks must be in order, each one once" }]
    })
    expect(parseProgramJson(file([week(1, [{ exercises: [squat] }, { exercises: [squat] }])])).problems).toEqual([
      {
        line: null,
        message: "weeks[0].days[0].workouts[1].title: the workouts of a day need different titles (one may have none)"
      }
    ])
    expect(parseProgramJson(file([week(1, [{ exercises: [squat, squat] }])])).problems).toEqual([
      {
        line: null,
        message:
          "weeks[0].days[0].workouts[0].exercises[1].name: exercises next to each other must have different names: write their sets under one exercise"
      }
    ])
  })

  it("lists every problem, not the first alone", () => {
    const reading = parseProgramJson(
      file([week(1, [{ exercises: [{ name: "", sets: [{ reps: 20 }] }] }]), week(13, [{ exercises: [squat] }])])
    )
    // An empty name is two problems: empty, and nothing visible.
    expect(reading.problems.map((problem) => problem.message.split(":")[0])).toEqual([
      "weeks[0].days[0].workouts[0].exercises[0].name",
      "weeks[0].days[0].workouts[0].exercises[0].name",
      "weeks[0].days[0].workouts[0].exercises[0].sets[0].reps",
      "weeks[1].week"
    ])
  })
})

describe("the program's place in days", () => {
  it("counts week 1, day 1 as 0 and week 12, day 7 as 83, and back", () => {
    expect(programOffset(1, 1)).toBe(0)
    expect(programOffset(12, 7)).toBe(83)
    for (let offset = 0; offset <= 83; offset++) {
      const { week, day } = programDayOf(offset)
      expect(programOffset(week, day)).toBe(offset)
    }
  })

  it("names a file's program by the file", () => {
    expect(programNameOfFile("Base block.csv")).toBe("Base block")
    expect(programNameOfFile(".json")).toBe("Imported program")
  })
})

describe("the caps", () => {
  it("keep the largest program, every name at its longest, inside the 256 KiB body", () => {
    const longName = "N".repeat(100)
    const heavy = { reps: 19, load: { kind: "weight", value: 1999.75, unit: "kg" } }
    const perExercise = PROGRAM_CAPS.sets / PROGRAM_CAPS.exercises
    const exercisesPerWorkout = 10
    const workoutsNeeded = PROGRAM_CAPS.exercises / exercisesPerWorkout
    const days = Array.from({ length: PROGRAM_CAPS.weeks * PROGRAM_CAPS.daysPerWeek }, (_, offset) => offset)
    const workoutsOf = (offset: number) =>
      Math.max(0, Math.min(PROGRAM_CAPS.workoutsPerDay, workoutsNeeded - offset * PROGRAM_CAPS.workoutsPerDay))
    const largest = {
      name: "P".repeat(80),
      weeks: Array.from({ length: PROGRAM_CAPS.weeks }, (_, weekIndex) => ({
        week: weekIndex + 1,
        days: days
          .filter((offset) => Math.floor(offset / 7) === weekIndex && workoutsOf(offset) > 0)
          .map((offset) => ({
            day: (offset % 7) + 1,
            workouts: Array.from({ length: workoutsOf(offset) }, (_, index) => ({
              title: `${"T".repeat(59)}${index}`,
              exercises: Array.from({ length: exercisesPerWorkout }, (_, order) => ({
                name: `${longName.slice(0, 99)}${order % 2}`,
                exercise_id: `custom-${"9".repeat(10)}`,
                sets: Array.from({ length: perExercise }, () => heavy)
              }))
            }))
          }))
      })).filter((week) => week.days.length > 0)
    }
    const body = { name: largest.name, program: largest }
    expect(Schema.is(ImportProgramPayload)(body)).toBe(true)
    expect(programSummary(largest as unknown as Program)).toMatchObject({
      exercises: PROGRAM_CAPS.exercises,
      sets: PROGRAM_CAPS.sets
    })
    const bytes = new TextEncoder().encode(JSON.stringify(body)).length
    expect(bytes).toBeGreaterThan(150 * 1024)
    expect(bytes).toBeLessThan(256 * 1024)
  })

  it("refuse a program of more sets in all than they allow", () => {
    const exercises = Array.from({ length: 4 }, (_, index) => ({
      name: `Lift ${index}`,
      sets: Array.from({ length: WORKOUT_CAPS.setsPerExercise }, () => ({ reps: 5 }))
    }))
    // 12 weeks of 7 days of 4 exercises of 25 sets: 8,400 sets, 336 exercises.
    const weeks = Array.from({ length: PROGRAM_CAPS.weeks }, (_, week) => ({
      week: week + 1,
      days: Array.from({ length: 7 }, (_, day) => ({ day: day + 1, workouts: [{ exercises }] }))
    }))
    expect(parseProgramJson(JSON.stringify({ name: "Too much", weeks })).problems).toEqual([
      { line: null, message: `weeks: a program holds at most ${PROGRAM_CAPS.sets} sets in all` }
    ])
  })
})
