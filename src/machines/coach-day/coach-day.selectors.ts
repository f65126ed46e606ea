import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate, isoToRouteDate } from "#domain/calendar.ts"
import { describeSet } from "#domain/set-fields.ts"
import type { UserId } from "#domain/ids.ts"
import type { WorkoutRow } from "#domain/workout.ts"
import type { CoachDayMachine } from "./coach-day.machine.ts"

export type CoachDaySnapshot = SnapshotFrom<CoachDayMachine>
export type CoachDayActorRef = ActorRefFrom<CoachDayMachine>

export const DAY_NOT_LOADED = "We couldn't load this day. Check your connection and try again."

export interface DaySetView {
  readonly label: string
  readonly prescribed: string
  /** What the client logged for this set, or null when nothing yet. */
  readonly performed: string | null
}

export interface DayWorkoutView {
  readonly title: string
  readonly exercises: ReadonlyArray<{ readonly name: string; readonly sets: ReadonlyArray<DaySetView> }>
}

export interface CoachDayView {
  readonly status: "loading" | "showing" | "failed"
  readonly dateLabel: string
  /** Whose day: the calendar's ?client= on the way back. */
  readonly clientId: UserId
  /** {userId}/{MM-DD-YYYY}: the builder for this day. */
  readonly dayParams: { readonly userId: string; readonly date: string }
  readonly workouts: ReadonlyArray<DayWorkoutView>
  readonly error: string | null
}

const describePerformed = (row: WorkoutRow): string => {
  const text = describeSet(row)
  return row.rir === null ? text : [text, `${row.rir} RIR`].filter((part) => part !== "").join(", ")
}

export const selectCoachDay = (snapshot: CoachDaySnapshot): CoachDayView => {
  const { clientId, date, workouts, results } = snapshot.context
  const logged = new Map(results.map((row) => [row.id, row] as const))
  return {
    status: snapshot.matches("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "showing",
    dateLabel: formatLongUsDate(date),
    clientId,
    dayParams: { userId: String(clientId), date: isoToRouteDate(date) },
    workouts: workouts.map((workout) => ({
      title: "Strength Workout",
      exercises: workout.exercises.map((exercise) => ({
        name: exercise.name,
        sets: exercise.sets.map((row, index) => {
          const result = logged.get(row.id)
          return {
            label: `Set ${index + 1}`,
            prescribed: describeSet(row, row.amsap) || "No values prescribed",
            performed: result === undefined ? null : describePerformed(result) || null
          }
        })
      }))
    })),
    error: snapshot.matches("failed") ? DAY_NOT_LOADED : null
  }
}
