import { fromPromise } from "xstate"
import type { WorkoutAddress, WorkoutOrder, WorkoutRemoval } from "#domain/workout-edits.ts"
import type { Gateway } from "#gateway/gateway.ts"

/** What removal needs from outside: two calls, and a way to tell the day what the server did. */
export interface WorkoutRemovalPorts {
  readonly gateway: Pick<Gateway, "removeWorkout" | "restoreWorkout">
  /** The server removed this workout: the day drops it. */
  readonly dayLostWorkout: (workoutOrder: WorkoutOrder) => void
  /** The server put the workout back: the day reads itself again. */
  readonly dayRegainedWorkout: () => void
}

/** Removal's real actors and actions, for `workoutRemovalMachine.provide(...)`. */
export function workoutRemovalImplementations(ports: WorkoutRemovalPorts) {
  return {
    actors: {
      removeWorkout: fromPromise<WorkoutRemoval, WorkoutAddress>(async ({ input }) =>
        ports.gateway.removeWorkout(input)
      ),
      restoreWorkout: fromPromise<WorkoutRemoval, WorkoutAddress>(async ({ input }) =>
        ports.gateway.restoreWorkout(input)
      )
    },
    actions: {
      reportRemoved: (_: unknown, { workoutOrder }: { workoutOrder: WorkoutOrder }) =>
        ports.dayLostWorkout(workoutOrder),
      reportRestored: () => ports.dayRegainedWorkout()
    }
  }
}
