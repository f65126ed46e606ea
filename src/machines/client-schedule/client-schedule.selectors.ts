import type { ActorRefFrom, SnapshotFrom } from "xstate"
import {
  dayOfMonth,
  formatLongUsDate,
  formatShortUsDate,
  formatUsMonthYear,
  isoToRouteDate,
  weekDays,
  WEEKDAY_LETTERS,
  type IsoDate,
  type RouteDate
} from "#domain/calendar.ts"
import { e1rm, liftSeries, SAMPLE_PROGRESS, type Lift, type LiftPoint } from "#domain/progress.ts"
import {
  datesWithRows,
  exerciseNames,
  groupRowsByDate,
  nextScheduledDay,
  type GroupedWorkout,
  type WorkoutRow
} from "#domain/workout.ts"
import type { ClientScheduleMachine } from "./client-schedule.machine.ts"

export type ScheduleSnapshot = SnapshotFrom<ClientScheduleMachine>
export type ScheduleActorRef = ActorRefFrom<ClientScheduleMachine>

type LoadStatus = "loading" | "failed"
const loadStatus = (snapshot: ScheduleSnapshot): LoadStatus | null =>
  snapshot.matches("loading") ? "loading" : snapshot.matches("failed") ? "failed" : null

/* ---------- Dashboard ---------- */

export type NextWorkoutView =
  | { readonly status: LoadStatus | "none" }
  | {
      readonly status: "ready"
      readonly date: IsoDate
      readonly dateText: string
      readonly routeDate: RouteDate
      readonly exerciseNames: ReadonlyArray<string>
    }

export const selectNextWorkout = (snapshot: ScheduleSnapshot): NextWorkoutView => {
  const status = loadStatus(snapshot)
  if (status !== null) return { status }
  const next = nextScheduledDay(snapshot.context.workouts, snapshot.context.today)
  if (next === undefined) return { status: "none" }
  return {
    status: "ready",
    date: next.date,
    dateText: formatLongUsDate(next.date),
    routeDate: isoToRouteDate(next.date),
    exerciseNames: exerciseNames(next.workouts)
  }
}

export const selectTodayText = (snapshot: ScheduleSnapshot): string => formatLongUsDate(snapshot.context.today)

/* ---------- Calendar ---------- */

export interface WeekDayView {
  readonly date: IsoDate
  readonly letter: string
  readonly dayNumber: number
  /** "Monday, January 5, 2026", for screen readers. */
  readonly label: string
  readonly selected: boolean
  readonly today: boolean
  readonly hasResults: boolean
}

export interface DayWorkoutView {
  /** "Workout 1" */
  readonly title: string
  readonly exerciseNames: ReadonlyArray<string>
  /** Route state for 'View workout': the workout, its index in the day and the date. */
  readonly workout: GroupedWorkout
  readonly index: number
  readonly date: IsoDate
  readonly routeDate: RouteDate
}

export interface WeekView {
  readonly status: LoadStatus | "ready"
  readonly monthText: string
  readonly days: ReadonlyArray<WeekDayView>
  readonly selectedText: string
  readonly workouts: ReadonlyArray<DayWorkoutView>
  /** 'No workout scheduled for {date}' when the day has none. */
  readonly emptyText: string
}

export const selectWeekView = (snapshot: ScheduleSnapshot): WeekView => {
  const { selected, today, workouts, results } = snapshot.context
  const logged = datesWithRows(results)
  const day = groupRowsByDate(workouts.filter((row) => row.date === selected))[selected] ?? []
  const selectedText = formatLongUsDate(selected)
  return {
    status: loadStatus(snapshot) ?? "ready",
    monthText: formatUsMonthYear(selected),
    days: weekDays(selected).map((date, i) => ({
      date,
      letter: WEEKDAY_LETTERS[i] ?? "",
      dayNumber: dayOfMonth(date),
      label: formatLongUsDate(date),
      selected: date === selected,
      today: date === today,
      hasResults: logged.has(date)
    })),
    selectedText,
    workouts: day.map((workout, index) => ({
      title: `Workout ${index + 1}`,
      exerciseNames: workout.exercises.map((e) => e.name),
      workout,
      index,
      date: selected,
      routeDate: isoToRouteDate(selected)
    })),
    emptyText: `No workout scheduled for ${selectedText}`
  }
}

/* ---------- Progress ---------- */

export interface ProgressView {
  readonly status: LoadStatus | "ready"
  readonly points: ReadonlyArray<LiftPoint>
  /** True when the client has no logged sets of the lift and SPEC's sample data is shown. */
  readonly isExample: boolean
}

const isLift = (exercise: string, lift: Lift): boolean => exercise.toLowerCase().includes(lift)

/** The best estimated one-rep max of each session in which the lift was logged, by date. */
export const e1rmHistory = (results: ReadonlyArray<WorkoutRow>, lift: Lift): ReadonlyArray<LiftPoint> => {
  const best = new Map<IsoDate, number>()
  for (const row of results) {
    if (!isLift(row.exercise, lift) || row.weight === null || row.reps === null) continue
    const effort = row.rpe !== null ? { rpe: row.rpe } : row.rir !== null ? { rir: row.rir } : undefined
    const estimate = e1rm(row.weight, row.reps, effort)
    if (estimate !== undefined) best.set(row.date, Math.max(best.get(row.date) ?? 0, estimate))
  }
  return [...best.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, value]) => ({ name: formatShortUsDate(date), value }))
}

export const selectProgress = (snapshot: ScheduleSnapshot, lift: Lift): ProgressView => {
  const status = loadStatus(snapshot)
  if (status === "loading") return { status, points: [], isExample: false }
  const own = status === null ? e1rmHistory(snapshot.context.results, lift) : []
  return own.length > 0
    ? { status: "ready", points: own, isExample: false }
    : { status: status ?? "ready", points: liftSeries(SAMPLE_PROGRESS, lift), isExample: true }
}
