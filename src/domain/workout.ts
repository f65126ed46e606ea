import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { addDays, IsoDate, isIsoDate } from "./calendar.ts"
import { exerciseDetailFields, type ExerciseDetails, presentDetails, WorkoutTitle } from "./exercise-details.ts"
import { DemoUrl, ExerciseId, ExerciseName } from "./exercises.ts"
import { SetId, UserId } from "./ids.ts"
import { UnitSchema } from "./preferences.ts"
import {
  FIELD_NAMES,
  FIELD_VALUE_SCHEMAS,
  type FieldName,
  BackoffPercent,
  E1rmPercent,
  MaxPercent,
  parseFieldValue,
  PerformedReps,
  Reps,
  Rir,
  Rpe,
  type SetValues,
  Weight
} from "./set-fields.ts"
import { ClientEmail, PersonName } from "./user.ts"

const orderIndex = (what: string) =>
  Schema.Number.annotate({ message: `${what} must be a number` }).check(
    Schema.isInt({ message: `${what} must be a whole number` }),
    Schema.isGreaterThanOrEqualTo(0, { message: `${what} must not be negative` })
  )

/**
 * One set as the server lists it (DESIGN 5a), flat. In /workouts the values are
 * the prescription, in /workoutResults what the client logged; `id` is the set's id
 * in both. Absent values are null. `set` is the zero-based set index.
 */
export const WorkoutRow = Schema.Struct({
  id: SetId,
  date: IsoDate,
  workout_order: orderIndex("workout_order"),
  exercise_order: orderIndex("exercise_order"),
  exercise: ExerciseName,
  /** The library exercise (exercises.ts); `exercise` is the name the workout shows. */
  exercise_id: ExerciseId,
  set: orderIndex("set"),
  reps: Schema.NullOr(Reps),
  rir: Schema.NullOr(Rir),
  rpe: Schema.NullOr(Rpe),
  weight: Schema.NullOr(Weight),
  /** The unit `weight` was entered in (lb for everything stored before units existed). */
  weight_unit: UnitSchema,
  backoff_percent: Schema.NullOr(BackoffPercent),
  e1rm_percent: Schema.NullOr(E1rmPercent),
  max_percent: Schema.NullOr(MaxPercent),
  amsap: Schema.Boolean.annotate({ message: "amsap must be true or false" }),
  /** The lifter added this set while logging (it copies the prescription of the set it followed). */
  added: Schema.Boolean.annotate({ message: "added must be true or false" }),
  /** The workout's title and the exercise's details (exercise-details.ts), each only when set. */
  workout_title: Schema.optionalKey(WorkoutTitle),
  ...exerciseDetailFields,
  /** The demo link the workout's coach set for this exercise in their library, if any. */
  demo_url: Schema.optionalKey(DemoUrl),
  /** The workout came from the lifter's import of another app's logbook (history-import.ts). */
  imported: Schema.optionalKey(Schema.Literal(true))
})
export type WorkoutRow = typeof WorkoutRow.Type

export const WorkoutRows = Schema.Array(WorkoutRow)
export type WorkoutRows = typeof WorkoutRows.Type

/**
 * A row of /workoutResults and the answer of updateWorkoutResult: what the client
 * logged. Same shape as WorkoutRow, but reps is a performed count (0..100, never
 * "AMRAP"), the percentages, which are prescription only, are always null, and
 * `skipped` says the lifter chose not to do the set.
 */
export const LoggedRow = WorkoutRow.mapFields((all) => ({
  ...Struct.omit(all, ["workout_title", "superset", "rest_seconds", "tempo", "note", "demo_url", "imported"]),
  reps: Schema.NullOr(PerformedReps),
  backoff_percent: Schema.Null,
  e1rm_percent: Schema.Null,
  max_percent: Schema.Null,
  skipped: Schema.Boolean.annotate({ message: "skipped must be true or false" })
}))
export type LoggedRow = typeof LoggedRow.Type

export const LoggedRows = Schema.Array(LoggedRow)
export type LoggedRows = typeof LoggedRows.Type

/** Rows of one exercise of one workout, sets in order. */
export const GroupedExercise = Schema.Struct({
  exercise_order: orderIndex("exercise_order"),
  name: ExerciseName,
  exercise_id: ExerciseId,
  ...exerciseDetailFields,
  demo_url: Schema.optionalKey(DemoUrl),
  sets: Schema.Array(WorkoutRow)
})
export type GroupedExercise = typeof GroupedExercise.Type

