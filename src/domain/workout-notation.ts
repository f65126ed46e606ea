import { WORKOUT_CAPS, type BuiltExercise, type BuiltField, type BuiltSet } from "./workout.ts"
import type { WorkoutTitle } from "./exercise-details.ts"
import {
  Failure,
  isTitleLine,
  readNotationLine,
  readTitleLine,
  type LocatedExercise
} from "./workout-notation-parse.ts"
import type {
  NotationExercise,
  NotationGroup,
  NotationGroupMember,
  NotationLine,
  NotationOptions,
  NotationResult,
  NotationSetGroup
} from "./workout-notation-types.ts"

/*
 * The typed workout notation a coach writes at a desk, one exercise a line:
 * "Back Squat 5x5 @75%", "A1 Pull-up 3xAMRAP / A2 Dip 3x10". docs/workout-notation.md is
 * the grammar. Each line is read on its own (workout-notation-parse.ts); what spans lines,
 * the workout's exercise cap and the supersets' labels, is checked here. The types are in
 * workout-notation-types.ts and the printer in workout-notation-print.ts (the domain does not re-export).
 */

/** The saved fields of a set group, in the order the set builder saves them (FIELD_NAMES). */
const builtFields = (group: NotationSetGroup): ReadonlyArray<BuiltField> => {
  const fields: Array<BuiltField> = [{ name: "reps", value: group.reps }]
  if (group.rpe !== undefined) fields.push({ name: "rpe", value: group.rpe })
  if (group.backoff_percent !== undefined) fields.push({ name: "backoff_percent", value: group.backoff_percent })
  if (group.e1rm_percent !== undefined) fields.push({ name: "e1rm_percent", value: group.e1rm_percent })
  if (group.max_percent !== undefined) fields.push({ name: "max_percent", value: group.max_percent })
  if (group.weight !== undefined) fields.push({ name: "weight", value: group.weight.value })
  return fields
}

/** The sets of an exercise, numbered from 0 across its set groups. */
export const notationSets = (groups: ReadonlyArray<NotationSetGroup>): ReadonlyArray<BuiltSet> => {
  const sets: Array<BuiltSet> = []
  for (const group of groups) {
    const fields = builtFields(group)
    const unit = group.weight === undefined ? {} : { weight_unit: group.weight.unit }
    for (let i = 0; i < group.count; i++) sets.push({ set: sets.length, amsap: group.amsap, ...unit, fields })
  }
  return sets
}

export const notationExercise = (exercise: NotationExercise): BuiltExercise => ({
  name: exercise.name,
  ...(exercise.exercise_id === undefined ? {} : { exercise_id: exercise.exercise_id }),
  ...(exercise.label === undefined ? {} : { superset: exercise.label.letter }),
  ...(exercise.rest_seconds === undefined ? {} : { rest_seconds: exercise.rest_seconds }),
  ...(exercise.tempo === undefined ? {} : { tempo: exercise.tempo }),
  ...(exercise.note === undefined ? {} : { note: exercise.note }),
  sets: notationSets(exercise.setGroups)
})

/* ---------- what spans lines: the exercise cap and the supersets ---------- */

interface Supersets {
  /** The superset the previous exercise belongs to, and the order its next member must have. */
  open: { readonly letter: string; next: number } | undefined
  /** Each letter used, with the line it was first used on. */
  readonly used: Map<string, number>
  /** Set after a line that failed: what it held is unknown, so the next label is taken as it is. */
  lenient: boolean
}

/** Why an exercise's label does not follow the supersets so far, or undefined when it does. */
const checkLabel = (state: Supersets, located: LocatedExercise, line: number): Failure | undefined => {
  const label = located.exercise.label
  if (label === undefined) {
    state.open = undefined
    state.lenient = false
    return undefined
  }
  const { letter, order } = label
  if (state.lenient) {
    state.lenient = false
    state.open = { letter, next: order + 1 }
    if (!state.used.has(letter)) state.used.set(letter, line)
    return undefined
  }
  if (state.open?.letter === letter) {
    if (order !== state.open.next)
      return new Failure(
        located.index,
        `Expected ${letter}${state.open.next} next in superset ${letter}, found ${letter}${order}`
      )
    state.open.next++
    return undefined
  }
  const usedOn = state.used.get(letter)
  if (usedOn !== undefined)
    return new Failure(
      located.index,
      `Superset ${letter} was already used on line ${usedOn}; its exercises go one after another, or give this one a new letter`
    )
  if (order !== 1) return new Failure(located.index, `Superset ${letter} starts at ${letter}1, found ${letter}${order}`)
  state.open = { letter, next: 2 }
  state.used.set(letter, line)
  return undefined
}

