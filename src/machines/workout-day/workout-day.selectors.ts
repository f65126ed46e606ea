import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { tempoAndRestText } from "#domain/exercise-details.ts"
import { exerciseLabels, labelledName } from "#domain/workout-pages.ts"
import { formatLongUsDate, isoToRouteDate, type IsoDate, type RouteDate } from "#domain/calendar.ts"
import { completionOf, formatDuration } from "#domain/completion.ts"
import { prescriptionText } from "#domain/prescription.ts"
import type { Unit } from "#domain/units.ts"
import type { GroupedWorkout, LoggedRow } from "#domain/workout.ts"
import type { Freshness } from "#domain/as-of-text.ts"
import { loggedSetText } from "#domain/logged-set-text.ts"
import type { WorkoutDayMachine } from "./workout-day.machine.ts"
import type { CarriedState, DayRecord } from "./workout-day.types.ts"
import { searchForWorkout, type WorkoutSearch } from "#domain/workout-search.ts"

export type WorkoutDaySnapshot = SnapshotFrom<WorkoutDayMachine>
export type WorkoutDayActorRef = ActorRefFrom<WorkoutDayMachine>

interface DayHeading {
  readonly date: IsoDate
  readonly routeDate: RouteDate
  /** "Monday, January 5, 2026" */
  readonly dateText: string
}

/** What a link to this workout carries; the copy's time only when it came from the device copy. */
export const carriedState = (
  workout: GroupedWorkout,
  index: number,
  date: RouteDate,
  asOf: number | null
): CarriedState => (asOf === null ? { workout, index, date } : { workout, index, date, asOf })

/** Whether the workout is done, as far as the server has said. */
export type RecordView =
  | { readonly status: "checking" | "unknown" | "unasked" | "open" }
  /** "Completed · 42 min" */
  | { readonly status: "completed"; readonly summary: string }

export interface DaySetView {
  readonly id: number
  /** The whole prescription, "275 lbs × 5 reps at 2 RIR · AMSAP: as many sets as possible". */
  readonly prescription: string
  /** The lifter added this set while logging. */
  readonly added: boolean
  /** What was logged, shown once the workout is completed: "275 lbs × 5 at 2 RIR", "Skipped", "Not logged". */
  readonly logged: string | null
}

export interface DayExerciseView {
  readonly key: number
  /** "Back Squat", or "A1 Pull-up" in a superset. */
  readonly name: string
  /** "Tempo 31X0 · Rest 1:30 min", or "". */
  readonly tempoAndRest: string
  /** The coach's note on this exercise. */
  readonly note: string | null
  /** The coach's demo video of the exercise. */
  readonly demoUrl: string | null
  readonly sets: ReadonlyArray<DaySetView>
}

/** A link to another workout of the same day. */
export interface SiblingView {
  readonly index: number
  /** The coach's title, or "Workout #2" */
  readonly title: string
  readonly search: WorkoutSearch
  readonly current: boolean
  readonly carried: CarriedState
}

export type WorkoutDayView =
  | (DayHeading & {
      readonly status: "loading" | "failed" | "none"
      /** The day's workouts, when the address named one past the last. */
      readonly workouts: ReadonlyArray<SiblingView>
    })
  | (DayHeading & {
      readonly status: "ready"
      readonly workout: GroupedWorkout
      readonly index: number
      /** The coach's title, or "Workout #2" */
      readonly title: string
      /** The address's search for this workout: none for the first. */
      readonly search: WorkoutSearch
      readonly carried: CarriedState
      readonly exercises: ReadonlyArray<DayExerciseView>
      readonly record: RecordView
      /** Every workout of the day when it has more than one, so each is a tap away. */
      readonly workouts: ReadonlyArray<SiblingView>
    })

/** The coach's title, or "Workout #2" by its place in the day. */
const workoutTitle = (workout: GroupedWorkout, index: number): string => workout.title ?? `Workout #${index + 1}`

const recordView = (snapshot: WorkoutDaySnapshot, record: DayRecord | null, workout: GroupedWorkout): RecordView => {
  if (snapshot.matches({ record: "unknown" })) return { status: "unknown" }
  if (snapshot.matches({ record: "unasked" })) return { status: "unasked" }
  if (record === null) return { status: "checking" }
  const completion = completionOf(record.completions, snapshot.context.date, workout.workout_order)
  return completion === undefined
    ? { status: "open" }
    : { status: "completed", summary: `Completed · ${formatDuration(completion.duration_seconds)}` }
}

