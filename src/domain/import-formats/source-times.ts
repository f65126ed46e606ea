import type { IsoDate } from "../calendar.ts"
import { MAX_DURATION_SECONDS } from "./import-bounds.ts"

/*
 * Dates and times as each app writes them. Strong and Hevy write the lifter's wall clock
 * with no zone; Liftosaur a UTC instant; FitNotes and our own export a day. A wall clock
 * becomes an instant in the zone the reader is given, so nothing here reads the machine's
 * own zone (docs/import-export.md).
 */

/**
 * The lifter's zone, in minutes east of UTC: a fixed offset (the calendar's UtcOffset of
 * utc-offset.ts, docs/decisions/042), or the offset at each UTC instant in ms, which keeps
 * summer and winter apart over years of history: in the browser (a worker too),
 * `(ms) => -new Date(ms).getTimezoneOffset()`. Without one, wall clocks are read as UTC.
 */
export type ZoneOffset = number | ((utcMs: number) => number)

export const UTC: ZoneOffset = 0

/** Minutes east of UTC in the zone at an instant. */
export const offsetAt = (zone: ZoneOffset, utcMs: number): number => (typeof zone === "number" ? zone : zone(utcMs))

/** A time as a clock on the wall showed it, with no zone. */
export interface WallClock {
  readonly date: IsoDate
  /** Milliseconds as if the wall clock were UTC. */
  readonly ms: number
  /** YYYY-MM-DDTHH:MM:SS: how a session key names it, whatever the file's spelling. */
  readonly text: string
}

// A logbook older than 1900 or later than 2999 is a typo, not a training history.
const FIRST_YEAR = 1900
const LAST_YEAR = 2999
const MINUTE_MS = 60_000

const pad = (n: number): string => String(n).padStart(2, "0")

const wallClock = (
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number
): WallClock | undefined => {
  if (year < FIRST_YEAR || year > LAST_YEAR || hour > 23 || minute > 59 || second > 59) return undefined
  const ms = Date.UTC(year, month - 1, day, hour, minute, second)
  const probe = new Date(ms)
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined
  const date = `${year}-${pad(month)}-${pad(day)}` as IsoDate
  return { date, ms, text: `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}` }
}

/** 12-hour clock to 24: "12 AM" is 0, "12 PM" is 12; undefined for an hour 12 cannot hold. */
const to24Hour = (hour: number, meridiem: string | undefined): number | undefined => {
  if (meridiem === undefined) return hour
  if (hour < 1 || hour > 12) return undefined
  const pm = meridiem.toLowerCase() === "pm"
  return (hour % 12) + (pm ? 12 : 0)
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A day written YYYY-MM-DD (FitNotes, our own export). */
export const readIsoDay = (text: string): IsoDate | undefined => {
  const m = ISO_DAY.exec(text)
  return m === null ? undefined : wallClock(Number(m[1]), Number(m[2]), Number(m[3]), 0, 0, 0)?.date
}

// Strong: "2024-01-15 18:03:22"; some versions "2024-01-15 6:03:22 PM", with a narrow
// no-break space before the PM. Seconds are optional to be kind to hand-edited files.
const STRONG_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T\s\u00a0\u202f]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[\s\u00a0\u202f]*([ap]m))?$/i

export const readStrongDateTime = (text: string): WallClock | undefined => {
  const m = STRONG_DATE_TIME.exec(text)
  if (m === null) return undefined
  const hour = to24Hour(Number(m[4]), m[7])
  return hour === undefined
    ? undefined
    : wallClock(Number(m[1]), Number(m[2]), Number(m[3]), hour, Number(m[5]), Number(m[6] ?? 0))
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

// Hevy: "15 Jan 2024, 18:03" (also "02 Jul 2025, 17:56"); months in English.
const HEVY_DATE_TIME =
  /^(\d{1,2})\s+([a-z]{3,9})\.?\s+(\d{4}),?[\s\u00a0\u202f]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[\s\u00a0\u202f]*([ap]m))?$/i

export const readHevyDateTime = (text: string): WallClock | undefined => {
  const m = HEVY_DATE_TIME.exec(text)
  if (m === null) return undefined
  const monthName = (m[2] ?? "").toLowerCase()
  const month = MONTHS.findIndex((name) => monthName.startsWith(name)) + 1
  const hour = to24Hour(Number(m[4]), m[7])
  return month === 0 || hour === undefined
    ? undefined
    : wallClock(Number(m[3]), month, Number(m[1]), hour, Number(m[5]), Number(m[6] ?? 0))
}

// Liftosaur: Date#toISOString ("2024-01-15T18:03:22.000Z"); an offset instead of Z is read too.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i

/** An instant written with its zone, as milliseconds since the epoch. */
export const readInstant = (text: string): number | undefined => {
  const m = INSTANT.exec(text)
  if (m === null) return undefined
  if (wallClock(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)) === undefined)
    return undefined
  const ms = Date.parse(text)
  return Number.isFinite(ms) ? ms : undefined
}

/** The UTC instant (Date#toISOString) of a wall clock in the lifter's zone. */
export const instantOfWallClock = (wall: WallClock, zone: ZoneOffset): string => {
  // The offset is asked of a UTC instant; the first guess is off by at most a DST jump.
  const guess = wall.ms - offsetAt(zone, wall.ms) * MINUTE_MS
  return new Date(wall.ms - offsetAt(zone, guess) * MINUTE_MS).toISOString()
}

/** The lifter's day at an instant. */
export const dayOfInstant = (utcMs: number, zone: ZoneOffset): IsoDate =>
  new Date(utcMs + offsetAt(zone, utcMs) * MINUTE_MS).toISOString().slice(0, 10) as IsoDate

/** A duration the wire accepts: whole seconds, 0 up to a day; undefined otherwise. */
const withinBounds = (seconds: number): number | undefined =>
  Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_DURATION_SECONDS ? seconds : undefined

const UNIT_SECONDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^h(?:ours?|rs?)?$/, 3600],
  [/^m(?:in(?:ute)?s?)?$/, 60],
  [/^s(?:ec(?:ond)?s?)?$/, 1]
]

/**
 * Strong's duration: "1h 5m", "45m", "38min", "2h". Strong once wrote "264h 1m" for a
 * timer left running; past a day it is no duration at all.
 */
export const readSpokenDuration = (text: string): number | undefined => {
  const parts = text.toLowerCase().match(/\d+\s*[a-z]+/g)
  if (parts === null || parts.join("").replace(/\s/g, "") !== text.toLowerCase().replace(/\s/g, "")) return undefined
  let seconds = 0
  for (const part of parts) {
    const m = /^(\d+)\s*([a-z]+)$/.exec(part)
    const unit = UNIT_SECONDS.find(([pattern]) => pattern.test(m?.[2] ?? ""))
    if (m === null || unit === undefined) return undefined
    seconds += Number(m[1]) * unit[1]
  }
  return withinBounds(seconds)
}

/** FitNotes' time: "0:01:30" or "01:30". */
export const readClockDuration = (text: string): number | undefined => {
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text)
  if (m === null) return undefined
  return withinBounds(Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]))
}

/** A count of seconds written as a number ("3600", "82"). */
export const readSecondsCount = (text: string): number | undefined =>
  /^\d+$/.test(text) ? withinBounds(Number(text)) : undefined

/** Seconds from one wall clock to a later one; undefined when the end is before the start or a day past it. */
export const secondsBetween = (start: WallClock, end: WallClock): number | undefined =>
  withinBounds((end.ms - start.ms) / 1000)
