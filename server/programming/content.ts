import { and, eq, gte, lte } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { addDays, dayOfWeek, type IsoDate } from "#domain/calendar.ts"
import { presentDetails, WorkoutTitle } from "#domain/exercise-details.ts"
import type { UserId } from "#domain/ids.ts"
import { PROGRAM_CAPS, programOffset } from "#domain/program.ts"
import {
  type BuiltField,
  type BuiltSet,
  BuiltWorkout,
  groupRowsByDate,
  type WorkoutRow,
  daysInRange
} from "#domain/workout.ts"
import type { Db } from "../db/client.ts"
import { sets, workouts } from "../db/schema.ts"
import { prescription } from "../workouts/repository.ts"
import { asPrescribedRow, notRemoved, prescribedColumns, rowOrder, setRows } from "../workouts/row-queries.ts"

/*
 * What a copy or a template carries (docs/decisions/025, 040): the coach's
 * prescription of each workout, with the day it falls on counted from the source's first
 * day. Read from the prescription tables, or from a template's content, which is this
 * same shape stored as jsonb.
 */

/** The most days a source spans: a week, from its first day. */
export const WEEK_DAYS = 7

/** The last day a program template reaches: week 12, day 7 (src/domain/program.ts, docs/decisions/049). */
export const LAST_PROGRAM_OFFSET = programOffset(PROGRAM_CAPS.weeks, PROGRAM_CAPS.daysPerWeek)

export const ProgrammedWorkout = Schema.Struct({
  /**
   * Days after the source's first day (a week's `from`): 0..6 for a week, 0 for a workout;
   * a program's workouts are its weeks' days, 0..LAST_PROGRAM_OFFSET, with no weekday.
   */
  offset: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: LAST_PROGRAM_OFFSET })),
  /**
   * The weekday (0 Sunday) of a week's workout, which it keeps wherever the week is copied
   * (docs/decisions/040). Absent for a workout or a day, which land on the start, and in
   * week templates saved before it was kept (templatesContent reads those from Sunday).
   */
  weekday: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 6 }))),
  category: Schema.String,
  title: Schema.optionalKey(WorkoutTitle),
  exercises: BuiltWorkout
})
export type ProgrammedWorkout = typeof ProgrammedWorkout.Type

/** A source's workouts by offset, then in their day's order. */
export const ProgrammedContent = Schema.Array(ProgrammedWorkout)
export type ProgrammedContent = typeof ProgrammedContent.Type

/** Where content is read from: one workout, one day, or the 7 days from `from`. */
export type ContentSource =
  | { readonly kind: "workout"; readonly clientId: UserId; readonly date: IsoDate; readonly workoutOrder: number }
  | { readonly kind: "day"; readonly clientId: UserId; readonly date: IsoDate }
  | { readonly kind: "week"; readonly clientId: UserId; readonly from: IsoDate }

const firstDay = (source: ContentSource): IsoDate => (source.kind === "week" ? source.from : source.date)

// In FIELD_NAMES' order, which a template's stored content (and its hash) follows.
const fieldsOf = (row: WorkoutRow): ReadonlyArray<BuiltField> => [
  ...(row.reps === null ? [] : [{ name: "reps", value: row.reps } as const]),
  ...(row.rpe === null ? [] : [{ name: "rpe", value: row.rpe } as const]),
  ...(row.backoff_percent === null ? [] : [{ name: "backoff_percent", value: row.backoff_percent } as const]),
  ...(row.e1rm_percent === null ? [] : [{ name: "e1rm_percent", value: row.e1rm_percent } as const]),
  ...(row.max_percent === null ? [] : [{ name: "max_percent", value: row.max_percent } as const]),
  ...(row.weight === null ? [] : [{ name: "weight", value: row.weight } as const])
]

const builtSet = (row: WorkoutRow): BuiltSet => ({
  set: row.set,
  amsap: row.amsap,
  weight_unit: row.weight_unit,
  fields: fieldsOf(row)
})

/**
 * The source's workouts as the coach prescribed them. A removed workout is not there, and
 * neither are the sets a lifter added while logging: a copy repeats the prescription,
 * not one session's extra sets.
 */
export async function readContent(db: Db, source: ContentSource): Promise<ProgrammedContent> {
  const from = firstDay(source)
  const to = source.kind === "week" ? addDays(from, WEEK_DAYS - 1) : from
  const rows = await setRows(
    db
      .select({ ...prescribedColumns, category: workouts.category })
      .from(workouts)
      .$dynamic()
  )
    .where(
      and(
        eq(workouts.clientId, source.clientId),
        gte(workouts.date, from),
        lte(workouts.date, to),
        source.kind === "workout" ? eq(workouts.workoutOrder, source.workoutOrder) : undefined,
        notRemoved,
        eq(sets.addedByClient, false)
      )
    )
    .orderBy(...rowOrder)
  const categories = new Map(rows.map((row) => [`${row.date}/${row.workout_order}`, row.category]))
  const byDate = groupRowsByDate(rows.map(asPrescribedRow))
  return Object.entries(byDate)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([date, day]) =>
      day.map((workout) => ({
        offset: daysInRange({ from, to: date as IsoDate }) - 1,
        ...(source.kind === "week" ? { weekday: dayOfWeek(date as IsoDate) } : {}),
        category: categories.get(`${date}/${workout.workout_order}`) ?? "Strength",
        ...(workout.title === undefined ? {} : { title: workout.title }),
        exercises: workout.exercises.map((exercise) => ({
          name: exercise.name,
          exercise_id: exercise.exercise_id,
          ...presentDetails(exercise),
          sets: exercise.sets.map(builtSet)
        }))
      }))
    )
}

/** Content read back from a template's jsonb; a row that does not decode is a defect (500). */
export const decodeContent = Schema.decodeUnknownSync(ProgrammedContent)

/** Exercise names in workout, then exercise order. */
export const exerciseNamesOf = (content: ReadonlyArray<Pick<ProgrammedWorkout, "exercises">>): ReadonlyArray<string> =>
  content.flatMap((workout) => workout.exercises.map((exercise) => exercise.name))

/** A built set's columns in `sets`, as saveWorkout stores one. */
export const setColumns = (set: BuiltSet) => ({
  amsap: set.amsap,
  weightUnit: set.weight_unit ?? "lb",
  ...prescription(set.fields)
})
