import type { ActorRefFrom, SnapshotFrom } from "xstate"
import {
  calendarGrid28,
  dayOfMonth,
  dayOfWeek,
  formatLongUsDate,
  formatShortUsDate,
  isoToRouteDate,
  WEEKDAY_HEADERS,
  type IsoDate
} from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { toUnit, unitLabel, type Unit } from "#domain/units.ts"
import { CLIENTS_NOT_LOADED } from "../coach-clients/coach-clients.selectors.ts"
import { pickerClients, type ActiveClient } from "#domain/active-clients.ts"
import type { WorkoutPlace } from "#domain/workout-move.ts"
import { dayVolume, shownWorkout, workoutName } from "./coach-calendar.days.ts"
import type { CoachCalendarMachine } from "./coach-calendar.machine.ts"
import type { DaySummary, Volume, WorkoutMove, WorkoutSummary } from "./coach-calendar.types.ts"

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

/** A workout's own state: submitted, gone by untouched, logged but not submitted, or to come. */
export type WorkoutStatus = "completed" | "missed" | "started" | "scheduled"

/** One workout of a day as the desk's grid shows it: a chip that can be dragged or moved by keyboard. */
export interface WorkoutChip {
  /** `${date}/${workoutOrder}`: unique on the grid, and where focus goes after a move. */
  readonly key: string
  readonly date: IsoDate
  readonly workoutOrder: number
  /** The coach's title, or 'Workout N' by its place in the day. */
  readonly name: string
  /** Its first exercises; `moreExercises` says how many are left out. */
  readonly exercises: ReadonlyArray<string>
  readonly moreExercises: number
  readonly status: WorkoutStatus
  /** "Done", "Missed", "Started"; empty for one still to come. */
  readonly statusText: string
  /** "3,600 lb": weight x reps logged in it, in the coach's unit. */
  readonly volume: string | null
  /** The Move button's name: "Move Workout 1, Monday, March 2, 2026". */
  readonly moveLabel: string
  /** Picked up: being moved, or its move failed. */
  readonly isPicked: boolean
}

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
  /** The same workouts in full, for the desk's wide cells. */
  readonly chips: ReadonlyArray<WorkoutChip>
  /** Names the list of chips: "Workouts on Monday, March 2, 2026". */
  readonly chipsLabel: string
  readonly mark: DayMark | null
  /** "4,350 lb": weight x reps logged that day, in the coach's unit. */
  readonly volume: string | null
  /** "4.4k": the same, where a phone's cell has no room for more. */
  readonly volumeShort: string | null
  readonly isToday: boolean
  readonly isSelected: boolean
  /** The day chosen for the workout being moved. */
  readonly isMoveTarget: boolean
}

/** Where a move stands, for the screen's words, its live announcement and its focus. */
export interface MoveView {
  readonly status: "idle" | "choosing" | "moving" | "moved" | "failed"
  /** What the live region says now: the pick and the day chosen, the call, the answer. */
  readonly announcement: string
  /** The line shown while a workout is picked up ("Moving Workout 1 from Mon Mar 2 to Friday Mar 6"). */
  readonly summary: string | null
  readonly from: WorkoutPlace | null
  readonly target: IsoDate | null
  readonly failure: string | null
  /** The chip the last move put on its new day: focus goes there. */
  readonly movedKey: string | null
  /** Enter (or Move here) would move it: a day other than its own is chosen. */
  readonly canDrop: boolean
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
  readonly move: MoveView
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

/** How many of a workout's exercises a chip lists before "+N more". */
const CHIP_EXERCISES = 4

/** A workout's exercises in a few words: both names for two, the first and how many more for three or more. */
const shortNames = (names: ReadonlyArray<string>): string =>
  names.length > 2 ? `${names[0] ?? ""} +${names.length - 1}` : names.join(", ")

/**
 * Each workout of a day in one line: its exercises, after its name ("Workout 2: ") when the
 * day holds more than one or the coach titled it, as the day view names them.
 */
const numbered = (workouts: DaySummary["workouts"], name: (names: ReadonlyArray<string>) => string) =>
  workouts.map((workout, index) =>
    workouts.length > 1 || workout.title !== null
      ? `${workoutName(workout, index)}: ${name(workout.exercises)}`
      : name(workout.exercises)
  )

export const dayMark = (summary: DaySummary | undefined, iso: IsoDate, today: IsoDate): DayMark | null => {
  if (summary === undefined || summary.workouts.length === 0) return null
  const submitted = summary.workouts.filter((workout) => workout.submitted).length
  if (submitted === summary.workouts.length) return "completed"
  return iso < today && submitted === 0 && !summary.workouts.some((workout) => workout.logged) ? "missed" : "scheduled"
}

const workoutStatus = (workout: WorkoutSummary, iso: IsoDate, today: IsoDate): WorkoutStatus => {
  if (workout.submitted) return "completed"
  if (workout.logged) return "started"
  return iso < today ? "missed" : "scheduled"
}

const STATUS_TEXT: Record<WorkoutStatus, string> = {
  completed: "Done",
  missed: "Missed",
  started: "Started",
  scheduled: ""
}

const totalIn = (volume: Volume, unit: Unit): number => toUnit(volume.lb, "lb", unit) + toUnit(volume.kg, "kg", unit)

const volumeText = (volume: Volume | null, unit: Unit): string | null =>
  volume === null ? null : `${WHOLE.format(totalIn(volume, unit))} ${unitLabel(unit, "symbol")}`

/** "Mon Mar 2": the day a workout is moved from. */
const shortDay = (iso: IsoDate): string => `${WEEKDAY_HEADERS[dayOfWeek(iso)] ?? ""} ${formatShortUsDate(iso)}`
/** "Friday Mar 6": the day chosen for it. */
const namedDay = (iso: IsoDate): string => `${formatLongUsDate(iso).split(",")[0] ?? ""} ${formatShortUsDate(iso)}`

const chipKey = (place: WorkoutPlace): string => `${place.date}/${place.workoutOrder}`

function chipsOf(iso: IsoDate, summary: DaySummary | undefined, view: ViewOf): ReadonlyArray<WorkoutChip> {
  return (summary?.workouts ?? []).map((workout, index) => {
    const name = workoutName(workout, index)
    const status = workoutStatus(workout, iso, view.today)
    const picked = view.move?.from
    return {
      key: chipKey({ date: iso, workoutOrder: workout.workoutOrder }),
      date: iso,
      workoutOrder: workout.workoutOrder,
      name,
      exercises: workout.exercises.slice(0, CHIP_EXERCISES),
      moreExercises: Math.max(0, workout.exercises.length - CHIP_EXERCISES),
      status,
      statusText: STATUS_TEXT[status],
      volume: volumeText(workout.volume, view.unit),
      moveLabel: `Move ${name}, ${formatLongUsDate(iso)}`,
      isPicked: picked !== undefined && picked.date === iso && picked.workoutOrder === workout.workoutOrder
    }
  })
}

function calendarDay(iso: IsoDate, index: number, summary: DaySummary | undefined, view: ViewOf): CalendarDay {
  const mark = dayMark(summary, iso, view.today)
  const volumeOfDay = summary === undefined ? null : dayVolume(summary)
  const total = volumeOfDay === null ? null : totalIn(volumeOfDay, view.unit)
  const volume = volumeText(volumeOfDay, view.unit)
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
    chips: chipsOf(iso, summary, view),
    chipsLabel: `Workouts on ${formatLongUsDate(iso)}`,
    mark,
    volume,
    volumeShort: total === null ? null : COMPACT.format(total).toLowerCase(),
    isToday: iso === view.today,
    isSelected: iso === view.selectedDay,
    isMoveTarget: view.move !== null && view.move.target === iso && view.move.target !== view.move.from.date
  }
}

