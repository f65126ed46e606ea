import * as Schema from "effect/Schema"
import Papa from "papaparse"
import { MAX_TITLE_LENGTH, WorkoutTitle } from "./exercise-details.ts"
import { ExerciseName } from "./exercises.ts"
import { PROGRAM_CAPS, Program, type ProgramLoad, type ProgramSet } from "./program.ts"
import { AMRAP, MaxPercent, Reps, Rpe, Weight } from "./set-fields.ts"
import { WORKOUT_CAPS } from "./workout.ts"

/*
 * A training program (program.ts) as a file (docs/decisions/049-import-and-export.md,
 * "Programs and rosters"). Two files say the same program: CSV, one row per run of equal sets
 * (`week,day,workout,exercise,sets,reps,load`), and JSON, program.ts's schema. Reading
 * either never throws: what is wrong is listed with its line; printing either and reading
 * it back gives the program printed (CSV leaves the library ids out: it has no column
 * for them, and the server links names as it links a saved workout's).
 */

/** Something wrong in a file: its line (from 1, the header counted) when one line says it. */
export interface ProgramProblem {
  readonly line: number | null
  readonly message: string
}

/**
 * What a file holds: the program read from its good lines (null when none make one), and
 * every problem. A program with problems is for the preview only: it is not the file.
 */
export interface ProgramReading {
  readonly program: Program | null
  readonly problems: ReadonlyArray<ProgramProblem>
}

export const CSV_HEADER = ["week", "day", "workout", "exercise", "sets", "reps", "load"] as const
type Column = (typeof CSV_HEADER)[number]
const REQUIRED_COLUMNS: ReadonlyArray<Column> = ["week", "day", "exercise", "sets", "reps"]

export const LOAD_FORMAT = 'load must be like "100 kg", "225 lb", "75%", "RPE 8", or empty'

const formatNumber = (value: number): string => String(value)

