import type { ActorRefFrom, SnapshotFrom } from "xstate"
import {
  formatLongUsDate,
  formatShortUsDate,
  isoToRouteDate,
  startOfWeek,
  todayIso,
  type IsoDate
} from "#domain/calendar.ts"
import { completionOf, formatDuration, type WorkoutCompletion } from "#domain/completion.ts"
import { describeSet } from "#domain/set-text.ts"
import type { ExerciseId } from "#domain/exercises.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import type { GroupedWorkout, LoggedRow, WorkoutRow } from "#domain/workout.ts"
import { exerciseLabels, labelledName } from "#domain/workout-pages.ts"
import { tempoAndRestText } from "#domain/exercise-details.ts"
import type { CoachDayMachine } from "./coach-day.machine.ts"

export type CoachDaySnapshot = SnapshotFrom<CoachDayMachine>
export type CoachDayActorRef = ActorRefFrom<CoachDayMachine>

export const DAY_NOT_LOADED = "We couldn't load this day. Check your connection and try again."
export const DONE_NOT_LOADED = "Could not load which workouts are done."
export const NOT_COMPLETED = "Not completed yet"
export const CLIENT_NOT_FOUND = "No client with that id on your list."

export interface DaySetView {
  /** The prescribed set: its worked-out load is read by it. */
  readonly setId: SetId
  readonly label: string
  readonly prescribed: string
  /** What the client logged for this set ("Skipped" for one they chose not to do), or null when nothing yet. */
  readonly performed: string | null
  /** The client chose not to do this set: shown apart from sets they did. */
  readonly skipped: boolean
  /** The client added this set while logging (an AMSAP set going on). */
  readonly addedByClient: boolean
}

/** How the coach's day marks a workout the client imported (docs/decisions/049-import-and-export.md). */
export const IMPORTED_ORIGIN = "Imported by the client from another app"

export interface DayWorkoutView {
  /** Which of the day's workouts: the builder (?workout=) and removal address it by this. */
  readonly workoutOrder: WorkoutOrder
  readonly title: string
  /** "Imported from the client's logbook", for a workout the lifter brought from another app; else null. */
  readonly origin: string | null
  /** Sets of it with anything logged (skips included): removing it removes those too. */
  readonly loggedSets: number
  /** "Completed Nov 23 · 42 min", "Not completed yet", or null when the server could not say. */
  readonly completion: string | null
  readonly exercises: ReadonlyArray<DayExerciseView>
}

export interface DayExerciseView {
  /** The library exercise: its demo link is the coach's to set. */
  readonly exerciseId: ExerciseId
  /** "Back Squat", or "A1 Pull-up" in a superset. */
  readonly name: string
  /** The coach's demo video of the exercise, as the server holds it. */
  readonly demoUrl: string | null
  /** "Tempo 31X0 · Rest 1:30 min", or "". */
  readonly tempoAndRest: string
  /** The coach's note to the client on this exercise. */
  readonly note: string | null
  readonly sets: ReadonlyArray<DaySetView>
}

export interface CoachDayView {
  readonly status: "loading" | "showing" | "failed" | "notFound"
  readonly dateLabel: string
  /** "for Sam Lifter": whose day; null until known, or when the client list could not be read. */
  readonly clientLabel: string | null
  /** Whose day: the calendar's ?client= on the way back. */
  readonly clientId: UserId
  /** Back to the calendar: this client, the grid starting on this day's week (its ?week=). */
  readonly calendarSearch: { readonly client: UserId; readonly week: IsoDate }
  /** {userId}/{MM-DD-YYYY}: the builder for this day. */
  readonly dayParams: { readonly userId: string; readonly date: string }
  readonly workouts: ReadonlyArray<DayWorkoutView>
  /** Why the day, or only which of its workouts are done, could not be loaded; `day.retry` reads again. */
  readonly error: string | null
}

/** A row's weight as stored, shown to the coach in their unit (in its own while theirs is not known). */
const unitsOf = (row: WorkoutRow | LoggedRow, viewer: Unit | null) => ({
  stored: row.weight_unit,
  viewer: viewer ?? row.weight_unit
})

const describePerformed = (row: LoggedRow, viewer: Unit | null): string => {
  if (row.skipped) return "Skipped"
  const text = describeSet(row, unitsOf(row, viewer))
  return row.rir === null ? text : [text, `${row.rir} RIR`].filter((part) => part !== "").join(", ")
}

/** "Completed Nov 23 · 42 min": the day the client finished (theirs and the coach's clock agree on it closely enough), and how long it took. */
const completionText = (
  completions: ReadonlyArray<WorkoutCompletion> | null,
  date: IsoDate,
  workout: GroupedWorkout
): string | null => {
  if (completions === null) return null
  const completion = completionOf(completions, date, workout.workout_order)
  if (completion === undefined) return NOT_COMPLETED
  const finished = formatShortUsDate(todayIso(new Date(completion.ended_at)))
  return `Completed ${finished} · ${formatDuration(completion.duration_seconds)}`
}

const errorOf = (snapshot: CoachDaySnapshot): string | null => {
  if (snapshot.matches("failed")) return DAY_NOT_LOADED
  return snapshot.matches("showing") && snapshot.can({ type: "day.retry" }) ? DONE_NOT_LOADED : null
}

const statusOf = (snapshot: CoachDaySnapshot): CoachDayView["status"] =>
  snapshot.matches("loading")
    ? "loading"
    : snapshot.matches("failed")
      ? "failed"
      : snapshot.matches("notFound")
        ? "notFound"
        : "showing"

export const selectCoachDay = (snapshot: CoachDaySnapshot): CoachDayView => {
  const { clientId, date, workouts, results, completions, clientName, viewerUnit } = snapshot.context
  const logged = new Map(results.map((row) => [row.id, row] as const))
  const status = statusOf(snapshot)
  return {
    status,
    dateLabel: formatLongUsDate(date),
    clientLabel: clientName === null || status === "notFound" ? null : `for ${clientName}`,
    clientId,
    calendarSearch: { client: clientId, week: startOfWeek(date) },
    dayParams: { userId: String(clientId), date: isoToRouteDate(date) },
    workouts: (status === "notFound" ? [] : workouts).map((workout) => dayWorkout(workout)),
    error: errorOf(snapshot)
  }
  function dayWorkout(workout: GroupedWorkout): DayWorkoutView {
    const labels = exerciseLabels(workout)
    return {
      workoutOrder: workout.workout_order,
      title: workout.title ?? "Strength Workout",
      origin: workout.imported === true ? IMPORTED_ORIGIN : null,
      loggedSets: workout.exercises.reduce(
        (count, exercise) => count + exercise.sets.filter((row) => logged.has(row.id)).length,
        0
      ),
      completion: completionText(completions, date, workout),
      exercises: workout.exercises.map((exercise, index) => ({
        exerciseId: exercise.exercise_id,
        name: labelledName(labels[index] ?? null, exercise.name),
        demoUrl: exercise.demo_url ?? null,
        tempoAndRest: tempoAndRestText(exercise),
        note: exercise.note ?? null,
        sets: exercise.sets.map((row, setIndex) => {
          const result = logged.get(row.id)
          return {
            setId: row.id,
            label: `Set ${setIndex + 1}`,
            prescribed: describeSet(row, unitsOf(row, viewerUnit), row.amsap) || "No values prescribed",
            performed: result === undefined ? null : describePerformed(result, viewerUnit) || null,
            skipped: result?.skipped ?? false,
            addedByClient: row.added
          }
        })
      }))
    }
  }
}
