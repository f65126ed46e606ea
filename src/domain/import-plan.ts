import type { IsoDate } from "./calendar.ts"
import { catalogueExercise, findCanonical } from "./exercise-catalogue.ts"
import {
  type ImportedSession,
  MAX_IMPORT_SESSIONS_PER_CALL,
  MAX_IMPORT_SETS_PER_CALL,
  setCount
} from "./history-import.ts"
import type { Logbook, RowOutcome, SourceSession } from "./import-formats/logbook.ts"
import type { PerformedReps, Rpe, Weight } from "./set-fields.ts"
import type { Unit } from "./units.ts"

/*
 * From a read logbook to what is sent (docs/decisions/049-import-and-export.md): what the
 * preview says, which library exercise each source name is, the unit of sets whose file
 * did not say, and the chunks one call each stores.
 */

/** What a source exercise becomes: a library exercise, or a new exercise of the lifter's own. */
export type ExerciseTarget =
  | { readonly kind: "library"; readonly id: string; readonly name: string }
  | { readonly kind: "new"; readonly name: string }

export interface SourceExerciseUse {
  readonly name: string
  readonly sets: number
}

export interface LogbookSummary {
  readonly sessions: number
  readonly sets: number
  readonly first: IsoDate | undefined
  readonly last: IsoDate | undefined
  /** Some sets have a weight and no unit: the lifter must say which. */
  readonly needsUnit: boolean
  /** Rows not stored, counted by why. */
  readonly left: ReadonlyArray<{ readonly reason: RowOutcome; readonly rows: number }>
}

/** Longest names the contract takes (ExerciseName, WorkoutTitle). */
const MAX_EXERCISE_NAME = 100
const MAX_TITLE = 60

const clip = (text: string, max: number): string => (text.length <= max ? text : text.slice(0, max).trimEnd())

export function summarize(logbook: Logbook): LogbookSummary {
  let sets = 0
  let needsUnit = false
  let first: IsoDate | undefined
  let last: IsoDate | undefined
  for (const session of logbook.sessions) {
    if (first === undefined || session.date < first) first = session.date
    if (last === undefined || session.date > last) last = session.date
    for (const exercise of session.exercises) {
      sets += exercise.sets.length
      if (!needsUnit) needsUnit = exercise.sets.some((set) => set.unit === null && set.weight !== null)
    }
  }
  const byReason = new Map<RowOutcome, number>()
  for (const row of logbook.left) byReason.set(row.reason, (byReason.get(row.reason) ?? 0) + 1)
  return {
    sessions: logbook.sessions.length,
    sets,
    first,
    last,
    needsUnit,
    left: [...byReason].map(([reason, rows]) => ({ reason, rows }))
  }
}

/** The source's exercise names, most sets first (then by name), each once. */
export function sourceExercises(logbook: Logbook): ReadonlyArray<SourceExerciseUse> {
  const counts = new Map<string, number>()
  for (const session of logbook.sessions) {
    for (const exercise of session.exercises) {
      counts.set(exercise.name, (counts.get(exercise.name) ?? 0) + exercise.sets.length)
    }
  }
  return [...counts]
    .map(([name, sets]) => ({ name, sets }))
    .sort((a, b) => b.sets - a.sets || a.name.localeCompare(b.name))
}

const libraryTarget = (id: string): ExerciseTarget | undefined => {
  const exercise = catalogueExercise(id)
  return exercise === undefined ? undefined : { kind: "library", id, name: exercise.name }
}

/**
 * The names a source may mean one library exercise by: as written, then the apps' "Squat
 * (Barbell)" read as "Barbell Squat" and as "Squat". findCanonical never guesses, so
 * neither does this: a name no form of which is a library name or alias stays new.
 */
const candidateNames = (name: string): ReadonlyArray<string> => {
  const parts = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(name)
  if (parts === null) return [name]
  const [, base = "", qualifier = ""] = parts
  const equipment = qualifier.split(/\s+-\s+/)[0] ?? ""
  return [name, `${equipment} ${base}`, base]
}

export function suggestTarget(name: string, exerciseId?: string): ExerciseTarget {
  if (exerciseId !== undefined) {
    const named = libraryTarget(exerciseId)
    if (named !== undefined) return named
  }
  for (const candidate of candidateNames(name)) {
    const id = findCanonical(candidate)
    const target = id === undefined ? undefined : libraryTarget(id)
    if (target !== undefined) return target
  }
  return { kind: "new", name: clip(name.trim(), MAX_EXERCISE_NAME) }
}

/** The first suggestion for every source exercise, by source name. */
export function suggestMapping(logbook: Logbook): ReadonlyMap<string, ExerciseTarget> {
  const mapping = new Map<string, ExerciseTarget>()
  for (const session of logbook.sessions) {
    for (const exercise of session.exercises) {
      if (!mapping.has(exercise.name)) mapping.set(exercise.name, suggestTarget(exercise.name, exercise.exerciseId))
    }
  }
  return mapping
}

const toSession = (
  session: SourceSession,
  mapping: ReadonlyMap<string, ExerciseTarget>,
  fileUnit: Unit | undefined
): ImportedSession => ({
  key: session.key,
  date: session.date,
  ...(session.startedAt === undefined ? {} : { started_at: session.startedAt }),
  ...(session.durationSeconds === undefined ? {} : { duration_seconds: session.durationSeconds }),
  ...(session.title === undefined || session.title.trim() === ""
    ? {}
    : { title: clip(session.title.trim(), MAX_TITLE) }),
  exercises: session.exercises.map((exercise) => {
    const target = mapping.get(exercise.name) ?? suggestTarget(exercise.name, exercise.exerciseId)
    return {
      name: target.name,
      ...(target.kind === "library" ? { exercise_id: target.id } : {}),
      sets: exercise.sets.map((set) => ({
        weight: set.weight as Weight | null,
        // A set with no weight has no unit to ask about; the file's unit (or the answer) still names it.
        unit: set.unit ?? fileUnit ?? "lb",
        reps: set.reps as PerformedReps | null,
        rpe: set.rpe as Rpe | null
      }))
    }
  })
})

/**
 * The sessions to send, in calls of at most MAX_IMPORT_SETS_PER_CALL sets and
 * MAX_IMPORT_SESSIONS_PER_CALL sessions; a session is never split across two calls.
 */
export function importChunks(
  logbook: Logbook,
  mapping: ReadonlyMap<string, ExerciseTarget>,
  fileUnit: Unit | undefined
): ReadonlyArray<ReadonlyArray<ImportedSession>> {
  const chunks: Array<Array<ImportedSession>> = []
  let current: Array<ImportedSession> = []
  let sets = 0
  for (const source of logbook.sessions) {
    const session = toSession(source, mapping, fileUnit)
    const size = setCount([session])
    if (
      current.length > 0 &&
      (sets + size > MAX_IMPORT_SETS_PER_CALL || current.length >= MAX_IMPORT_SESSIONS_PER_CALL)
    ) {
      chunks.push(current)
      current = []
      sets = 0
    }
    current.push(session)
    sets += size
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}
