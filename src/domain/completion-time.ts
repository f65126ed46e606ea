import type { IsoDate } from "#domain/calendar.ts"
import { MAX_WORKOUT_SECONDS, type WorkoutCompletion } from "#domain/completion.ts"
import { elapsedMs, type TimerClock } from "#domain/timer-clock.ts"

/**
 * What Submit records: the workout started when its timer first did, ended when the
 * lifter submitted, and ran for the timer's time (pauses left out). The timer can never
 * have run longer than the wall clock between the two, nor past a day (a clock gone
 * wrong), so the duration is held inside both and the server's check always agrees.
 */
export function completionAt(
  { date, workoutOrder, clock }: { date: IsoDate; workoutOrder: number; clock: TimerClock },
  at: number
): WorkoutCompletion {
  const started = Math.min(clock.workoutStartedAt, at)
  const spanSeconds = Math.floor((at - started) / 1000)
  const ranSeconds = Math.floor(elapsedMs(clock, at) / 1000)
  return {
    date,
    workout_order: workoutOrder,
    started_at: new Date(started).toISOString(),
    ended_at: new Date(at).toISOString(),
    duration_seconds: Math.max(0, Math.min(ranSeconds, spanSeconds, MAX_WORKOUT_SECONDS))
  }
}
