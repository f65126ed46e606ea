import * as Schema from "effect/Schema"
import {
  ExerciseNote,
  MAX_NOTE_LENGTH,
  MAX_REST_SECONDS,
  MAX_TITLE_LENGTH,
  Tempo,
  WorkoutTitle
} from "./exercise-details.ts"
import { ExerciseId, ExerciseName } from "./exercises.ts"
import { AMRAP, FIELD_VALUE_SCHEMAS, MAX_PERCENT, MAX_REPS, MAX_WEIGHT_LBS, type Reps } from "./set-fields.ts"
import { unitLabel, type Unit } from "./units.ts"
import { WORKOUT_CAPS } from "./workout.ts"
import type {
  NotationExercise,
  NotationLabel,
  NotationOptions,
  NotationSetGroup,
  NotationWeight
} from "./workout-notation-types.ts"

/*
 * One line of the workout notation, read left to right (the grammar is docs/workout-notation.md).
 * The reader stops at the first thing it cannot read and says where, as data: a Failure is a
 * value handed back up, never thrown. Positions are indices into the line's code points, so a
 * column counts characters as a person sees them.
 */

/** What went wrong, at a code-point index of the line. */
export class Failure {
  constructor(
    readonly index: number,
    readonly what: string
  ) {}
  get column(): number {
    return this.index + 1
  }
  get message(): string {
    return `${this.what} at column ${this.column}`
  }
}

interface Scanner {
  readonly chars: ReadonlyArray<string>
  pos: number
}

const peek = (s: Scanner, ahead = 0): string | undefined => s.chars[s.pos + ahead]
const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/u.test(c)
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9"
const isLetter = (c: string | undefined): boolean => c !== undefined && /[A-Za-z]/.test(c)
const isLetterOrDigit = (c: string | undefined): boolean => isLetter(c) || isDigit(c)
const isTimes = (c: string | undefined): boolean => c === "x" || c === "X" || c === "×"

const skipSpaces = (s: Scanner): void => {
  while (isSpace(peek(s))) s.pos++
}

const readWhile = (s: Scanner, test: (c: string | undefined) => boolean): string => {
  const start = s.pos
  while (test(peek(s))) s.pos++
  return s.chars.slice(start, s.pos).join("")
}

const text = (s: Scanner, from: number, to: number): string => s.chars.slice(from, to).join("")

/* ---------- numbers and bounds ---------- */

/** Two decimals hold every plate step and every usual percentage; they also print back exactly. */
const MAX_DECIMALS = 2

interface ReadNumber {
  readonly value: number
  readonly start: number
  readonly text: string
}

/** Digits with up to two decimals, or undefined when no digit is here. */
const readNumber = (s: Scanner): ReadNumber | Failure | undefined => {
  const start = s.pos
  if (readWhile(s, isDigit) === "") return undefined
  if (peek(s) === "." && isDigit(peek(s, 1))) {
    s.pos++
    const decimalsStart = s.pos
    const decimals = readWhile(s, isDigit)
    if (decimals.length > MAX_DECIMALS)
      return new Failure(decimalsStart + MAX_DECIMALS, `Use at most ${MAX_DECIMALS} decimal places`)
  }
  const written = text(s, start, s.pos)
  return { value: Number(written), start, text: written }
}

const isRepCount = Schema.is(FIELD_VALUE_SCHEMAS.reps)
const isRpe = Schema.is(FIELD_VALUE_SCHEMAS.rpe)
const isPercent = Schema.is(FIELD_VALUE_SCHEMAS.max_percent)
const isWeight = Schema.is(FIELD_VALUE_SCHEMAS.weight)
// Plain booleans, not type guards: a name or id is a string either way, so a guard would narrow to never.
const isExerciseName = (name: string): boolean => Schema.is(ExerciseName)(name)
const isExerciseId = (id: string): boolean => Schema.is(ExerciseId)(id)

const LOAD_EXAMPLES = "a weight like 315 or 60kg, a percentage like 75% or 80%e1RM, or RPE like RPE8"
const AFTER_REPS =
  "a load like @75%, a backoff like -10%, AMSAP, rest like rest 90s, tempo like tempo 31X0, a note after #, or a comma before more sets"
const AFTER_SETS = "rest like rest 90s, tempo like tempo 31X0, a note after #, or / before the next exercise"

/** The words that end an exercise's set groups: what follows them is the exercise's, not a set group's. */
const EXERCISE_WORDS = new Set(["REST", "TEMPO"])

/* ---------- one set group: 3x5 @75% -10% @RPE8 AMSAP ---------- */

