import type { IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { TimerClock } from "../timer/timer.clock.ts"

export interface LoggingInput {
  readonly date: IsoDate
  /** The day's workout (the workout-day machine found it: carried or fetched). */
  readonly workout: GroupedWorkout
  /** The screen from the route: 0..n-1 exercises, n the summary. */
  readonly screen: number
  /** The timer's clock from before a reload, if any. */
  readonly clock: TimerClock | null
  readonly now: number
}

export type LoggingContext = LoggingInput

export type LoggingEvent =
  | { readonly type: "page.next" }
  | { readonly type: "page.previous" }
  /** Horizontal finger travel in px: negative is a swipe left (towards the next exercise). */
  | { readonly type: "page.swipe"; readonly dx: number }
  | { readonly type: "workout.end"; readonly at: number }
  | { readonly type: "workout.resume"; readonly at: number }
  | { readonly type: "workout.submit" }
