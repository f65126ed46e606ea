import * as Schema from "effect/Schema"

/*
 * Date-only values are handled as plain calendar days: arithmetic runs on UTC
 * midnights so the result never depends on the machine's time zone or on
 * daylight-saving jumps.
 */

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const ROUTE_PATTERN = /^(\d{2})-(\d{2})-(\d{4})$/
const DAY_MS = 86_400_000

const isRealDay = (year: number, month: number, day: number): boolean => {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  const probe = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC maps years 0..99 to 1900..1999; setUTCFullYear keeps them literal.
  probe.setUTCFullYear(year)
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
}

const isIsoDay = (s: string): boolean => {
  const m = ISO_PATTERN.exec(s)
  return m !== null && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))
}

const isRouteDay = (s: string): boolean => {
  const m = ROUTE_PATTERN.exec(s)
  return m !== null && isRealDay(Number(m[3]), Number(m[1]), Number(m[2]))
}

/** A calendar day on the wire and in storage: YYYY-MM-DD, e.g. "2023-03-01". Rejects 2023-02-30. */
export const IsoDate = Schema.String.annotate({ message: "date must be a string in YYYY-MM-DD format" })
  .check(Schema.makeFilter(isIsoDay, { message: "date must be a real calendar day in YYYY-MM-DD format" }))
  .pipe(Schema.brand("IsoDate"))
export type IsoDate = typeof IsoDate.Type

/** A calendar day in a route path: MM-DD-YYYY, e.g. "03-01-2023". */
export const RouteDate = Schema.String.annotate({ message: "date must be a string in MM-DD-YYYY format" })
  .check(Schema.makeFilter(isRouteDay, { message: "date must be a real calendar day in MM-DD-YYYY format" }))
  .pipe(Schema.brand("RouteDate"))
export type RouteDate = typeof RouteDate.Type

export const isIsoDate = Schema.is(IsoDate)
export const isRouteDate = Schema.is(RouteDate)

const pad = (n: number, width = 2): string => String(n).padStart(width, "0")

const toUtcMs = (iso: IsoDate): number => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number]
  const date = new Date(Date.UTC(2000, m - 1, d))
  date.setUTCFullYear(y)
  return date.getTime()
}

const fromUtcMs = (ms: number): IsoDate => {
  const date = new Date(ms)
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` as IsoDate
}

/** "2023-03-01" -> "03-01-2023". */
export const isoToRouteDate = (iso: IsoDate): RouteDate => {
  const [y, m, d] = iso.split("-") as [string, string, string]
  return `${m}-${d}-${y}` as RouteDate
}

/** "03-01-2023" -> "2023-03-01". */
export const routeDateToIso = (route: RouteDate): IsoDate => {
  const [m, d, y] = route.split("-") as [string, string, string]
  return `${y}-${m}-${d}` as IsoDate
}

/** Parses a raw route parameter; undefined when it is not a real MM-DD-YYYY day. */
export const parseRouteDate = (raw: string): IsoDate | undefined => (isRouteDate(raw) ? routeDateToIso(raw) : undefined)

// The app speaks en-US only (SPEC). Names are spelled out rather than asked of
// Intl.DateTimeFormat: building a formatter loads the locale's data, which cost ~60 ms
// of main thread on a slow phone, in the same task as the API client (docs/performance.md).
// test/domain/calendar.test.ts checks these against Intl for every date.
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December"
] as const
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const

const partsOf = (iso: IsoDate) => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number]
  return { year, month: MONTH_NAMES[month - 1] ?? "", day }
}

/** "2026-11-22" -> "Sunday, November 22, 2026". */
export const formatLongUsDate = (iso: IsoDate): string => {
  const { year, month, day } = partsOf(iso)
  return `${WEEKDAY_NAMES[dayOfWeek(iso)] ?? ""}, ${month} ${day}, ${year}`
}

/** "2023-03-01" -> "Mar 1" (chart labels, week strips). */
export const formatShortUsDate = (iso: IsoDate): string => {
  const { month, day } = partsOf(iso)
  return `${month.slice(0, 3)} ${day}`
}

/** "2026-11-02" -> "Nov 2, 2026": a day that may lie in another year (when a max was set). */
export const formatMediumUsDate = (iso: IsoDate): string => `${formatShortUsDate(iso)}, ${partsOf(iso).year}`

/** "2026-11-22" -> "November 2026" (the week strip's heading). */
export const formatUsMonthYear = (iso: IsoDate): string => {
  const { year, month } = partsOf(iso)
  return `${month} ${year}`
}

/** Day of the month as a number, e.g. 22 for "2026-11-22". */
export const dayOfMonth = (iso: IsoDate): number => Number(iso.slice(8, 10))

/** 0 = Sunday .. 6 = Saturday. */
export const dayOfWeek = (iso: IsoDate): number => new Date(toUtcMs(iso)).getUTCDay()

/** Moves a day forwards (positive) or backwards (negative) by whole days. */
export const addDays = (iso: IsoDate, days: number): IsoDate => fromUtcMs(toUtcMs(iso) + Math.trunc(days) * DAY_MS)

/** Calendar arrows move by one week. */
export const WEEK_STEP_DAYS = 7
export const nextWeek = (iso: IsoDate): IsoDate => addDays(iso, WEEK_STEP_DAYS)
export const previousWeek = (iso: IsoDate): IsoDate => addDays(iso, -WEEK_STEP_DAYS)

/** The Sunday on or before the given day (weeks start on Sunday). */
export const startOfWeek = (iso: IsoDate): IsoDate => addDays(iso, -dayOfWeek(iso))

/** The seven days Sunday..Saturday of the week holding the given day. */
export const weekDays = (iso: IsoDate): ReadonlyArray<IsoDate> => {
  const first = startOfWeek(iso)
  return Array.from({ length: 7 }, (_, i) => addDays(first, i))
}

export const CALENDAR_GRID_DAYS = 28

/** The coach calendar: 28 consecutive days starting at the Sunday of the given day's week. */
export const calendarGrid28 = (iso: IsoDate): ReadonlyArray<IsoDate> => {
  const first = startOfWeek(iso)
  return Array.from({ length: CALENDAR_GRID_DAYS }, (_, i) => addDays(first, i))
}

export const WEEKDAY_HEADERS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const
export const WEEKDAY_LETTERS = ["S", "M", "T", "W", "T", "F", "S"] as const

/**
 * Today as the person using the app sees it: the local calendar day of `now`
 * (the caller passes the clock so this stays pure and testable).
 */
export const todayIso = (now: Date): IsoDate =>
  `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` as IsoDate