const exerciseViews = (workout: GroupedWorkout, results: ReadonlyArray<LoggedRow> | null, viewer: Unit | undefined) => {
  const logged = results === null ? null : new Map(results.map((row) => [row.id, row] as const))
  const labels = exerciseLabels(workout)
  return workout.exercises.map((exercise, index) => ({
    key: exercise.exercise_order,
    name: labelledName(labels[index] ?? null, exercise.name),
    tempoAndRest: tempoAndRestText(exercise),
    note: exercise.note ?? null,
    demoUrl: exercise.demo_url ?? null,
    sets: exercise.sets.map((set) => ({
      id: set.id,
      prescription: prescriptionText(set, viewer) || "As prescribed",
      added: set.added,
      logged: logged === null ? null : loggedSetText(logged.get(set.id), viewer)
    }))
  }))
}

const siblingViews = (
  dayWorkouts: ReadonlyArray<GroupedWorkout> | null,
  index: number,
  routeDate: RouteDate,
  asOf: number | null
): ReadonlyArray<SiblingView> =>
  dayWorkouts === null || (dayWorkouts.length < 2 && dayWorkouts[index] !== undefined)
    ? []
    : dayWorkouts.map((workout, i) => ({
        index: i,
        title: workoutTitle(workout, i),
        search: searchForWorkout(i),
        current: i === index,
        carried: carriedState(workout, i, routeDate, asOf)
      }))

/**
 * The day as the lifter reads it; `viewer` is their unit, every weight shown in it
 * (docs/decisions/038), undefined while it is not known (each weight in its own unit).
 */
export const selectWorkoutDay = (snapshot: WorkoutDaySnapshot, viewer?: Unit): WorkoutDayView => {
  const { date, workout, index, dayWorkouts, record } = snapshot.context
  const routeDate = isoToRouteDate(date)
  const heading = { date, routeDate, dateText: formatLongUsDate(date) }
  const workouts = siblingViews(dayWorkouts, index, routeDate, snapshot.context.asOf)
  if ((snapshot.matches({ workout: "ready" }) || snapshot.matches({ workout: "stale" })) && workout !== null) {
    const view = recordView(snapshot, record, workout)
    return {
      ...heading,
      status: "ready",
      workout,
      index,
      title: workoutTitle(workout, index),
      search: searchForWorkout(index),
      carried: carriedState(workout, index, routeDate, snapshot.context.asOf),
      exercises: exerciseViews(workout, view.status === "completed" ? (record?.results ?? null) : null, viewer),
      record: view,
      workouts
    }
  }
  if (snapshot.matches({ workout: "failed" })) return { ...heading, status: "failed", workouts }
  if (snapshot.matches({ workout: "none" })) return { ...heading, status: "none", workouts }
  return { ...heading, status: "loading", workouts }
}

const sameRecord = (a: RecordView, b: RecordView): boolean =>
  a.status === b.status && (a.status !== "completed" || b.status !== "completed" || a.summary === b.summary)

/** Views are equal when a component would render the same thing. */
export const sameWorkoutDay = (a: WorkoutDayView, b: WorkoutDayView): boolean => {
  if (a.status !== b.status || a.date !== b.date || a.workouts.length !== b.workouts.length) return false
  if (a.status !== "ready" || b.status !== "ready") return true
  return (
    a.workout === b.workout &&
    a.index === b.index &&
    sameRecord(a.record, b.record) &&
    a.exercises.every((exercise, i) =>
      exercise.sets.every((set, j) => {
        const other = b.exercises[i]?.sets[j]
        return other !== undefined && set.logged === other.logged && set.prescription === other.prescription
      })
    ) &&
    a.workouts.every((sibling, i) => sibling.carried.workout === b.workouts[i]?.carried.workout)
  )
}

/**
 * 'Offline, as of …' when the workout or its record shown comes from the device copy
 * (the older of the two refreshes); the server's own answer, or a carried workout, is fresh.
 */
export const selectDayFreshness = (snapshot: WorkoutDaySnapshot): Freshness => {
  const { asOf, recordAsOf } = snapshot.context
  const copied = [
    snapshot.matches({ workout: "stale" }) || snapshot.matches({ workout: "none" }) ? asOf : null,
    snapshot.matches({ record: "stale" }) ? recordAsOf : null
  ].filter((at): at is number => at !== null)
  return copied.length === 0 ? { status: "fresh" } : { status: "offline", asOf: Math.min(...copied) }
}
