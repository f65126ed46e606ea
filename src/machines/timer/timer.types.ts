import type { TimerClock } from "#domain/timer-clock.ts"

export interface TimerInput {
  /** A clock restored after a reload; a new timer starts at `now`. */
  readonly clock: TimerClock | null
  readonly now: number
}

export interface TimerContext {
  readonly clock: TimerClock
  /** Last tick: only used to re-render the derived elapsed time. */
  readonly now: number
}

/** Every event carries the moment it happened, so the machine never reads the clock. */
export type TimerEvent =
  | { readonly type: "timer.tick"; readonly at: number }
  | { readonly type: "timer.pause"; readonly at: number }
  | { readonly type: "timer.resume"; readonly at: number }
  | { readonly type: "timer.reset"; readonly at: number }
