import { readProgramValue } from "#domain/program-format.ts"
import {
  type Program,
  programDayOf,
  programOffset,
  type ProgramExercise,
  type ProgramLoad,
  type ProgramSet
} from "#domain/program.ts"
import type { BuiltField, BuiltSet } from "#domain/workout.ts"
import type { ProgrammedContent, ProgrammedWorkout } from "./content.ts"

/*
 * A program file's program as a template's content, and back (docs/decisions/049,
 * "Programs and rosters"). A program's workout lands on its week and day counted from the
 * program's first day (offset (week - 1) × 7 + day - 1), with no weekday. Back, every
 * template whose content a program can say is written as one; a template holding what a
 * program file has no words for is not written short: the answer says what.
 */

/** The category a program's workouts are stored with, as a saved workout's (server/workouts). */
const PROGRAM_CATEGORY = "Strength"

/** A set's fields in FIELD_NAMES' order, as every stored content keeps them (content.ts). */
const builtSet = (set: ProgramSet, index: number): BuiltSet => {
  const load = set.load
  const fields: Array<BuiltField> = [{ name: "reps", value: set.reps }]
  if (load?.kind === "rpe") fields.push({ name: "rpe", value: load.value })
  if (load?.kind === "percent") fields.push({ name: "max_percent", value: load.value })
  if (load?.kind === "weight") fields.push({ name: "weight", value: load.value })
  return { set: index, amsap: false, ...(load?.kind === "weight" ? { weight_unit: load.unit } : {}), fields }
}

/**
 * The template content of a program whose exercises' library ids are `exerciseIds`, in
 * programExercises' order (checked or linked by the caller).
 */
export function programContent(program: Program, exerciseIds: ReadonlyArray<string>): ProgrammedContent {
  let next = 0
  const exerciseOf = (exercise: ProgramExercise) => {
    const id = exerciseIds[next++]
    if (id === undefined) throw new Error("an exercise of the program has no library id")
    return { name: exercise.name, exercise_id: id, sets: exercise.sets.map(builtSet) }
  }
  return program.weeks.flatMap((week) =>
    week.days.flatMap((day) =>
      day.workouts.map((workout): ProgrammedWorkout => ({
        offset: programOffset(week.week, day.day),
        category: PROGRAM_CATEGORY,
        ...(workout.title === undefined ? {} : { title: workout.title }),
        exercises: workout.exercises.map(exerciseOf)
      }))
    )
  )
}

export type WrittenProgram = { readonly program: Program } | { readonly unwritable: string }

/** What a program file cannot hold of one set, in words; undefined when it holds all of it. */
const unwritableOfSet = (set: BuiltSet): string | undefined => {
  if (set.amsap) return "an as-many-sets-as-possible set"
  const names = set.fields.map((field) => field.name)
  if (names.includes("backoff_percent")) return "a backoff percentage"
  if (names.includes("e1rm_percent")) return "a percentage of e1RM"
  if (!names.includes("reps")) return "a set without reps"
  if (names.filter((name) => name !== "reps").length > 1) return "a set with more than one load"
  return undefined
}

const loadOf = (set: BuiltSet): ProgramLoad | undefined => {
  for (const field of set.fields) {
    if (field.name === "rpe") return { kind: "rpe", value: field.value }
    if (field.name === "max_percent") return { kind: "percent", value: field.value }
    if (field.name === "weight") return { kind: "weight", value: field.value, unit: set.weight_unit ?? "lb" }
  }
  return undefined
}

const programSet = (set: BuiltSet): ProgramSet => {
  const reps = set.fields.find((field) => field.name === "reps")
  if (reps?.name !== "reps") throw new Error("a writable set has reps")
  const load = loadOf(set)
  return load === undefined ? { reps: reps.value } : { reps: reps.value, load }
}

/**
 * The program a template's content says, named `name`: each workout on the week and day
 * of its offset. Unwritable, in words, when a set or an exercise holds what the file has no
 * column for (a superset, rest, tempo or note; a backoff or e1RM percentage; two loads),
 * or the days do not fit a program's bounds.
 */
export function contentProgram(name: string, content: ProgrammedContent): WrittenProgram {
  const ordered = [...content].sort((a, b) => a.offset - b.offset)
  const weeks: Array<{ week: number; days: Array<{ day: number; workouts: Array<unknown> }> }> = []
  for (const workout of ordered) {
    const { week, day } = programDayOf(workout.offset)
    const where = `week ${week}, day ${day}`
    for (const exercise of workout.exercises) {
      if (
        exercise.superset !== undefined ||
        exercise.rest_seconds !== undefined ||
        exercise.tempo !== undefined ||
        exercise.note !== undefined
      )
        return { unwritable: `${where}, ${exercise.name} has a superset, rest, tempo or note` }
      for (const set of exercise.sets) {
        const unwritable = unwritableOfSet(set)
        if (unwritable !== undefined) return { unwritable: `${where}, ${exercise.name} has ${unwritable}` }
      }
    }
    let inWeek = weeks.at(-1)
    if (inWeek?.week !== week) {
      inWeek = { week, days: [] }
      weeks.push(inWeek)
    }
    let onDay = inWeek.days.at(-1)
    if (onDay?.day !== day) {
      onDay = { day, workouts: [] }
      inWeek.days.push(onDay)
    }
    onDay.workouts.push({
      ...(workout.title === undefined ? {} : { title: workout.title }),
      exercises: workout.exercises.map((exercise) => ({
        name: exercise.name,
        ...(exercise.exercise_id === undefined ? {} : { exercise_id: exercise.exercise_id }),
        sets: exercise.sets.map(programSet)
      }))
    })
  }
  const read = readProgramValue({ name, weeks })
  if (read.program !== null) return { program: read.program }
  return { unwritable: `as a program it would break a program's rules: ${read.problems[0]?.message ?? "unknown"}` }
}
