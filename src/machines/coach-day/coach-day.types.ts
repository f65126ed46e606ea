import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { UserId } from "#domain/ids.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import type { GroupedWorkout, LoggedRow } from "#domain/workout.ts"

/** A day as the coach sees it: what was prescribed, what the client logged of it, and which workouts they finished. */
export interface ClientDay {
  readonly workouts: ReadonlyArray<GroupedWorkout>
  readonly results: ReadonlyArray<LoggedRow>
  /** The day's submitted workouts; null when the server could not say (the day is shown all the same). */
  readonly completions: ReadonlyArray<WorkoutCompletion> | null
  /** Whose day: the name on the coach's list; null when the list could not be read (the day is shown all the same). */
  readonly clientName: string | null
}

/**
 * The day read, or the server's word that this client is not on the coach's list (a
 * typed id, another coach's client): an expected answer, not a failure.
 */
export type DayAnswer = { readonly _tag: "day"; readonly day: ClientDay } | { readonly _tag: "clientNotFound" }

export interface CoachDayInput {
  /** The coach looking: their client list names the client. */
  readonly coachId: UserId
  readonly clientId: UserId
  readonly date: IsoDate
}

export interface CoachDayContext extends ClientDay, CoachDayInput {}

export type CoachDayEvent =
  | { readonly type: "day.retry" }
  /** The day changed on the server (a workout put back): read it again. */
  | { readonly type: "day.reload" }
  /** The server removed this workout: it leaves the day without a new read. */
  | { readonly type: "workout.removed"; readonly workoutOrder: WorkoutOrder }
