import { fromPromise } from "xstate"
import type { ExerciseDemo } from "#domain/exercises.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { SaveDemoInput } from "./exercise-demo.types.ts"

/** What the demo editor needs from outside: the call, and a way to have the day read itself again. */
export interface ExerciseDemoPorts {
  readonly gateway: Pick<Gateway, "setExerciseDemo">
  readonly daySaved: () => void
}

/** The demo editor's real actor and action, for `exerciseDemoMachine.provide(...)`. */
export function exerciseDemoImplementations(ports: ExerciseDemoPorts) {
  return {
    actors: {
      saveDemo: fromPromise<ExerciseDemo, SaveDemoInput>(async ({ input }) => ports.gateway.setExerciseDemo(input))
    },
    actions: { reportSaved: () => ports.daySaved() }
  }
}