type Draft = { -readonly [K in keyof NotationSetGroup]: NotationSetGroup[K] }

const alreadyHas = (index: number, what: string) =>
  new Failure(index, `This set group already has ${what}; give each value once`)

const UNITS_WRITTEN: { readonly [word: string]: Unit } = { kg: "kg", kgs: "kg", lb: "lb", lbs: "lb" }

/** After "@" and a number: "%" (of max), "%e1RM", or a weight with an optional unit. */
const readNumericLoad = (s: Scanner, at: number, n: ReadNumber, draft: Draft, unit: Unit): Failure | undefined => {
  const afterNumber = s.pos
  skipSpaces(s)
  if (peek(s) === "%") {
    s.pos++
    const afterPercent = s.pos
    skipSpaces(s)
    const wordStart = s.pos
    const word = readWhile(s, isLetterOrDigit)
    const ofE1rm = word.toLowerCase() === "e1rm"
    if (!ofE1rm) {
      if (word !== "" && wordStart === afterPercent)
        return new Failure(
          wordStart,
          `Unknown "${word}" after ${n.text}%: expected e1RM, like 80%e1RM, or nothing, like 75%`
        )
      s.pos = afterPercent
    }
    const field = ofE1rm ? "e1rm_percent" : "max_percent"
    if (draft[field] !== undefined) return alreadyHas(at, ofE1rm ? "a percentage of e1RM" : "a percentage of max")
    if (!isPercent(n.value)) return new Failure(n.start, `A percentage must be from 0 to ${MAX_PERCENT}`)
    draft[field] = n.value
    return undefined
  }
  const wordStart = s.pos
  const word = readWhile(s, isLetter)
  const written = UNITS_WRITTEN[word.toLowerCase()]
  if (written === undefined) {
    if (word !== "" && wordStart === afterNumber)
      return new Failure(wordStart, `Unknown unit "${word}": expected kg or lb, like 60kg or 135lb`)
    // Not a unit: leave the word to whatever follows the load (AMSAP, or a mistake said there).
    s.pos = afterNumber
  }
  const weightUnit = written ?? unit
  if (draft.weight !== undefined) return alreadyHas(at, "a weight")
  if (!isWeight(n.value))
    return new Failure(n.start, `A weight must be from 0 to ${MAX_WEIGHT_LBS} ${unitLabel(weightUnit)}`)
  draft.weight = { value: n.value, unit: weightUnit } satisfies NotationWeight
  return undefined
}

/** "@" then a load: RPE8, 75%, 80%e1RM, 315, 60kg. */
const readAt = (s: Scanner, draft: Draft, unit: Unit): Failure | undefined => {
  const at = s.pos
  s.pos++
  skipSpaces(s)
  const start = s.pos
  if (isLetter(peek(s))) {
    const word = readWhile(s, isLetter)
    if (word.toUpperCase() !== "RPE") return new Failure(start, `Unknown "${word}" after @: expected ${LOAD_EXAMPLES}`)
    skipSpaces(s)
    const n = readNumber(s)
    if (n === undefined) return new Failure(s.pos, "Expected a number after RPE, like RPE8 or RPE8.5")
    if (n instanceof Failure) return n
    if (draft.rpe !== undefined) return alreadyHas(at, "an RPE")
    if (!isRpe(n.value)) return new Failure(n.start, "RPE must be from 1 to 10 in steps of 0.5, like 8 or 8.5")
    draft.rpe = n.value
    return undefined
  }
  const n = readNumber(s)
  if (n === undefined) return new Failure(start, `Expected a load after @: ${LOAD_EXAMPLES}`)
  if (n instanceof Failure) return n
  return readNumericLoad(s, at, n, draft, unit)
}

/** "-10%": a backoff. */
const readBackoff = (s: Scanner, draft: Draft): Failure | undefined => {
  const minus = s.pos
  s.pos++
  skipSpaces(s)
  const n = readNumber(s)
  if (n === undefined) return new Failure(s.pos, "Expected a backoff percentage after -, like -10%")
  if (n instanceof Failure) return n
  skipSpaces(s)
  if (peek(s) !== "%") return new Failure(s.pos, `Expected % after the backoff, like -${n.text}%`)
  s.pos++
  if (draft.backoff_percent !== undefined) return alreadyHas(minus, "a backoff")
  if (!isPercent(n.value)) return new Failure(n.start, `A backoff must be from 0 to ${MAX_PERCENT} percent`)
  draft.backoff_percent = n.value
  return undefined
}