/** One workout of a day (a day may hold several: 'Workout 1', 'Workout 2'). */
export const GroupedWorkout = Schema.Struct({
  workout_order: orderIndex("workout_order"),
  title: Schema.optionalKey(WorkoutTitle),
  /** Brought from another app's logbook by the lifter (history-import.ts). */
  imported: Schema.optionalKey(Schema.Literal(true)),
  exercises: Schema.Array(GroupedExercise)
})
export type GroupedWorkout = typeof GroupedWorkout.Type

type DayWorkouts = ReadonlyArray<GroupedWorkout>

// A Record whose key schema has checks silently drops keys that fail them, so
// the keys are accepted as strings and then every one must be a real day: a
// bad date key is a 400, never a quietly missing day.
const keysAreIsoDates = (byDate: {
  readonly [key: string]: DayWorkouts
}): byDate is { readonly [key: IsoDate]: DayWorkouts } => Object.keys(byDate).every(isIsoDate)

/** Workouts of each day, keyed by YYYY-MM-DD, in workout_order. */
export const WorkoutsByDate = Schema.Record(Schema.String, Schema.Array(GroupedWorkout)).pipe(
  Schema.refine(keysAreIsoDates, { message: "every date key must be a real calendar day in YYYY-MM-DD format" })
)
export type WorkoutsByDate = typeof WorkoutsByDate.Type

/** GET /api/workoutByDate: read through `data`; the first entry for the date is used. */
export const WorkoutByDateResponse = Schema.Struct({ data: WorkoutsByDate })
export type WorkoutByDateResponse = typeof WorkoutByDateResponse.Type

