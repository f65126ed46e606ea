import { fromPromise } from "xstate"
import type { SaveWorkoutPayload } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { BuilderDraft, BuilderInput } from "./builder.types.ts"

/** What the builder needs from outside: one call, the draft's storage, and the way back to the day. */
export interface BuilderPorts {
  readonly gateway: () => Promise<Pick<Gateway, "saveWorkout">>
  /** Keep the half-built workout (on every change), so a reload resumes it. */
  readonly storeDraft: (draft: BuilderDraft) => void
  /** The workout is saved: its draft is no longer needed. */
  readonly forgetDraft: () => void
  /** Leave for the client's day, which now lists the saved workout. */
  readonly showDay: (day: BuilderInput) => void
}

/** The builder's real actors and actions, for `builderMachine.provide(...)`. */
export function builderImplementations(ports: BuilderPorts) {
  return {
    actors: {
      saveWorkout: fromPromise<unknown, SaveWorkoutPayload>(async ({ input }) =>
        (await ports.gateway()).saveWorkout(input)
      )
    },
    actions: {
      storeDraft: (_: unknown, draft: BuilderDraft) => ports.storeDraft(draft),
      forgetDraft: () => ports.forgetDraft(),
      showDay: (_: unknown, day: BuilderInput) => ports.showDay(day)
    }
  }
}