/** After x: a whole number 0..19 or AMRAP. */
const readReps = (s: Scanner): Reps | Failure => {
  const start = s.pos
  const expected = `a whole number from 0 to ${MAX_REPS} or AMRAP`
  if (isLetter(peek(s))) {
    const word = readWhile(s, isLetter)
    return word.toUpperCase() === AMRAP ? AMRAP : new Failure(start, `Unknown reps "${word}": expected ${expected}`)
  }
  const n = readNumber(s)
  if (n === undefined) return new Failure(start, `Expected reps after x: ${expected}, like 3x5`)
  if (n instanceof Failure) return n
  return isRepCount(n.value) ? n.value : new Failure(start, `Reps must be ${expected}`)
}

/** Whatever follows the reps, up to a comma, a "/" or the end of the line. */
const readModifiers = (s: Scanner, draft: Draft, unit: Unit): Failure | undefined => {
  for (;;) {
    skipSpaces(s)
    const c = peek(s)
    if (c === undefined || c === "," || c === "/" || c === "#") return undefined
    let failure: Failure | undefined
    if (c === "@") failure = readAt(s, draft, unit)
    else if (c === "-") failure = readBackoff(s, draft)
    else if (isLetter(c)) {
      const start = s.pos
      const word = readWhile(s, isLetter)
      const upper = word.toUpperCase()
      if (EXERCISE_WORDS.has(upper)) {
        // Rest and tempo belong to the exercise: the set groups end here.
        s.pos = start
        return undefined
      }
      if (upper === "AMSAP") {
        if (draft.amsap) return alreadyHas(start, "AMSAP")
        draft.amsap = true
      } else if (upper === "RPE") failure = new Failure(start, "Write @ before RPE, like @RPE8")
      else failure = new Failure(start, `Unknown "${word}": expected ${AFTER_REPS}`)
    } else failure = new Failure(s.pos, `Unexpected "${c}": expected ${AFTER_REPS}, or the end of the line`)
    if (failure !== undefined) return failure
  }
}

/** Set groups separated by commas; the sets of all of them count toward the exercise's cap. */
const readSetGroups = (s: Scanner, unit: Unit): ReadonlyArray<NotationSetGroup> | Failure => {
  const groups: Array<NotationSetGroup> = []
  const cap = WORKOUT_CAPS.setsPerExercise
  let total = 0
  for (;;) {
    skipSpaces(s)
    const countStart = s.pos
    const digits = readWhile(s, isDigit)
    if (digits === "") return new Failure(s.pos, "Expected another set group after the comma, like 3x5")
    skipSpaces(s)
    if (!isTimes(peek(s)))
      return new Failure(s.pos, "Expected x or × between the number of sets and the reps, like 3x5")
    s.pos++
    skipSpaces(s)
    const count = Number(digits)
    if (count < 1) return new Failure(countStart, "Expected at least 1 set, like 1x5")
    total += count
    if (total > cap)
      return new Failure(
        countStart,
        count === total
          ? `An exercise holds at most ${cap} sets; found ${count}`
          : `An exercise holds at most ${cap} sets; this set group brings it to ${total}`
      )
    const reps = readReps(s)
    if (reps instanceof Failure) return reps
    const draft: Draft = { count, reps, amsap: false }
    const failure = readModifiers(s, draft, unit)
    if (failure !== undefined) return failure
    groups.push(draft)
    if (peek(s) !== ",") return groups
    s.pos++
  }
}

/* ---------- after the set groups: rest 90s, tempo 31X0, # a note ---------- */

type Details = { -readonly [K in "rest_seconds" | "tempo" | "note"]?: NotationExercise[K] }

const REST_EXAMPLES = "like rest 90s, rest 2m, rest 1:30 or rest 0"
const SECONDS_WORDS = new Set(["s", "sec", "secs"])
const MINUTES_WORDS = new Set(["m", "min", "mins"])
const MAX_REST_TEXT = `${MAX_REST_SECONDS / 60} minutes`

