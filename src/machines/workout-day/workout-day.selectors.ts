import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate, isoToRouteDate, type IsoDate, type RouteDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { WorkoutDayMachine } from "./workout-day.machine.ts"

export type WorkoutDaySnapshot = SnapshotFrom<WorkoutDayMachine>
export type WorkoutDayActorRef = ActorRefFrom<WorkoutDayMachine>

interface DayHeading {
  readonly date: IsoDate
  readonly routeDate: RouteDate
  /** "Monday, January 5, 2026" */
  readonly dateText: string
}

export type WorkoutDayView =
  | (DayHeading & { readonly status: "loading" | "failed" | "none" })
  | (DayHeading & { readonly status: "ready"; readonly workout: GroupedWorkout; readonly index: number })

export const selectWorkoutDay = (snapshot: WorkoutDaySnapshot): WorkoutDayView => {
  const { date, workout, index } = snapshot.context
  const heading = { date, routeDate: isoToRouteDate(date), dateText: formatLongUsDate(date) }
  if (snapshot.matches("ready") && workout !== null) return { ...heading, status: "ready", workout, index }
  if (snapshot.matches("failed")) return { ...heading, status: "failed" }
  if (snapshot.matches("none")) return { ...heading, status: "none" }
  return { ...heading, status: "loading" }
}

/** Views are equal when a component would render the same thing. */
export const sameWorkoutDay = (a: WorkoutDayView, b: WorkoutDayView): boolean =>
  a.status === b.status &&
  a.date === b.date &&
  (a.status !== "ready" || b.status !== "ready" || (a.workout === b.workout && a.index === b.index))