interface ViewOf {
  readonly today: IsoDate
  readonly selectedDay: IsoDate
  readonly unit: Unit
  readonly move: WorkoutMove | null
}

const moveStatusOf = (snapshot: CoachCalendarSnapshot): MoveView["status"] => {
  if (snapshot.matches({ calendar: { showing: "choosing" } })) return "choosing"
  if (snapshot.matches({ calendar: { showing: "moving" } })) return "moving"
  if (snapshot.matches({ calendar: { showing: "moved" } })) return "moved"
  if (snapshot.matches({ calendar: { showing: "moveFailed" } })) return "failed"
  return "idle"
}

export function selectMove(snapshot: CoachCalendarSnapshot): MoveView {
  const { move, moved, moveFailure, days } = snapshot.context
  const status = moveStatusOf(snapshot)
  const picked = move === null ? undefined : shownWorkout(days, move.from)
  const name = picked === undefined ? "the workout" : workoutName(picked.workout, picked.index)
  const from = move === null ? "" : shortDay(move.from.date)
  const sameDay = move !== null && move.target === move.from.date
  const announcements: Record<MoveView["status"], string> = {
    idle: "",
    choosing:
      move === null
        ? ""
        : sameDay
          ? `Moving ${name} from ${from}; use the arrow keys to choose a day, Escape to cancel`
          : `Moving ${name} from ${from}; ${namedDay(move.target)} selected; press Enter to move, Escape to cancel`,
    moving: move === null ? "" : `Moving ${name} to ${namedDay(move.target)}…`,
    moved: moved === null ? "" : `${moved.name} moved to ${namedDay(moved.date)}`,
    failed: moveFailure ?? ""
  }
  return {
    status,
    announcement: announcements[status],
    summary:
      move === null || status === "idle" || status === "moved"
        ? null
        : sameDay
          ? `Moving ${name} from ${from}: choose a day`
          : `Moving ${name} from ${from} to ${namedDay(move.target)}`,
    from: move?.from ?? null,
    target: move?.target ?? null,
    failure: status === "failed" ? moveFailure : null,
    movedKey: status === "moved" && moved !== null ? chipKey(moved) : null,
    canDrop: snapshot.can({ type: "move.drop" })
  }
}

export const selectCalendar = (snapshot: CoachCalendarSnapshot): CoachCalendarView => {
  const { selectedDay, clients, clientId, days, unit } = snapshot.context
  const status = statusOf(snapshot)
  const grid = status === "calendar" ? calendarGrid28(selectedDay) : []
  return {
    status,
    message: MESSAGES[status] ?? null,
    clients: pickerClients(clients, clientId),
    clientId,
    heading: formatLongUsDate(selectedDay),
    caption: grid[0] === undefined ? "" : `Four weeks starting ${formatLongUsDate(grid[0])}`,
    weekdays: WEEKDAY_HEADERS,
    days: grid.map((iso, index) => calendarDay(iso, index, days[iso], snapshot.context)),
    volumeLegend: `Volume in ${unitLabel(unit, "symbol")}`,
    loadingDays: snapshot.matches({ calendar: "loading" }),
    daysError: snapshot.matches({ calendar: "failed" }) ? DAYS_NOT_LOADED : null,
    move: selectMove(snapshot)
  }
}
