import { dayInput } from "../coach-day/coach-day.fixtures.ts"
import type { WorkoutRemovalPorts } from "./workout-removal.actors.ts"
import type { RemovalTarget, WorkoutRemovalContext, WorkoutRemovalInput } from "./workout-removal.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// For stories and tests: the coach-day fixtures' day (client 7, Mar 2 2026) and its one workout.

export const removalInput: WorkoutRemovalInput = { clientId: dayInput.clientId, date: dayInput.date }

/** The sample day's workout: the client logged three of its sets (one of them skipped). */
export const sampleTarget: RemovalTarget = { workoutOrder: 0, loggedSets: 3 }

export const removalContext = (overrides: Partial<WorkoutRemovalContext> = {}): WorkoutRemovalContext => ({
  ...removalInput,
  target: sampleTarget,
  error: null,
  ...overrides
})

/** Calls that never answer and a day that hears nothing, so a story stays in the state it shows. */
export const storyRemovalPorts: WorkoutRemovalPorts = {
  gateway: unansweredCalls(),
  dayLostWorkout: () => undefined,
  dayRegainedWorkout: () => undefined
}
