import type { ActorRefFrom, SnapshotFrom } from "xstate"
import {
  dayOfMonth,
  formatLongUsDate,
  formatUsMonthYear,
  isoToRouteDate,
  weekDays,
  WEEKDAY_LETTERS,
  type IsoDate,
  type RouteDate
} from "#domain/calendar.ts"
import { completionOf, formatDuration } from "#domain/completion.ts"
import { datesWithRows, groupRowsByDate, type GroupedWorkout } from "#domain/workout.ts"
import type { Freshness } from "#domain/as-of-text.ts"
import { searchForWorkout, type WorkoutSearch } from "#domain/workout-search.ts"
import { carriedState } from "../workout-day/workout-day.selectors.ts"
import type { CarriedState } from "../workout-day/workout-day.types.ts"
import { dayMark, nextOpenWorkout, type DayMark } from "#domain/schedule-marks.ts"
import type { ClientScheduleMachine } from "./client-schedule.machine.ts"

export type ScheduleSnapshot = SnapshotFrom<ClientScheduleMachine>
export type ScheduleActorRef = ActorRefFrom<ClientScheduleMachine>

/** "offline": the server could not be reached and these days are not on the device. */
type LoadStatus = "loading" | "failed" | "offline"
const loadStatus = (snapshot: ScheduleSnapshot): LoadStatus | null => {
  if (snapshot.matches({ reading: "showingCopy" }) || snapshot.matches({ offline: "showingCopy" })) return null
  if (snapshot.matches("failed")) return "failed"
  if (snapshot.matches({ offline: "blank" })) return "offline"
  return snapshot.matches("ready") ? null : "loading"
}

/** The server's answer is on screen (not the device copy, not a load or a failure). */
export const selectShowsServerAnswer = (snapshot: ScheduleSnapshot): boolean => snapshot.matches("ready")

/**
 * Whether what is shown is the server's answer, the device copy while the server is asked
 * ('Updating…'), or the copy because the server could not be reached ('Offline, as of …').
 */
export const selectFreshness = (snapshot: ScheduleSnapshot): Freshness => {
  const { asOf } = snapshot.context
  if (snapshot.matches({ reading: "showingCopy" })) return { status: "updating" }
  if (snapshot.matches({ offline: "showingCopy" }) && asOf !== null) return { status: "offline", asOf }
  return { status: "fresh" }
}

/**
 * The schedule is shown but which workouts are done could not be read: the screens say
 * so and offer to read again, and call nothing done or missed meanwhile.
 */
export const selectDoneUnknown = (snapshot: ScheduleSnapshot): boolean =>
  snapshot.matches("ready") && snapshot.can({ type: "schedule.retry" })

/** What a link to one workout carries (SPEC's route state, docs/product.md) and the address's search. */
export interface WorkoutLink {
  readonly routeDate: RouteDate
  readonly search: WorkoutSearch
  readonly carried: CarriedState
}

/** `asOf`: the copy's time when the schedule shown is the device copy, so the next page reads it again. */
const workoutLink = (date: IsoDate, workout: GroupedWorkout, index: number, asOf: number | null): WorkoutLink => {
  const routeDate = isoToRouteDate(date)
  return { routeDate, search: searchForWorkout(index), carried: carriedState(workout, index, routeDate, asOf) }
}

/* ---------- Dashboard ---------- */

export type NextWorkoutView =
  | { readonly status: LoadStatus | "none" }
  | (WorkoutLink & {
      readonly status: "ready"
      readonly date: IsoDate
      readonly dateText: string
      /** The coach's title; else "Workout #2" when the day holds more than one, else null. */
      readonly workoutText: string | null
      readonly exerciseNames: ReadonlyArray<string>
    })

export const selectNextWorkout = (snapshot: ScheduleSnapshot): NextWorkoutView => {
  const status = loadStatus(snapshot)
  if (status !== null) return { status }
  const { workouts, completions, today } = snapshot.context
  const next = nextOpenWorkout(workouts, completions, today)
  if (next === undefined) return { status: "none" }
  return {
    status: "ready",
    date: next.date,
    dateText: formatLongUsDate(next.date),
    workoutText: next.workout.title ?? (next.dayCount > 1 ? `Workout #${next.index + 1}` : null),
    exerciseNames: next.workout.exercises.map((exercise) => exercise.name),
    ...workoutLink(next.date, next.workout, next.index, snapshot.context.asOf)
  }
}

export const selectTodayText = (snapshot: ScheduleSnapshot): string => formatLongUsDate(snapshot.context.today)

/* ---------- Calendar ---------- */

export interface WeekDayView {
  readonly date: IsoDate
  readonly letter: string
  readonly dayNumber: number
  /** What is announced: "Monday, January 5, 2026, completed, has logged results". */
  readonly label: string
  readonly selected: boolean
  readonly today: boolean
  readonly hasResults: boolean
  /** A day with workouts: scheduled, completed or missed; null without workouts. */
  readonly mark: DayMark | null
}

export interface DayWorkoutView extends WorkoutLink {
  /** "Workout 1" */
  readonly title: string
  readonly exerciseNames: ReadonlyArray<string>
  readonly index: number
  readonly date: IsoDate
  /** "Completed · 42 min", "Missed", or null for one still to do (or when the server could not say). */
  readonly doneText: string | null
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

const doneText = (
  completions: ScheduleSnapshot["context"]["completions"],
  date: IsoDate,
  today: IsoDate,
  workout: GroupedWorkout
): string | null => {
  if (completions === null) return null
  const completion = completionOf(completions, date, workout.workout_order)
  if (completion !== undefined) return `Completed · ${formatDuration(completion.duration_seconds)}`
  return date < today ? "Missed" : null
}

export const selectWeekView = (snapshot: ScheduleSnapshot): WeekView => {
  const { selected, today, workouts, results, completions } = snapshot.context
  const logged = datesWithRows(results)
  const byDate = groupRowsByDate(workouts)
  const day = byDate[selected] ?? []
  const selectedText = formatLongUsDate(selected)
  return {
    status: loadStatus(snapshot) ?? "ready",
    monthText: formatUsMonthYear(selected),
    days: weekDays(selected).map((date, i) => {
      const mark = dayMark(byDate[date] ?? [], completions, date, today)
      const hasResults = logged.has(date)
      return {
        date,
        letter: WEEKDAY_LETTERS[i] ?? "",
        dayNumber: dayOfMonth(date),
        label: [formatLongUsDate(date), mark, hasResults ? "has logged results" : null].filter(Boolean).join(", "),
        selected: date === selected,
        today: date === today,
        hasResults,
        mark
      }
    }),
    selectedText,
    workouts: day.map((workout, index) => ({
      title: workout.title ?? `Workout ${index + 1}`,
      exerciseNames: workout.exercises.map((e) => e.name),
      index,
      date: selected,
      doneText: doneText(completions, selected, today, workout),
      ...workoutLink(selected, workout, index, snapshot.context.asOf)
    })),
    emptyText: `No workout scheduled for ${selectedText}`
  }
}