/** A load as a CSV cell: "100 kg", "225 lb", "75%", "RPE 8"; no load is empty. */
export const loadText = (load: ProgramLoad | undefined): string => {
  if (load === undefined) return ""
  switch (load.kind) {
    case "weight":
      return `${formatNumber(load.value)} ${load.unit}`
    case "percent":
      return `${formatNumber(load.value)}%`
    case "rpe":
      return `RPE ${formatNumber(load.value)}`
  }
}

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`
const WEIGHT_TEXT = new RegExp(`^${NUMBER}\\s*(kg|kgs|lb|lbs)$`, "i")
const PERCENT_TEXT = new RegExp(`^${NUMBER}\\s*%$`)
const RPE_TEXT = new RegExp(`^rpe\\s*${NUMBER}$`, "i")

type Cell<T> = { readonly ok: T } | { readonly problem: string }

const checked = <T>(is: (input: unknown) => input is T, value: unknown, message: string): Cell<T> =>
  is(value) ? { ok: value } : { problem: message }

const isWeight = Schema.is(Weight)
const isMaxPercent = Schema.is(MaxPercent)
const isRpe = Schema.is(Rpe)
const isReps = Schema.is(Reps)
const isTitle = Schema.is(WorkoutTitle)
const isExerciseName = Schema.is(ExerciseName)

/** Reads a load cell; empty is no load. */
export const readLoad = (text: string): Cell<ProgramLoad | undefined> => {
  const cell = text.trim()
  if (cell === "") return { ok: undefined }
  const weight = WEIGHT_TEXT.exec(cell)
  if (weight !== null) {
    const unit = (weight[2] ?? "").toLowerCase().startsWith("kg") ? "kg" : "lb"
    const value = checked(isWeight, Number(weight[1]), `load: a weight must be from 0 to 2000 ${unit}`)
    return "ok" in value ? { ok: { kind: "weight", value: value.ok, unit } } : value
  }
  const percent = PERCENT_TEXT.exec(cell)
  if (percent !== null) {
    const value = checked(isMaxPercent, Number(percent[1]), "load: a percentage must be from 0 to 150%")
    return "ok" in value ? { ok: { kind: "percent", value: value.ok } } : value
  }
  const rpe = RPE_TEXT.exec(cell)
  if (rpe !== null) {
    const value = checked(isRpe, Number(rpe[1]), "load: an RPE must be from 1 to 10 in steps of 0.5")
    return "ok" in value ? { ok: { kind: "rpe", value: value.ok } } : value
  }
  return { problem: LOAD_FORMAT }
}

const readWhole = (text: string, what: string, minimum: number, maximum: number): Cell<number> => {
  const cell = text.trim()
  const value = /^\d+$/.test(cell) ? Number(cell) : Number.NaN
  return Number.isInteger(value) && value >= minimum && value <= maximum
    ? { ok: value }
    : { problem: `${what} must be a whole number from ${minimum} to ${maximum}` }
}

const readReps = (text: string): Cell<Reps> => {
  const cell = text.trim()
  if (cell.toUpperCase() === AMRAP) return { ok: AMRAP }
  return checked(
    isReps,
    /^\d+$/.test(cell) ? Number(cell) : Number.NaN,
    'reps must be "AMRAP" or a whole number from 0 to 19'
  )
}

const readTitle = (text: string): Cell<string> =>
  checked(isTitle, text.trim(), `workout must be a title of 1 to ${MAX_TITLE_LENGTH} printable characters, or empty`)

const readExerciseName = (text: string): Cell<string> =>
  checked(isExerciseName, text.trim(), "exercise must be a name of 1 to 100 printable characters")

/** One CSV row read: where its sets go and what they are. */
interface RowRead {
  readonly line: number
  readonly week: number
  readonly day: number
  readonly title: string
  readonly exercise: string
  readonly sets: ReadonlyArray<ProgramSet>
}

const isBlank = (cells: ReadonlyArray<string>) => cells.every((cell) => cell.trim() === "")

/** Each column's place: from the header when the first row is one, else the header's order. */
const columnsOf = (first: ReadonlyArray<string>): { header: boolean; at: Record<Column, number> } | ProgramProblem => {
  const texts = first.map((cell) => cell.trim().toLowerCase())
  if (!texts.some((text) => (CSV_HEADER as ReadonlyArray<string>).includes(text))) {
    return {
      header: false,
      at: Object.fromEntries(CSV_HEADER.map((column, index) => [column, index])) as Record<Column, number>
    }
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !texts.includes(column))
  if (missing.length > 0) return { line: 1, message: `the header has no ${missing.join(", ")} column` }
  return {
    header: true,
    at: Object.fromEntries(CSV_HEADER.map((column) => [column, texts.indexOf(column)])) as Record<Column, number>
  }
}

function readRow(
  cells: ReadonlyArray<string>,
  at: Record<Column, number>,
  line: number
): RowRead | Array<ProgramProblem> {
  const cell = (column: Column) => (at[column] < 0 ? "" : (cells[at[column]] ?? ""))
  const week = readWhole(cell("week"), "week", 1, PROGRAM_CAPS.weeks)
  const day = readWhole(cell("day"), "day", 1, PROGRAM_CAPS.daysPerWeek)
  const title = cell("workout").trim()
  const titleRead: Cell<string> = title === "" ? { ok: "" } : readTitle(title)
  const exercise = readExerciseName(cell("exercise"))
  const count = readWhole(cell("sets"), "sets", 1, WORKOUT_CAPS.setsPerExercise)
  const reps = readReps(cell("reps"))
  const load = readLoad(cell("load"))
  const cellsRead = [week, day, titleRead, exercise, count, reps, load] as const
  const problems = cellsRead.flatMap((read) => ("problem" in read ? [{ line, message: read.problem }] : []))
  if (
    problems.length > 0 ||
    !(
      "ok" in week &&
      "ok" in day &&
      "ok" in titleRead &&
      "ok" in exercise &&
      "ok" in count &&
      "ok" in reps &&
      "ok" in load
    )
  )
    return problems
  const set: ProgramSet = load.ok === undefined ? { reps: reps.ok } : { reps: reps.ok, load: load.ok }
  return {
    line,
    week: week.ok,
    day: day.ok,
    title: titleRead.ok,
    exercise: exercise.ok,
    sets: Array.from({ length: count.ok }, () => set)
  }
}

interface Building {
  readonly title: string
  readonly line: number
  readonly exercises: Array<{ name: string; line: number; sets: Array<ProgramSet> }>
}

/** The rows in their program: weeks and days by number, workouts and exercises as they came. */
function assemble(rows: ReadonlyArray<RowRead>, name: string): { program: Program; problems: Array<ProgramProblem> } {
  const days = new Map<number, Map<number, Array<Building>>>()
  for (const row of rows) {
    const week = days.get(row.week) ?? new Map<number, Array<Building>>()
    days.set(row.week, week)
    const workouts = week.get(row.day) ?? []
    week.set(row.day, workouts)
    let workout = workouts.find((each) => each.title === row.title)
    if (workout === undefined) {
      workout = { title: row.title, line: row.line, exercises: [] }
      workouts.push(workout)
    }
    const last = workout.exercises.at(-1)
    if (last?.name === row.exercise) last.sets.push(...row.sets)
    else workout.exercises.push({ name: row.exercise, line: row.line, sets: [...row.sets] })
  }
  const problems: Array<ProgramProblem> = []
  const byNumber = <T>(map: Map<number, T>) => [...map.entries()].sort(([a], [b]) => a - b)
  const weeks = byNumber(days).map(([week, weekDays]) => ({
    week,
    days: byNumber(weekDays).map(([day, workouts]) => {
      const kept = workouts.slice(0, PROGRAM_CAPS.workoutsPerDay)
      for (const extra of workouts.slice(PROGRAM_CAPS.workoutsPerDay))
        problems.push({
          line: extra.line,
          message: `week ${week}, day ${day} holds more than ${PROGRAM_CAPS.workoutsPerDay} workouts`
        })
      return {
        day,
        workouts: kept.map((workout) => {
          const exercises = workout.exercises.slice(0, WORKOUT_CAPS.exercises)
          for (const extra of workout.exercises.slice(WORKOUT_CAPS.exercises))
            problems.push({ line: extra.line, message: `a workout holds at most ${WORKOUT_CAPS.exercises} exercises` })
          return {
            ...(workout.title === "" ? {} : { title: workout.title }),
            exercises: exercises.map((exercise) => {
              if (exercise.sets.length > WORKOUT_CAPS.setsPerExercise)
                problems.push({
                  line: exercise.line,
                  message: `${exercise.name} holds ${exercise.sets.length} sets; an exercise holds at most ${WORKOUT_CAPS.setsPerExercise}`
                })
              return { name: exercise.name, sets: exercise.sets.slice(0, WORKOUT_CAPS.setsPerExercise) }
            })
          }
        })
      }
    })
  }))
  return { program: { name, weeks }, problems }
}

const standardProgram = Schema.toStandardSchemaV1(Program, { parseOptions: { errors: "all" } })

/** A value read as a program: the schema's issues as problems, "weeks[0].days[1].day: …". */
export const readProgramValue = (value: unknown): ProgramReading => {
  const result = standardProgram["~standard"].validate(value)
  if (result instanceof Promise) throw new Error("the program schema is synchronous")
  if (result.issues === undefined) return { program: result.value, problems: [] }
  return {
    program: null,
    problems: result.issues.map((issue) => ({ line: null, message: `${pathText(issue.path ?? [])}${issue.message}` }))
  }
}

const pathText = (path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>): string => {
  const text = path.reduce<string>((written, part) => {
    const key = typeof part === "object" ? part.key : part
    if (typeof key === "number") return `${written}[${key}]`
    return written === "" ? String(key) : `${written}.${String(key)}`
  }, "")
  return text === "" ? "" : `${text}: `
}

/**
 * Reads a program CSV under `name` (the file's name, say). With or without the header;
 * with it, the columns may come in any order and workout and load may be left out.
 */
export function parseProgramCsv(text: string, name: string): ProgramReading {
  const table = Papa.parse<Array<string>>(text, { skipEmptyLines: false }).data
  const first = table.findIndex((cells) => !isBlank(cells))
  if (first < 0) return { program: null, problems: [{ line: null, message: "the file holds no rows" }] }
  const columns = columnsOf(table[first] ?? [])
  if ("message" in columns) return { program: null, problems: [columns] }
  const problems: Array<ProgramProblem> = []
  const rows: Array<RowRead> = []
  table.forEach((cells, index) => {
    if (isBlank(cells) || (columns.header && index === first)) return
    const read = readRow(cells, columns.at, index + 1)
    if (Array.isArray(read)) problems.push(...read)
    else rows.push(read)
  })
  if (rows.length === 0)
    return {
      program: null,
      problems: problems.length > 0 ? problems : [{ line: null, message: "the file holds no rows" }]
    }
  const assembled = assemble(rows, name)
  problems.push(...assembled.problems)
  const checkedProgram = readProgramValue(assembled.program)
  // What the lines said is wrong is said better than the schema would say it again.
  return {
    program: checkedProgram.program ?? (problems.length > 0 ? assembled.program : null),
    problems: problems.length > 0 ? problems : checkedProgram.problems
  }
}

/** Reads a program JSON file: this module's schema, every problem named by its path. */
export function parseProgramJson(text: string): ProgramReading {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return {
      program: null,
      problems: [{ line: null, message: `the file is not JSON: ${(error as Error).message}` }]
    }
  }
  return readProgramValue(value)
}

const sameSet = (a: ProgramSet, b: ProgramSet): boolean => a.reps === b.reps && loadText(a.load) === loadText(b.load)

/** The program as CSV: the header, then one row per run of equal sets of an exercise. */
export function printProgramCsv(program: Program): string {
  const rows: Array<ReadonlyArray<string>> = [CSV_HEADER]
  for (const week of program.weeks)
    for (const day of week.days)
      for (const workout of day.workouts)
        for (const exercise of workout.exercises) {
          let start = 0
          while (start < exercise.sets.length) {
            const set = exercise.sets[start] as ProgramSet
            let end = start + 1
            while (end < exercise.sets.length && sameSet(set, exercise.sets[end] as ProgramSet)) end++
            rows.push([
              String(week.week),
              String(day.day),
              workout.title ?? "",
              exercise.name,
              String(end - start),
              String(set.reps),
              loadText(set.load)
            ])
            start = end
          }
        }
  return `${Papa.unparse(rows as Array<Array<string>>, { newline: "\n" })}\n`
}

/** The program as JSON, as the schema encodes it. */
export const printProgramJson = (program: Program): string =>
  `${JSON.stringify(Schema.encodeSync(Program)(program), null, 2)}\n`

/** A template name from a file's name: "Base block.csv" reads "Base block". */
export const programNameOfFile = (fileName: string): string => {
  const base = fileName
    .replace(/\.(csv|json|txt)$/i, "")
    .replace(/[^\P{C}]/gu, " ")
    .trim()
    .slice(0, 80)
    .trim()
  return base === "" ? "Imported program" : base
}
