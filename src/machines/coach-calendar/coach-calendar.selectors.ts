import type { ActorRefFrom, SnapshotFrom } from "xstate"
import {
  calendarGrid28,
  dayOfMonth,
  formatLongUsDate,
  formatShortUsDate,
  isoToRouteDate,
  WEEKDAY_HEADERS,
  type IsoDate
} from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { toUnit, unitLabel, type Unit } from "#domain/units.ts"
import { CLIENTS_NOT_LOADED } from "../coach-clients/coach-clients.selectors.ts"
import { activeClients, type ActiveClient } from "#domain/active-clients.ts"
import type { CoachCalendarMachine } from "./coach-calendar.machine.ts"
import type { DaySummary } from "./coach-calendar.types.ts"

export type CoachCalendarSnapshot = SnapshotFrom<CoachCalendarMachine>
export type CoachCalendarActorRef = ActorRefFrom<CoachCalendarMachine>

export const NO_CLIENTS_YET = "No clients yet! Add some to get started!"
export const CLIENT_NOT_FOUND = "No client with that id on your list. Choose one of your clients."
export const DAYS_NOT_LOADED = "We couldn't load this client's workouts. Check your connection and try again."

/**
 * A day with workouts: every one submitted (completed), gone by with none submitted and
 * nothing logged (missed), or neither (scheduled: still to do, or partly done).
 */
export type DayMark = "completed" | "missed" | "scheduled"

export interface CalendarDay {
  readonly iso: IsoDate
  /** MM-DD-YYYY for /coach/workouts/{userId}/{date}. */
  readonly routeDate: string
  /** Day of the month. */
  readonly label: string
  /** Short month name on the 1st and on the grid's first cell, so the month is always known. */
  readonly month: string | null
  /** What a screen reader says: the long date, the workouts in full, the mark, the volume. */
  readonly description: string
  /** One short line per workout ("Back Squat, Bench Press", "Workout 2: Deadlift +2"); the screen may cut it. */
  readonly workouts: ReadonlyArray<string>
  readonly mark: DayMark | null
  /** "4,350 lb": weight x reps logged that day, in the coach's unit. */
  readonly volume: string | null
  /** "4.4k": the same, where a phone's cell has no room for more. */
  readonly volumeShort: string | null
  readonly isToday: boolean
  readonly isSelected: boolean
}

export interface CoachCalendarView {
  readonly status: "loadingClients" | "clientsFailed" | "noClients" | "clientNotFound" | "calendar"
  readonly message: string | null
  /** Clients with an account, by name: the picker's options, in order. */
  readonly clients: ReadonlyArray<ActiveClient>
  /** The client shown; null while the one asked for was not found (the picker then asks for one). */
  readonly clientId: UserId | null
  readonly heading: string
  /** Names the grid for screen readers. */
  readonly caption: string
  readonly weekdays: ReadonlyArray<string>
  readonly days: ReadonlyArray<CalendarDay>
  /** "Volume in lb" or "Volume in kg": the legend's word for the unit the volumes read in. */
  readonly volumeLegend: string
  readonly loadingDays: boolean
  readonly daysError: string | null
}

const statusOf = (snapshot: CoachCalendarSnapshot): CoachCalendarView["status"] => {
  if (snapshot.matches("loadingClients")) return "loadingClients"
  if (snapshot.matches("clientsFailed")) return "clientsFailed"
  if (snapshot.matches("noClients")) return "noClients"
  if (snapshot.matches("clientNotFound")) return "clientNotFound"
  return "calendar"
}

const MESSAGES: Partial<Record<CoachCalendarView["status"], string>> = {
  noClients: NO_CLIENTS_YET,
  clientsFailed: CLIENTS_NOT_LOADED,
  clientNotFound: CLIENT_NOT_FOUND
}

const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 })

/** A workout's exercises in a few words: both names for two, the first and how many more for three or more. */
const shortNames = (names: ReadonlyArray<string>): string =>
  names.length > 2 ? `${names[0] ?? ""} +${names.length - 1}` : names.join(", ")

/** "Workout 2: " before each of a day's workouts when it holds more than one, as the day view numbers them. */
const numbered = (workouts: DaySummary["workouts"], name: (names: ReadonlyArray<string>) => string) =>
  workouts.map((names, index) => (workouts.length > 1 ? `Workout ${index + 1}: ${name(names)}` : name(names)))

export const dayMark = (summary: DaySummary | undefined, iso: IsoDate, today: IsoDate): DayMark | null => {
  if (summary === undefined || summary.workouts.length === 0) return null
  if (summary.submitted === summary.workouts.length) return "completed"
  return iso < today && summary.submitted === 0 && !summary.logged ? "missed" : "scheduled"
}

const totalIn = (volume: NonNullable<DaySummary["volume"]>, unit: Unit): number =>
  toUnit(volume.lb, "lb", unit) + toUnit(volume.kg, "kg", unit)

function calendarDay(iso: IsoDate, index: number, summary: DaySummary | undefined, view: ViewOf): CalendarDay {
  const mark = dayMark(summary, iso, view.today)
  const total = summary?.volume == null ? null : totalIn(summary.volume, view.unit)
  const volume = total === null ? null : `${WHOLE.format(total)} ${unitLabel(view.unit, "symbol")}`
  const notes = [
    ...numbered(summary?.workouts ?? [], (names) => names.join(", ")),
    mark === "scheduled" || mark === null ? "" : mark,
    volume === null ? "" : `${volume} lifted`,
    iso === view.today ? "today" : ""
  ]
  return {
    iso,
    routeDate: isoToRouteDate(iso),
    label: String(dayOfMonth(iso)),
    month: index === 0 || dayOfMonth(iso) === 1 ? (formatShortUsDate(iso).split(" ")[0] ?? null) : null,
    description: [formatLongUsDate(iso), ...notes.filter((note) => note !== "")].join(", "),
    workouts: numbered(summary?.workouts ?? [], shortNames),
    mark,
    volume,
    volumeShort: total === null ? null : COMPACT.format(total).toLowerCase(),
    isToday: iso === view.today,
    isSelected: iso === view.selectedDay
  }
}

interface ViewOf {
  readonly today: IsoDate
  readonly selectedDay: IsoDate
  readonly unit: Unit
}

export const selectCalendar = (snapshot: CoachCalendarSnapshot): CoachCalendarView => {
  const { selectedDay, clients, clientId, days, unit } = snapshot.context
  const status = statusOf(snapshot)
  const grid = status === "calendar" ? calendarGrid28(selectedDay) : []
  return {
    status,
    message: MESSAGES[status] ?? null,
    clients: activeClients(clients),
    clientId,
    heading: formatLongUsDate(selectedDay),
    caption: grid[0] === undefined ? "" : `Four weeks starting ${formatLongUsDate(grid[0])}`,
    weekdays: WEEKDAY_HEADERS,
    days: grid.map((iso, index) => calendarDay(iso, index, days[iso], snapshot.context)),
    volumeLegend: `Volume in ${unitLabel(unit, "symbol")}`,
    loadingDays: snapshot.matches({ calendar: "loading" }),
    daysError: snapshot.matches({ calendar: "failed" }) ? DAYS_NOT_LOADED : null
  }
}
