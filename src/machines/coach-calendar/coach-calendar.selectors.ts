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
import { CLIENTS_NOT_LOADED } from "../coach-clients/coach-clients.selectors.ts"
import { activeClients, type ActiveClient } from "./coach-calendar.clients.ts"
import type { CoachCalendarMachine } from "./coach-calendar.machine.ts"

export type CoachCalendarSnapshot = SnapshotFrom<CoachCalendarMachine>
export type CoachCalendarActorRef = ActorRefFrom<CoachCalendarMachine>

export const NO_CLIENTS_YET = "No clients yet! Add some to get started!"
export const DAYS_NOT_LOADED = "We couldn't load this client's workouts. Check your connection and try again."

export interface CalendarDay {
  readonly iso: IsoDate
  /** MM-DD-YYYY for /coach/workouts/{userId}/{date}. */
  readonly routeDate: string
  /** Day of the month. */
  readonly label: string
  /** Short month name on the 1st and on the grid's first cell, so the month is always known. */
  readonly month: string | null
  /** What a screen reader says: the long date and its marks. */
  readonly description: string
  readonly hasWorkout: boolean
  readonly hasResults: boolean
  readonly isToday: boolean
  readonly isSelected: boolean
}

export interface CoachCalendarView {
  readonly status: "loadingClients" | "clientsFailed" | "noClients" | "calendar"
  readonly message: string | null
  /** Clients with an account, by name: the picker's options, in order. */
  readonly clients: ReadonlyArray<ActiveClient>
  readonly clientId: UserId | null
  readonly heading: string
  /** Names the grid for screen readers. */
  readonly caption: string
  readonly weekdays: ReadonlyArray<string>
  readonly days: ReadonlyArray<CalendarDay>
  readonly loadingDays: boolean
  readonly daysError: string | null
}

const statusOf = (snapshot: CoachCalendarSnapshot): CoachCalendarView["status"] => {
  if (snapshot.matches("loadingClients")) return "loadingClients"
  if (snapshot.matches("clientsFailed")) return "clientsFailed"
  if (snapshot.matches("noClients")) return "noClients"
  return "calendar"
}

export const selectCalendar = (snapshot: CoachCalendarSnapshot): CoachCalendarView => {
  const { today, selectedDay, clients, clientId, marks } = snapshot.context
  const status = statusOf(snapshot)
  const workouts = new Set(marks.workoutDates)
  const results = new Set(marks.resultDates)
  const grid = status === "calendar" ? calendarGrid28(selectedDay) : []
  const days = grid.map((iso, index): CalendarDay => {
    const hasWorkout = workouts.has(iso)
    const hasResults = results.has(iso)
    const notes = [
      hasWorkout ? "workout scheduled" : "",
      hasResults ? "results logged" : "",
      iso === today ? "today" : ""
    ]
    return {
      iso,
      routeDate: isoToRouteDate(iso),
      label: String(dayOfMonth(iso)),
      month: index === 0 || dayOfMonth(iso) === 1 ? (formatShortUsDate(iso).split(" ")[0] ?? null) : null,
      description: [formatLongUsDate(iso), ...notes.filter((note) => note !== "")].join(", "),
      hasWorkout,
      hasResults,
      isToday: iso === today,
      isSelected: iso === selectedDay
    }
  })
  return {
    status,
    message: status === "noClients" ? NO_CLIENTS_YET : status === "clientsFailed" ? CLIENTS_NOT_LOADED : null,
    clients: activeClients(clients),
    clientId,
    heading: formatLongUsDate(selectedDay),
    caption: grid[0] === undefined ? "" : `Four weeks starting ${formatLongUsDate(grid[0])}`,
    weekdays: WEEKDAY_HEADERS,
    days,
    loadingDays: snapshot.matches({ calendar: "loading" }),
    daysError: snapshot.matches({ calendar: "failed" }) ? DAYS_NOT_LOADED : null
  }
}