const compareRows = (a: WorkoutRow, b: WorkoutRow): number =>
  (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
  a.workout_order - b.workout_order ||
  a.exercise_order - b.exercise_order ||
  a.set - b.set

interface ExerciseBuilder extends ExerciseDetails {
  demo_url?: DemoUrl
  exercise_order: number
  name: ExerciseName
  exercise_id: ExerciseId
  sets: Array<WorkoutRow>
}
interface WorkoutBuilder {
  workout_order: number
  title?: WorkoutTitle
  imported?: true
  exercises: Array<ExerciseBuilder>
}

/**
 * Groups rows by date, then workout_order, then exercise_order; each level is
 * sorted ascending and rows that tie keep their input order (Array#sort is
 * stable). An exercise takes its name from its first row.
 */
export const groupRowsByDate = (rows: ReadonlyArray<WorkoutRow>): WorkoutsByDate => {
  const result: Record<IsoDate, Array<WorkoutBuilder>> = {}
  for (const row of [...rows].sort(compareRows)) {
    const day = (result[row.date] ??= [])
    let workout = day.at(-1)
    if (workout?.workout_order !== row.workout_order) {
      workout = {
        workout_order: row.workout_order,
        ...(row.workout_title === undefined ? {} : { title: row.workout_title }),
        ...(row.imported === undefined ? {} : { imported: true as const }),
        exercises: []
      }
      day.push(workout)
    }
    let exercise = workout.exercises.at(-1)
    if (exercise?.exercise_order !== row.exercise_order) {
      exercise = {
        exercise_order: row.exercise_order,
        name: row.exercise,
        exercise_id: row.exercise_id,
        ...presentDetails(row),
        ...(row.demo_url === undefined ? {} : { demo_url: row.demo_url }),
        sets: []
      }
      workout.exercises.push(exercise)
    }
    exercise.sets.push(row)
  }
  return result
}

/** Days that have at least one row (calendar markers). */
export const datesWithRows = (rows: ReadonlyArray<WorkoutRow>): ReadonlySet<IsoDate> => new Set(rows.map((r) => r.date))

export interface ScheduledDay {
  readonly date: IsoDate
  readonly workouts: ReadonlyArray<GroupedWorkout>
}

/** The client dashboard's 'Next Workout:': the earliest day on or after today that has rows. */
export const nextScheduledDay = (rows: ReadonlyArray<WorkoutRow>, today: IsoDate): ScheduledDay | undefined => {
  let date: IsoDate | undefined
  for (const row of rows) if (row.date >= today && (date === undefined || row.date < date)) date = row.date
  if (date === undefined) return undefined
  return { date, workouts: groupRowsByDate(rows.filter((r) => r.date === date))[date] ?? [] }
}

/** Exercise names of a day's workouts, in workout then exercise order. */
export const exerciseNames = (workouts: ReadonlyArray<GroupedWorkout>): ReadonlyArray<ExerciseName> =>
  workouts.flatMap((w) => w.exercises.map((e) => e.name))

/* ---------- Coach side: the built workout (POST /api/workout) ---------- */

const builtField = <N extends FieldName>(name: N) =>
  Schema.Struct({ name: Schema.Literal(name), value: FIELD_VALUE_SCHEMAS[name] })

/** One {name, value} pair; the value's type follows the field name. */
export const BuiltField = Schema.Union([
  builtField("reps"),
  builtField("rpe"),
  builtField("backoff_percent"),
  builtField("e1rm_percent"),
  builtField("max_percent"),
  builtField("weight")
]).annotate({ message: `field name must be one of ${FIELD_NAMES.join(", ")}` })
export type BuiltField = typeof BuiltField.Type

export const BuiltSet = Schema.Struct({
  set: orderIndex("set"),
  amsap: Schema.Boolean.annotate({ message: "amsap must be true or false" }),
  /** The unit of the weight field, if any: the coach's unit (lb when absent). */
  weight_unit: Schema.optionalKey(UnitSchema),
  fields: Schema.Array(BuiltField).check(
    Schema.makeFilter(
      (fields: ReadonlyArray<BuiltField>) => new Set(fields.map((f) => f.name)).size === fields.length,
      { message: "fields must not repeat a field name" }
    )
  )
})
export type BuiltSet = typeof BuiltSet.Type

/**
 * The most one workout may hold (docs/decisions/013-input-bounds.md). The caps are far
 * above any real session and low enough that the largest workout they allow, every
 * field filled with its longest value, fits the 256 KiB body limit and is stored in one
 * insert well under PostgreSQL's 65,535 bind parameters. The builder stops at them too.
 */
export const WORKOUT_CAPS = { exercises: 30, setsPerExercise: 25 } as const
export type WorkoutCaps = { readonly exercises: number; readonly setsPerExercise: number }

/**
 * A saved exercise needs a name and at least one set: rows are stored per set, so an empty
 * one would vanish. `exercise_id` names the library exercise (canonical or the coach's
 * own; another coach's is a 400). Without it the server links the name as the migration
 * of free-text workouts does: a canonical name or alias links to it, any other name
 * becomes (or reuses) the coach's own exercise of that name.
 */
export const BuiltExercise = Schema.Struct({
  name: ExerciseName,
  exercise_id: Schema.optionalKey(ExerciseId),
  ...exerciseDetailFields,
  sets: Schema.Array(BuiltSet).check(
    Schema.isMinLength(1, { message: "an exercise needs at least one set" }),
    Schema.isMaxLength(WORKOUT_CAPS.setsPerExercise, {
      message: `an exercise holds at most ${WORKOUT_CAPS.setsPerExercise} sets`
    })
  )
})
export type BuiltExercise = typeof BuiltExercise.Type

export const BuiltWorkout = Schema.Array(BuiltExercise).check(
  Schema.isMinLength(1, { message: "a workout needs at least one exercise" }),
  Schema.isMaxLength(WORKOUT_CAPS.exercises, {
    message: `a workout holds at most ${WORKOUT_CAPS.exercises} exercises`
  })
)
export type BuiltWorkout = typeof BuiltWorkout.Type

/**
 * Names one save of a workout, so that sending it again (a retry after a lost answer, a
 * reload) stores it once: the builder makes one per draft. A UUID fits.
 */
export const IdempotencyKey = Schema.String.annotate({ message: "idempotencyKey must be a string" }).check(
  Schema.isPattern(/^[A-Za-z0-9_-]{16,64}$/, {
    message: "idempotencyKey must be 16 to 64 letters, digits, '-' or '_'"
  })
)
export type IdempotencyKey = typeof IdempotencyKey.Type

/**
 * Body of POST /api/workout. With an idempotencyKey, a second save with the same key by
 * the same coach stores nothing and answers the first save's rows; the same key with a
 * different workout is a 409. Without one, every save is a new workout.
 */
export const SaveWorkoutPayload = Schema.Struct({
  clientId: UserId,
  date: IsoDate,
  title: Schema.optionalKey(WorkoutTitle),
  workout: BuiltWorkout,
  idempotencyKey: Schema.optionalKey(IdempotencyKey)
})
export type SaveWorkoutPayload = typeof SaveWorkoutPayload.Type

/* ---------- Reading rows: a bounded span of days ---------- */

/** The most days one read of /workouts or /workoutResults covers: a year, leap day included. */
export const MAX_READ_DAYS = 366

const DAY_MS = 86_400_000
const daysFrom = (from: IsoDate, to: IsoDate): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS)

