import * as Schema from "effect/Schema"
import { WorkoutTitle } from "./exercise-details.ts"
import { ExerciseId, ExerciseName } from "./exercises.ts"
import { UnitSchema } from "./preferences.ts"
import { MaxPercent, Reps, Rpe, Weight } from "./set-fields.ts"
import { TemplateName } from "./templates.ts"
import { WORKOUT_CAPS } from "./workout.ts"

/*
 * A training program (docs/decisions/049-import-and-export.md, "Programs and rosters"): a
 * name, then weeks (1..12) of days (1..7) of workouts (a title, optional) of exercises (a
 * name, and a library id when known) of sets, each set some reps (or AMRAP) at a load: a
 * weight in a unit, a % of max, or an RPE. The coach imports one as a template (kind
 * "program") and exports any template as one; program-format.ts reads and writes the files.
 */

/** The most a program holds. The totals keep the largest program well inside a 256 KiB body. */
export const PROGRAM_CAPS = {
  weeks: 12,
  daysPerWeek: 7,
  workoutsPerDay: 3,
  exercises: 600,
  sets: 2400
} as const

const whole = (what: string, minimum: number, maximum: number) =>
  Schema.Number.annotate({ message: `${what} must be a number` }).check(
    Schema.isInt({ message: `${what} must be a whole number` }),
    Schema.isBetween({ minimum, maximum }, { message: `${what} must be from ${minimum} to ${maximum}` })
  )

/** A set's load: a weight in its unit, a percentage of the lifter's tested max, or an RPE. */
export const ProgramLoad = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("weight"), value: Weight, unit: UnitSchema }),
  Schema.Struct({ kind: Schema.Literal("percent"), value: MaxPercent }),
  Schema.Struct({ kind: Schema.Literal("rpe"), value: Rpe })
]).annotate({ message: 'load must be {kind: "weight", value, unit}, {kind: "percent", value} or {kind: "rpe", value}' })
export type ProgramLoad = typeof ProgramLoad.Type

/** One set: reps (a count or "AMRAP") and, when prescribed, a load. */
export const ProgramSet = Schema.Struct({ reps: Reps, load: Schema.optionalKey(ProgramLoad) })
export type ProgramSet = typeof ProgramSet.Type

export const ProgramExercise = Schema.Struct({
  name: ExerciseName,
  exercise_id: Schema.optionalKey(ExerciseId),
  sets: Schema.Array(ProgramSet).check(
    Schema.isMinLength(1, { message: "an exercise needs at least one set" }),
    Schema.isMaxLength(WORKOUT_CAPS.setsPerExercise, {
      message: `an exercise holds at most ${WORKOUT_CAPS.setsPerExercise} sets`
    })
  )
})
export type ProgramExercise = typeof ProgramExercise.Type

/*
 * A CSV row names its workout by title and its exercise by name, so what a row cannot tell
 * apart the JSON may not hold either: two workouts of a day with one title (or both
 * untitled), two exercises next to each other with one name (their sets are one exercise's).
 */

const neighboursNamedAlike = (exercises: ReadonlyArray<ProgramExercise>) => {
  const at = exercises.findIndex((exercise, index) => index > 0 && exercises[index - 1]?.name === exercise.name)
  return at < 0
    ? undefined
    : {
        path: [at, "name"],
        issue: "exercises next to each other must have different names: write their sets under one exercise"
      }
}

export const ProgramWorkout = Schema.Struct({
  title: Schema.optionalKey(WorkoutTitle),
  exercises: Schema.Array(ProgramExercise).check(
    Schema.isMinLength(1, { message: "a workout needs at least one exercise" }),
    Schema.isMaxLength(WORKOUT_CAPS.exercises, {
      message: `a workout holds at most ${WORKOUT_CAPS.exercises} exercises`
    }),
    Schema.makeFilter(neighboursNamedAlike)
  )
})
export type ProgramWorkout = typeof ProgramWorkout.Type

const titlesRepeated = (workouts: ReadonlyArray<ProgramWorkout>) => {
  const titles = workouts.map((workout) => workout.title ?? "")
  const at = titles.findIndex((title, index) => titles.indexOf(title) < index)
  return at < 0
    ? undefined
    : { path: [at, "title"], issue: "the workouts of a day need different titles (one may have none)" }
}

