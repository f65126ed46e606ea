import { addDays, type IsoDate } from "#domain/calendar.ts"
import { performedE1rm, performedSetOf } from "#domain/history.ts"
import { toUnit, type Unit } from "#domain/units.ts"
import type { DoneSet } from "#domain/done-work.ts"
import type { ProgressRange } from "#domain/progress-search.ts"

/*
 * The progress chart's data, from the client's logged sets: per exercise (the library id
 * each row names, never a name matched by a part of it), the best e1RM of each day in the
 * unit the viewer reads, and which days set a personal record. A day is the day the set
 * was done (`done_on`), so a workout done ahead of its date is plotted where it was done
 * (docs/decisions/042). Pure, so it is tested on its own. No catalogue is loaded: the
 * names are the rows' own.
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
  /** The library id the rows name (a catalogue slug or a coach's own "custom-12"). */
  readonly key: string
  /** The name the most recent of its rows shows. */
  readonly name: string
}

export interface ProgressPoint {
  readonly date: IsoDate
  /** The day's best e1RM, in the unit asked for, to one decimal. */
  readonly e1rm: number
  /** It beats every earlier day of the exercise in the rows read (the first day is no record). */
  readonly pr: boolean
}

export interface ExerciseSeries extends ExerciseIdentity {
  /** Oldest first, one per day. */
  readonly points: ReadonlyArray<ProgressPoint>
  readonly latest: ProgressPoint
}

/** A set's e1RM in `unit`: RIR as logged, or from the RPE an older set was logged with; its weight's unit converted. */
const rowE1rm = (row: DoneSet, unit: Unit): number | undefined => {
  const estimate = performedE1rm(performedSetOf(row))
  return estimate === undefined ? undefined : Math.round(toUnit(estimate, row.weight_unit, unit) * 10) / 10
}

const collapsed = (name: string): string => name.trim().replace(/\s+/g, " ")

/** Every exercise with an estimate in `rows` done up to `today`, in `unit`, the most recently done first. */
export const progressSeries = (
  rows: ReadonlyArray<DoneSet>,
  today: IsoDate,
  unit: Unit
): ReadonlyArray<ExerciseSeries> => {
  const byKey = new Map<string, { name: string; named: IsoDate; best: Map<IsoDate, number> }>()
  for (const row of rows) {
    const day = row.done_on
    if (day > today || row.skipped) continue
    const estimate = rowE1rm(row, unit)
    if (estimate === undefined) continue
    const entry = byKey.get(row.exercise_id) ?? {
      name: row.exercise,
      named: day,
      best: new Map<IsoDate, number>()
    }
    byKey.set(row.exercise_id, entry)
    // The newest row names the exercise: a workout renamed since shows its new name.
    if (day >= entry.named) {
      entry.name = row.exercise
      entry.named = day
    }
    entry.best.set(day, Math.max(entry.best.get(day) ?? 0, estimate))
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
    if (latest !== undefined) series.push({ key, name: collapsed(name), points, latest })
  }
  return series.sort((a, b) =>
    a.latest.date !== b.latest.date ? (a.latest.date > b.latest.date ? -1 : 1) : a.name.localeCompare(b.name)
  )
}
