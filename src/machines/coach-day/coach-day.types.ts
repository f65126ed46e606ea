import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
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

export interface CoachDayContext extends ClientDay, CoachDayInput {
  /**
   * The coach's own unit, every weight of the day shown in it (docs/decisions/038), told
   * by the coach-unit machine; null until then, or when it could not be read (each weight
   * then reads in the unit it was stored in).
   */
  readonly viewerUnit: Unit | null
}

export type CoachDayEvent =
  | { readonly type: "day.retry" }
  /** The day changed on the server (a workout put back): read it again. */
  | { readonly type: "day.reload" }
  /** The server removed this workout: it leaves the day without a new read. */
  | { readonly type: "workout.removed"; readonly workoutOrder: WorkoutOrder }
  /** The coach's unit is read: the day's weights are shown in it. */
  | { readonly type: "unit.known"; readonly unit: Unit }