/** The inclusive days from..to, counted: 1 when from and to are the same day. */
export const daysInRange = (range: { readonly from: IsoDate; readonly to: IsoDate }): number =>
  daysFrom(range.from, range.to) + 1

type DateSpan = { readonly from: IsoDate; readonly to: IsoDate }

// What is wrong with a span both of whose ends were sent, said of `to`; undefined when nothing is.
const spanIssue = ({ from, to }: DateSpan) => {
  if (to < from) return { path: ["to"], issue: "to must not be before from" }
  if (daysInRange({ from, to }) > MAX_READ_DAYS)
    return {
      path: ["to"],
      issue: `to must be at most ${MAX_READ_DAYS - 1} days after from (${MAX_READ_DAYS} days a read)`
    }
  return undefined
}

/**
 * Query of /workoutCompletions, and what the screens send to /workouts and
 * /workoutResults: inclusive ISO dates, both required, to not before from, at most
 * MAX_READ_DAYS days. A screen asks for the days it shows.
 */
export const ReadRange = Schema.Struct({ from: IsoDate, to: IsoDate }).check(Schema.makeFilter(spanIssue))
export type ReadRange = typeof ReadRange.Type

/**
 * The days a query-less read of /workouts or /workoutResults is answered for
 * (docs/decisions/034-spec-reads-default-window.md): the server's today (UTC), the
 * 183 days before it and the 182 after it, MAX_READ_DAYS in all.
 */
export const DEFAULT_READ_WINDOW = { daysBefore: 183, daysAfter: 182 } as const

/** The default window around `today`: a ReadRange of MAX_READ_DAYS days. */
export const defaultReadWindow = (today: IsoDate): ReadRange => ({
  from: addDays(today, -DEFAULT_READ_WINDOW.daysBefore),
  to: addDays(today, DEFAULT_READ_WINDOW.daysAfter)
})

/** The MAX_READ_DAYS days before (`prev`) or after (`next`) a window: the pages either side of it. */
export const adjacentReadWindow = (window: ReadRange, side: "prev" | "next"): ReadRange =>
  side === "prev"
    ? { from: addDays(window.from, -MAX_READ_DAYS), to: addDays(window.from, -1) }
    : { from: addDays(window.to, 1), to: addDays(window.to, MAX_READ_DAYS) }

/**
 * Query of /workouts and /workoutResults (docs/decisions/034): a ReadRange, or nothing
 * at all, the contract's original call, which the server answers for its default window. One end
 * without the other is refused naming the missing one (`to: is required`), as before.
 */
export const OptionalReadRange = Schema.Struct({
  from: Schema.optionalKey(IsoDate),
  to: Schema.optionalKey(IsoDate)
}).check(
  Schema.makeFilter(({ from, to }: { readonly from?: IsoDate; readonly to?: IsoDate }) => {
    if (from === undefined && to === undefined) return undefined
    if (from === undefined) return { path: ["from"], issue: "is required" }
    if (to === undefined) return { path: ["to"], issue: "is required" }
    return spanIssue({ from, to })
  })
)
export type OptionalReadRange = typeof OptionalReadRange.Type

/** A built set's fields as set text input. */
export const builtSetValues = (set: BuiltSet): SetValues => Object.fromEntries(set.fields.map((f) => [f.name, f.value]))

export interface SetBuilderInput {
  /** Index of the first new set: the exercise's current number of sets. */
  readonly startIndex: number
  /** The stepper's count (minimum 0); ignored when amsap is on. */
  readonly count: number
  readonly amsap: boolean
  /** Fields toggled on in the field editor. */
  readonly enabledFields: ReadonlyArray<FieldName>
  /** Current input texts per field. */
  readonly inputs: { readonly [N in FieldName]?: string }
}

/**
 * docs/product.md: adding appends the chosen count of sets, or one AMSAP set if
 * AMSAP is on; only toggled fields with a value are saved, in field order.
 */
