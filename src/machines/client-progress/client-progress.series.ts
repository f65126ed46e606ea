import { addDays, type IsoDate } from "#domain/calendar.ts"
import { catalogueExercise, findCanonical } from "#domain/exercise-catalogue.ts"
import { exerciseKey, performedE1rm, performedSetOf } from "#domain/history.ts"
import type { LoggedRow } from "#domain/workout.ts"
import type { ProgressRange } from "./client-progress.search.ts"

/*
 * The progress chart's data, from the client's logged sets: per exercise, the best e1RM
 * of each day, and which days set a personal record. Pure, so it is tested on its own.
 */

/** Days before today each range reaches back; the span with today stays within one read (366 days). */
export const RANGE_DAYS: Readonly<Record<ProgressRange, number>> = { "3m": 91, "6m": 182, "1y": 365 }

export const RANGE_LABELS: Readonly<Record<ProgressRange, string>> = {
  "3m": "3 months",
  "6m": "6 months",
  "1y": "1 year"
}

/** The days a range shows: never past today. */
export const spanOf = (today: IsoDate, range: ProgressRange): { from: IsoDate; to: IsoDate } => ({
  from: addDays(today, -RANGE_DAYS[range]),
  to: today
})

export interface ExerciseIdentity {
  /** The catalogue id, or the key of the coach's own name (exerciseKey). */
  readonly key: string
  /** The catalogue's name, or the coach's name as first written. */
  readonly name: string
}

/** A logged row's exercise: the library's when the name is one of its names, never by a part of it. */
export const exerciseIdentity = (written: string): ExerciseIdentity => {
  const id = findCanonical(written)
  const canonical = id === undefined ? undefined : catalogueExercise(id)
  return id !== undefined && canonical !== undefined
    ? { key: id, name: canonical.name }
    : { key: exerciseKey(written), name: written.trim().replace(/\s+/g, " ") }
}

export interface ProgressPoint {
  readonly date: IsoDate
  /** The day's best e1RM, lbs. */
  readonly e1rm: number
  /** It beats every earlier day of the exercise in the rows read (the first day is no record). */
  readonly pr: boolean
}

export interface ExerciseSeries extends ExerciseIdentity {
  /** Oldest first, one per day. */
  readonly points: ReadonlyArray<ProgressPoint>
  readonly latest: ProgressPoint
}

/** A set's e1RM: RIR as logged, or from the RPE an older set was logged with. */
const rowE1rm = (row: LoggedRow): number | undefined => performedE1rm(performedSetOf(row))

/** Every exercise with an estimate in `rows` up to `today`, the most recently logged first. */
export const progressSeries = (rows: ReadonlyArray<LoggedRow>, today: IsoDate): ReadonlyArray<ExerciseSeries> => {
  const byKey = new Map<string, { name: string; best: Map<IsoDate, number> }>()
  for (const row of rows) {
    if (row.date > today || row.skipped) continue
    const estimate = rowE1rm(row)
    if (estimate === undefined) continue
    const identity = exerciseIdentity(row.exercise)
    const entry = byKey.get(identity.key) ?? { name: identity.name, best: new Map<IsoDate, number>() }
    byKey.set(identity.key, entry)
    entry.best.set(row.date, Math.max(entry.best.get(row.date) ?? 0, estimate))
  }
  const series: Array<ExerciseSeries> = []
  for (const [key, { name, best }] of byKey) {
    let record: number | undefined
    const points = [...best.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, e1rm]): ProgressPoint => {
        const pr = record !== undefined && e1rm > record
        record = record === undefined ? e1rm : Math.max(record, e1rm)
        return { date, e1rm, pr }
      })
    const latest = points.at(-1)
    if (latest !== undefined) series.push({ key, name, points, latest })
  }
  return series.sort((a, b) =>
    a.latest.date !== b.latest.date ? (a.latest.date > b.latest.date ? -1 : 1) : a.name.localeCompare(b.name)
  )
}