const groupsOf = (exercises: ReadonlyArray<NotationExercise>): ReadonlyArray<NotationGroup> => {
  const byLetter = new Map<string, Array<NotationGroupMember>>()
  exercises.forEach((exercise, index) => {
    if (exercise.label === undefined) return
    const members = byLetter.get(exercise.label.letter) ?? []
    members.push({ order: exercise.label.order, exercise: index, name: exercise.name })
    byLetter.set(exercise.label.letter, members)
  })
  return [...byLetter].map(([letter, members]) => ({ letter, members }))
}

/**
 * The cap and the labels for one line's exercises, applied to `state` only when all of
 * them pass, so a line that fails leaves the supersets as they were.
 */
const acrossLines = (
  located: ReadonlyArray<LocatedExercise>,
  state: Supersets,
  before: number,
  line: number
): Failure | undefined => {
  const trial: Supersets = {
    open: state.open === undefined ? undefined : { ...state.open },
    used: new Map(state.used),
    lenient: state.lenient
  }
  for (const [i, exercise] of located.entries()) {
    const count = before + i + 1
    if (count > WORKOUT_CAPS.exercises)
      return new Failure(
        exercise.index,
        `A workout holds at most ${WORKOUT_CAPS.exercises} exercises; this is exercise ${count}`
      )
    const failure = checkLabel(trial, exercise, line)
    if (failure !== undefined) return failure
  }
  state.open = trial.open
  state.lenient = trial.lenient
  for (const [letter, usedOn] of trial.used) state.used.set(letter, usedOn)
  return undefined
}

/** A "Title:" line: read as the title when it is the first line, refused anywhere else. */
const titleLine = (source: string, line: number, first: boolean): NotationLine => {
  const read = first
    ? readTitleLine(source)
    : new Failure(source.length - source.trimStart().length, "Write the title on the first line, before the exercises")
  return read instanceof Failure
    ? { _tag: "Failed", line, error: { line, column: read.column, message: read.message } }
    : { _tag: "Title", line, title: read }
}

/**
 * Reads the notation: one result per non-blank line (blank lines are skipped), the first
 * error of each line that fails, the supersets, the title of a "Title:" first line, and
 * the workout to save when every line parsed. Never throws: every problem is an error in
 * the result.
 */
export const parseNotation = (text: string, options: NotationOptions): NotationResult => {
  const lines: Array<NotationLine> = []
  const exercises: Array<NotationExercise> = []
  const supersets: Supersets = { open: undefined, used: new Map(), lenient: false }
  let title: WorkoutTitle | undefined
  text.split(/\r\n|\r|\n/).forEach((source, i) => {
    const line = i + 1
    if (source.trim() === "") return
    if (isTitleLine(source)) {
      const read = titleLine(source, line, lines.length === 0)
      if (read._tag === "Title") title = read.title
      lines.push(read)
      return
    }
    const read = readNotationLine(source, options)
    const failure = read instanceof Failure ? read : acrossLines(read, supersets, exercises.length, line)
    if (failure !== undefined) {
      lines.push({ _tag: "Failed", line, error: { line, column: failure.column, message: failure.message } })
      supersets.open = undefined
      supersets.lenient = true
      return
    }
    if (read instanceof Failure) return
    const parsed = read.map((located) => located.exercise)
    exercises.push(...parsed)
    lines.push({ _tag: "Parsed", line, exercises: parsed })
  })
  const errors = lines.flatMap((line) => (line._tag === "Failed" ? [line.error] : []))
  const workout = errors.length === 0 && exercises.length > 0 ? exercises.map(notationExercise) : undefined
  return { lines, errors, groups: groupsOf(exercises), workout, title }
}
