import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { findWorkout, loadedWorkout, type LoadedWorkout } from "./builder.edit.ts"
import type { BuilderDraft, BuilderInput, BuilderSubmission, WorkoutToLoad } from "./builder.types.ts"

/** What the builder needs from outside: its calls, the draft's storage, and the way back to the day. */
export interface BuilderPorts {
  readonly gateway: Pick<Gateway, "saveWorkout" | "editWorkout" | "workoutByDate" | "workoutResults" | "getAllClients">
  /** The signed-in coach, whose client list names the client; null leaves the name unsaid. */
  readonly coachId: () => UserId | null
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
      saveWorkout: fromPromise<unknown, BuilderSubmission>(async ({ input }) => {
        const gateway = ports.gateway
        return input.kind === "edit" ? gateway.editWorkout(input.payload) : gateway.saveWorkout(input.payload)
      }),
      // The day's workout at that order and what the client logged that day; null: the day has no such workout.
      loadWorkout: fromPromise<LoadedWorkout | null, WorkoutToLoad>(async ({ input }) => {
        const gateway = ports.gateway
        const range = { from: input.date, to: input.date }
        const [byDate, logged] = await Promise.all([
          gateway.workoutByDate(input.clientId, input.date),
          gateway.workoutResults(input.clientId, range)
        ])
        const workout = findWorkout(byDate, input.date, input.workoutOrder)
        return workout === null ? null : loadedWorkout(workout, logged)
      }),
      loadClientName: fromPromise<string, { readonly clientId: UserId }>(async ({ input }) => {
        const coachId = ports.coachId()
        if (coachId === null) throw new Error("No coach is signed in")
        const name = (await ports.gateway.getAllClients(coachId))[String(input.clientId)]?.name
        if (name === undefined) throw new Error("The client is not on the coach's list")
        return name
      })
    },
    actions: {
      storeDraft: (_: unknown, draft: BuilderDraft) => ports.storeDraft(draft),
      forgetDraft: () => ports.forgetDraft(),
      showDay: (_: unknown, day: BuilderInput) => ports.showDay(day)
    }
  }
}
