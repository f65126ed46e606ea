import type { WorkoutCompletion } from "#domain/completion.ts"
import type { DrainReport } from "./outbox-drain.drain.ts"
import type { LostEdit } from "#domain/logging-outbox.ts"

/** A finished workout waiting on the phone (Thursday, November 26, 2026, the day's first). */
export const waitingCompletion = {
  date: "2026-11-26",
  workout_order: 0,
  started_at: "2026-11-26T07:00:00.000Z",
  ended_at: "2026-11-26T08:00:00.000Z",
  duration_seconds: 3600
} as WorkoutCompletion

/** A set the coach removed while its edit waited on the phone. */
export const removedSet: LostEdit = {
  key: "set:102",
  text: "Your coach removed Back Squat set 2; what you logged there (5 × 100 lb) was not saved."
}

/** A drain pass's report: nothing sent, nothing waiting, unless given. */
export const drainReport = (over: Partial<DrainReport>): DrainReport => ({
  sent: [],
  refused: [],
  waiting: [],
  failed: false,
  lost: [],
  ...over
})