export const ProgramDay = Schema.Struct({
  day: whole("day", 1, PROGRAM_CAPS.daysPerWeek),
  workouts: Schema.Array(ProgramWorkout).check(
    Schema.isMinLength(1, { message: "a day needs at least one workout" }),
    Schema.isMaxLength(PROGRAM_CAPS.workoutsPerDay, {
      message: `a day holds at most ${PROGRAM_CAPS.workoutsPerDay} workouts`
    }),
    Schema.makeFilter(titlesRepeated)
  )
})
export type ProgramDay = typeof ProgramDay.Type

/** Numbered entries in increasing order, each number once. */
const inOrder =
  <K extends string>(key: K, what: string) =>
  (entries: ReadonlyArray<{ readonly [k in K]: number }>) => {
    const at = entries.findIndex((entry, index) => index > 0 && entry[key] <= (entries[index - 1]?.[key] ?? 0))
    return at < 0 ? undefined : { path: [at, key], issue: `${what} must be in order, each one once` }
  }

export const ProgramWeek = Schema.Struct({
  week: whole("week", 1, PROGRAM_CAPS.weeks),
  days: Schema.Array(ProgramDay).check(
    Schema.isMinLength(1, { message: "a week needs at least one day" }),
    Schema.isMaxLength(PROGRAM_CAPS.daysPerWeek, { message: `a week holds at most ${PROGRAM_CAPS.daysPerWeek} days` }),
    Schema.makeFilter(inOrder("day", "days"))
  )
})
export type ProgramWeek = typeof ProgramWeek.Type

/** Every exercise of the program, week by week, day by day, workout by workout. */
export const programExercises = (program: { readonly weeks: ReadonlyArray<ProgramWeek> }) =>
  program.weeks.flatMap((week) => week.days.flatMap((day) => day.workouts.flatMap((workout) => workout.exercises)))

const overTotals = (program: { readonly weeks: ReadonlyArray<ProgramWeek> }) => {
  const exercises = programExercises(program)
  if (exercises.length > PROGRAM_CAPS.exercises)
    return { path: ["weeks"], issue: `a program holds at most ${PROGRAM_CAPS.exercises} exercises in all` }
  const sets = exercises.reduce((total, exercise) => total + exercise.sets.length, 0)
  if (sets > PROGRAM_CAPS.sets)
    return { path: ["weeks"], issue: `a program holds at most ${PROGRAM_CAPS.sets} sets in all` }
  return undefined
}

export const Program = Schema.Struct({
  name: TemplateName,
  weeks: Schema.Array(ProgramWeek).check(
    Schema.isMinLength(1, { message: "a program needs at least one week" }),
    Schema.isMaxLength(PROGRAM_CAPS.weeks, { message: `a program holds at most ${PROGRAM_CAPS.weeks} weeks` }),
    Schema.makeFilter(inOrder("week", "weeks"))
  )
}).check(Schema.makeFilter(overTotals))
export type Program = typeof Program.Type

/** Body of POST /api/templates/import: the template's name, and the program it holds. */
export const ImportProgramPayload = Schema.Struct({ name: TemplateName, program: Program })
export type ImportProgramPayload = typeof ImportProgramPayload.Type

/** Where a day of a program falls, counted from its first day (week 1, day 1): 0..83. */
export const programOffset = (week: number, day: number): number => (week - 1) * PROGRAM_CAPS.daysPerWeek + (day - 1)

/** The week and day of an offset from a program's first day. */
export const programDayOf = (offset: number): { readonly week: number; readonly day: number } => ({
  week: Math.floor(offset / PROGRAM_CAPS.daysPerWeek) + 1,
  day: (offset % PROGRAM_CAPS.daysPerWeek) + 1
})

/** What the preview counts. */
export interface ProgramSummary {
  readonly weeks: number
  readonly days: number
  readonly workouts: number
  readonly exercises: number
  readonly sets: number
}

export const programSummary = (program: { readonly weeks: ReadonlyArray<ProgramWeek> }): ProgramSummary => {
  const days = program.weeks.flatMap((week) => week.days)
  const exercises = programExercises(program)
  return {
    weeks: program.weeks.length,
    days: days.length,
    workouts: days.reduce((total, day) => total + day.workouts.length, 0),
    exercises: exercises.length,
    sets: exercises.reduce((total, exercise) => total + exercise.sets.length, 0)
  }
}