export const buildSets = (input: SetBuilderInput): ReadonlyArray<BuiltSet> => {
  const count = input.amsap ? 1 : Math.max(0, Math.trunc(input.count))
  const enabled = new Set(input.enabledFields)
  const fields: Array<BuiltField> = []
  for (const name of FIELD_NAMES) {
    if (!enabled.has(name)) continue
    const value = parseFieldValue(name, input.inputs[name] ?? "")
    if (value !== null) fields.push({ name, value } as BuiltField)
  }
  return Array.from({ length: count }, (_, i) => ({ set: input.startIndex + i, amsap: input.amsap, fields }))
}

/* ---------- Coach's clients ---------- */

/**
 * The most invitations a coach may have waiting for people to sign up
 * (docs/decisions/013-input-bounds.md). Linked clients do not count.
 */
export const MAX_PENDING_INVITATIONS = 100

/** Body of POST /api/addClient. */
export const AddClientPayload = Schema.Struct({
  data: Schema.Struct({ coachId: UserId, clientEmail: ClientEmail })
})
export type AddClientPayload = typeof AddClientPayload.Type

/** Key of the client lookup table: the client's id as a string (record keys are strings). */
export const ClientKey = Schema.String.check(Schema.isNonEmpty({ message: "client key must not be empty" }))
export type ClientKey = typeof ClientKey.Type

export const ClientLookupEntry = Schema.Struct({
  name: PersonName,
  /**
   * True for an invitation (key `pending:<email>`): that person is not a linked client,
   * so there is no id to open. A declined invitation is pending too, with `declined`.
   */
  pending: Schema.Boolean,
  /** The person declined the invitation; it stays listed until the coach removes it (ADR 033). */
  declined: Schema.optionalKey(Schema.Boolean),
  /** A linked client the coach archived (src/domain/client-archive.ts): still linked, listed apart. */
  archived: Schema.optionalKey(Schema.Boolean)
})
export type ClientLookupEntry = typeof ClientLookupEntry.Type

/** GET /api/getAllClients/{coachId}: client id string -> {name, pending}. */
export const ClientLookup = Schema.Record(Schema.String, ClientLookupEntry).check(
  // Checked on the whole record: a key schema with checks would drop bad keys silently.
  Schema.makeFilter(
    (lookup: { readonly [key: string]: ClientLookupEntry }) => Object.keys(lookup).every(Schema.is(ClientKey)),
    {
      message: "every client key must be a non-empty string"
    }
  )
)
export type ClientLookup = typeof ClientLookup.Type

export interface ClientOption {
  readonly key: ClientKey
  readonly name: string
  readonly pending: boolean
}

/** Picker entries sorted by name (case-insensitive), then key so equal names keep a fixed order. */
export const clientOptions = (lookup: ClientLookup): ReadonlyArray<ClientOption> =>
  Object.entries(lookup)
    .map(([key, entry]) => ({ key, name: entry.name, pending: entry.pending }))
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, "en-US", { sensitivity: "base" }) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
    )

/* ---------- Client logging ---------- */

/**
 * Body of PUT /api/updateWorkoutResult: only the edited values; null clears one.
 * reps is what was done (0..100), never "AMRAP". `skipped: true` records that the
 * lifter chose not to do the set; logging values with `skipped: false` undoes it.
 */
export const SetResultUpdate = Schema.Struct({
  id: SetId,
  reps: Schema.optionalKey(Schema.NullOr(PerformedReps)),
  rir: Schema.optionalKey(Schema.NullOr(Rir)),
  rpe: Schema.optionalKey(Schema.NullOr(Rpe)),
  weight: Schema.optionalKey(Schema.NullOr(Weight)),
  /** The unit of `weight` as the lifter entered it (lb when absent). */
  weight_unit: Schema.optionalKey(UnitSchema),
  skipped: Schema.optionalKey(Schema.Boolean.annotate({ message: "skipped must be true or false" }))
})
export type SetResultUpdate = typeof SetResultUpdate.Type

/**
 * Body of POST /api/loggedSet: the lifter adds a set while logging (an AMSAP set keeps
 * going). The new set follows the last set of `afterSetId`'s exercise and copies that
 * set's prescription; it is marked `added`. `idempotencyKey` names this one addition, so
 * sending it again (a retry after a lost answer) answers the same set instead of a second.
 */
export const AddLoggedSetPayload = Schema.Struct({ afterSetId: SetId, idempotencyKey: IdempotencyKey })
export type AddLoggedSetPayload = typeof AddLoggedSetPayload.Type

/** Answer of DELETE /api/loggedSet/{setId}: the removed set's id. Only an added set can be removed. */
export const RemovedSet = Schema.Struct({ id: SetId })
export type RemovedSet = typeof RemovedSet.Type