/** After "rest": seconds ("90s"), minutes ("2m"), minutes and seconds ("1:30"), or 0. */
const readRest = (s: Scanner, details: Details, word: number): Failure | undefined => {
  skipSpaces(s)
  const start = s.pos
  const digits = readWhile(s, isDigit)
  if (digits === "") return new Failure(s.pos, `Expected how long to rest after rest, ${REST_EXAMPLES}`)
  let seconds: number
  if (peek(s) === ":") {
    s.pos++
    const secondsStart = s.pos
    const part = readWhile(s, isDigit)
    if (part.length !== 2 || Number(part) > 59)
      return new Failure(
        secondsStart,
        `Expected two digits of seconds, 00 to 59, after the colon, like rest ${digits}:30`
      )
    seconds = Number(digits) * 60 + Number(part)
  } else {
    const afterNumber = s.pos
    skipSpaces(s)
    const unit = readWhile(s, isLetter).toLowerCase()
    if (SECONDS_WORDS.has(unit)) seconds = Number(digits)
    else if (MINUTES_WORDS.has(unit)) seconds = Number(digits) * 60
    else {
      // Not a unit: the word is whatever follows the rest (tempo, say), read next.
      s.pos = afterNumber
      if (Number(digits) !== 0)
        return new Failure(afterNumber, `Write s or m after the rest, like rest ${digits}s or rest ${digits}m`)
      seconds = 0
    }
  }
  if (details.rest_seconds !== undefined) return alreadyGiven(word, "a rest")
  if (seconds > MAX_REST_SECONDS) return new Failure(start, `Rest must be from 0 to ${MAX_REST_TEXT}`)
  details.rest_seconds = seconds
  return undefined
}

const isTempo = Schema.is(Tempo)

/** After "tempo": four characters, each a digit or X. */
const readTempo = (s: Scanner, details: Details, word: number): Failure | undefined => {
  skipSpaces(s)
  const start = s.pos
  const written = readWhile(s, isLetterOrDigit)
  if (written === "") return new Failure(start, "Expected a tempo after tempo: four digits or X, like tempo 31X0")
  const tempo = written.toUpperCase()
  if (!isTempo(tempo)) return new Failure(start, `A tempo is four digits or X, like 31X0; found "${written}"`)
  if (details.tempo !== undefined) return alreadyGiven(word, "a tempo")
  details.tempo = tempo
  return undefined
}

const isNote = (note: string): boolean => Schema.is(ExerciseNote)(note)

/** "#" and the rest of the line: the coach's note. */
const readNote = (s: Scanner, details: Details): Failure | undefined => {
  s.pos++
  skipSpaces(s)
  const start = s.pos
  const note = text(s, start, s.chars.length).trim()
  s.pos = s.chars.length
  if (note === "") return new Failure(start, "Expected a note after #, like # knees out")
  if (!isNote(note))
    return new Failure(
      start,
      note.length > MAX_NOTE_LENGTH
        ? `A note holds at most ${MAX_NOTE_LENGTH} characters; this one has ${note.length}`
        : "A note must not hold control or invisible characters"
    )
  details.note = note
  return undefined
}

const alreadyGiven = (index: number, what: string) =>
  new Failure(index, `This exercise already has ${what}; give each value once`)

/** What follows the last set group, up to a "/" or the end of the line (a note runs to the end). */
const readExerciseDetails = (s: Scanner): Details | Failure => {
  const details: Details = {}
  for (;;) {
    skipSpaces(s)
    const c = peek(s)
    if (c === undefined || c === "/") return details
    let failure: Failure | undefined
    if (c === "#") failure = readNote(s, details)
    else if (c === ",")
      failure = new Failure(s.pos, "Rest, tempo and a note come after the last set group, like 3x5, 1x5 rest 2m")
    else if (isLetter(c)) {
      const start = s.pos
      const word = readWhile(s, isLetter)
      const upper = word.toUpperCase()
      if (upper === "REST") failure = readRest(s, details, start)
      else if (upper === "TEMPO") failure = readTempo(s, details, start)
      else failure = new Failure(start, `Unknown "${word}": expected ${AFTER_SETS}`)
    } else failure = new Failure(s.pos, `Unexpected "${c}": expected ${AFTER_SETS}, or the end of the line`)
    if (failure !== undefined) return failure
  }
}

/* ---------- one exercise: [A1] Name sets ---------- */

/** "A1 ": a letter, 1 to 99, then a space. */
const readLabel = (s: Scanner): NotationLabel | undefined => {
  const letter = peek(s)
  if (letter === undefined || !isLetter(letter)) return undefined
  let end = s.pos + 1
  if (!(isDigit(s.chars[end]) && s.chars[end] !== "0")) return undefined
  end++
  if (isDigit(s.chars[end])) end++
  if (!isSpace(s.chars[end])) return undefined
  const order = Number(text(s, s.pos + 1, end))
  s.pos = end
  return { letter: letter.toUpperCase(), order }
}

/** At a word's start: digits, optional spaces, then x or ×. */
const startsSetGroup = (chars: ReadonlyArray<string>, index: number): boolean => {
  let i = index
  while (isDigit(chars[i])) i++
  if (i === index) return false
  while (isSpace(chars[i])) i++
  return isTimes(chars[i])
}

type NameStop = "sets" | "slash" | "at" | "note" | "end"

