import type { IsoDate } from "../calendar.ts"
import type { Unit } from "../units.ts"
import { offsetAt, UTC, type ZoneOffset } from "./source-times.ts"

/*
 * A lifter's history written out, a set at a time, so the server streams a file of any
 * length line by line (docs/import-export.md). Three shapes: our CSV, which our import
 * reads back to the same sessions and sets; Strong's semicolon CSV, which other apps
 * import; and one JSON object per set.
 */

/** One set of the history, with its session and exercise around it. */
export interface ExportedSet {
  readonly date: IsoDate
  /** The session's key: "ours:<date>:<workout_order>" for a workout of ours, the original key for one imported. */
  readonly session: string
  readonly workout: string
  /** UTC instant (Date#toISOString), or null when the session has no start. */
  readonly started_at: string | null
  readonly duration_seconds: number | null
  readonly exercise: string
  /** Our library id; "" when the exercise has none. */
  readonly exercise_id: string
  /** 1-based within the exercise. */
  readonly set: number
  readonly weight: number | null
  readonly unit: Unit
  readonly reps: number | null
  readonly rpe: number | null
}

export const OUR_CSV_HEADER =
  "date,session,workout,started_at,duration_seconds,exercise,exercise_id,set,weight,unit,reps,rpe\n"

export const STRONG_CSV_HEADER =
  "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\n"

/** RFC 4180: a field holding the delimiter, a quote or a line break is quoted, its quotes doubled. */
const quoted = (field: string, delimiter: string): string =>
  field.includes(delimiter) || /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field

const line = (fields: ReadonlyArray<string>, delimiter: string): string =>
  `${fields.map((field) => quoted(field, delimiter)).join(delimiter)}\n`

/**
 * A number as plain decimals, never "1e-7", which a spreadsheet or another app may not
 * read: the same digits with the point moved, so it reads back to the same number.
 * (Loads and counts stay far below 1e21, where String would use an exponent the other way.)
 */
const plain = (value: number): string => {
  const text = String(value)
  const m = /^(-?)(\d)(?:\.(\d+))?e-(\d+)$/.exec(text)
  if (m === null) return text
  const [, sign = "", lead = "", rest = "", exponent = "0"] = m
  return `${sign}0.${"0".repeat(Number(exponent) - 1)}${lead}${rest}`
}

const orBlank = (value: number | null): string => (value === null ? "" : plain(value))

export const ourCsvLine = (set: ExportedSet): string =>
  line(
    [
      set.date,
      set.session,
      set.workout,
      set.started_at ?? "",
      orBlank(set.duration_seconds),
      set.exercise,
      set.exercise_id,
      plain(set.set),
      orBlank(set.weight),
      set.unit,
      orBlank(set.reps),
      orBlank(set.rpe)
    ],
    ","
  )

const pad = (n: number): string => String(n).padStart(2, "0")

/**
 * Strong's Date, which apps reading Strong take for the session: the lifter's day, at the
 * start's time of day in the lifter's zone. A session with no start is at midnight, a
 * second per workout of the day ("ours:<date>:<order>"), so two of one day stay two.
 */
const strongDate = (set: ExportedSet, zone: ZoneOffset): string => {
  const started = set.started_at === null ? Number.NaN : Date.parse(set.started_at)
  if (Number.isNaN(started)) {
    const order = /^ours:\d{4}-\d{2}-\d{2}:(\d+)$/.exec(set.session)
    return `${set.date} 00:00:${pad(Math.min(Number(order?.[1] ?? 0), 59))}`
  }
  const wall = new Date(started + offsetAt(zone, started) * 60_000)
  return `${set.date} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
}

/** Strong's "1h 5m", "45m". */
const strongDuration = (seconds: number | null): string => {
  if (seconds === null) return ""
  const minutes = Math.floor(seconds / 60)
  const hours = Math.floor(minutes / 60)
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`
}

/** One row of Strong's semicolon export; the time of day in the lifter's zone when the server knows it. */
export const strongCsvLine = (set: ExportedSet, utcOffset: ZoneOffset = UTC): string =>
  line(
    [
      strongDate(set, utcOffset),
      set.workout,
      set.exercise,
      plain(set.set),
      orBlank(set.weight),
      set.unit === "lb" ? "lbs" : "kg",
      orBlank(set.reps),
      orBlank(set.rpe),
      "",
      "",
      "",
      "",
      "",
      strongDuration(set.duration_seconds)
    ],
    ";"
  )

/** One set as one JSON object, keys in the CSV's order, no line break: the server joins them. */
export const exportedSetJson = (set: ExportedSet): string =>
  JSON.stringify({
    date: set.date,
    session: set.session,
    workout: set.workout,
    started_at: set.started_at,
    duration_seconds: set.duration_seconds,
    exercise: set.exercise,
    exercise_id: set.exercise_id,
    set: set.set,
    weight: set.weight,
    unit: set.unit,
    reps: set.reps,
    rpe: set.rpe
  })