const BEFORE_STOP = { slash: "/", at: "the load", note: "the note" } as const

/** Where the name ends: at the first set group, or a "/", "@" or "#" that says it has none. */
const findNameEnd = (s: Scanner): { readonly end: number; readonly stop: NameStop } => {
  for (let i = s.pos; i < s.chars.length; i++) {
    const c = s.chars[i]
    if (c === "/") return { end: i, stop: "slash" }
    if (c === "@") return { end: i, stop: "at" }
    if (c === "#") return { end: i, stop: "note" }
    if ((i === s.pos || isSpace(s.chars[i - 1])) && startsSetGroup(s.chars, i)) return { end: i, stop: "sets" }
  }
  return { end: s.chars.length, stop: "end" }
}

const MAX_NAME = 100

/** An exercise with the column it starts at, for the checks across lines. */
export interface LocatedExercise {
  readonly exercise: NotationExercise
  readonly index: number
}

const readExercise = (s: Scanner, options: NotationOptions): LocatedExercise | Failure => {
  const start = s.pos
  const label = readLabel(s)
  skipSpaces(s)
  const nameStart = s.pos
  const { end, stop } = findNameEnd(s)
  const typed = text(s, nameStart, end).trim().split(/\s+/u).join(" ")
  if (typed === "") return new Failure(nameStart, "Expected an exercise name before the sets, like Back Squat 5x5")
  if (stop !== "sets") {
    const nameEnd = nameStart + text(s, nameStart, end).trimEnd().length
    if (stop === "end") return new Failure(nameEnd, "Expected sets×reps like 5x5 after the exercise name")
    return new Failure(end, `Expected sets×reps like 5x5 before ${BEFORE_STOP[stop]}`)
  }
  const resolved = options.resolve(typed)
  if (!isExerciseName(resolved.name))
    return new Failure(
      nameStart,
      resolved.name.length > MAX_NAME
        ? `An exercise name holds at most ${MAX_NAME} characters; this one has ${resolved.name.length}`
        : "An exercise name must not hold control or invisible characters"
    )
  if (resolved.exercise_id !== undefined && !isExerciseId(resolved.exercise_id))
    return new Failure(
      nameStart,
      `The library linked "${typed}" to "${resolved.exercise_id}", which is not a library id`
    )
  s.pos = end
  const setGroups = readSetGroups(s, options.unit)
  if (setGroups instanceof Failure) return setGroups
  const details = readExerciseDetails(s)
  if (details instanceof Failure) return details
  return {
    index: start,
    exercise: {
      name: resolved.name,
      ...(resolved.exercise_id === undefined ? {} : { exercise_id: resolved.exercise_id }),
      ...(label === undefined ? {} : { label }),
      setGroups,
      ...details
    }
  }
}

/** One source line: exercises separated by "/". Blank lines are the caller's to skip. */
export const readNotationLine = (line: string, options: NotationOptions): ReadonlyArray<LocatedExercise> | Failure => {
  const s: Scanner = { chars: Array.from(line), pos: 0 }
  const exercises: Array<LocatedExercise> = []
  for (;;) {
    skipSpaces(s)
    const exercise = readExercise(s, options)
    if (exercise instanceof Failure) return exercise
    exercises.push(exercise)
    skipSpaces(s)
    // The set groups end only at the end of the line or at a "/".
    if (peek(s) === undefined) return exercises
    s.pos++
    skipSpaces(s)
    if (peek(s) === undefined) return new Failure(s.pos, "Expected another exercise after /, like A2 Dip 3x10")
  }
}

/* ---------- the first line: Title: Heavy lower ---------- */

const TITLE_WORD = /^\s*title\s*:/iu
const isTitle = (title: string): boolean => Schema.is(WorkoutTitle)(title)

/** Whether the line is a title line ("Title:" first, in any case), wherever it stands. */
export const isTitleLine = (line: string): boolean => TITLE_WORD.test(line)

/** A title line's title: what follows "Title:", trimmed. Only called when isTitleLine. */
export const readTitleLine = (line: string): WorkoutTitle | Failure => {
  const chars = Array.from(line)
  const colon = chars.indexOf(":")
  let start = colon + 1
  while (isSpace(chars[start])) start++
  const title = chars.slice(start).join("").trim()
  if (title === "") return new Failure(start, "Expected the workout's title after Title:, like Title: Heavy lower")
  if (!isTitle(title))
    return new Failure(
      start,
      title.length > MAX_TITLE_LENGTH
        ? `A title holds at most ${MAX_TITLE_LENGTH} characters; this one has ${title.length}`
        : "A title must not hold control or invisible characters"
    )
  return title
}
