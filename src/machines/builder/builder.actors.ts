import { fromPromise } from "xstate"
import type { Gateway } from "#gateway/gateway.ts"
import type { SaveWorkoutPayload } from "#domain/workout.ts"

/** The one call the builder makes. Routes provide the real one through machine.provide. */
export interface BuilderPort {
  readonly saveWorkout: (payload: SaveWorkoutPayload) => Promise<unknown>
}

export const createBuilderActors = (port: BuilderPort) => ({
  saveWorkout: fromPromise<unknown, SaveWorkoutPayload>(({ input }) => port.saveWorkout(input))
})

export const gatewayBuilderPort = (gateway: () => Promise<Gateway>): BuilderPort => ({
  saveWorkout: async (payload) => (await gateway()).saveWorkout(payload)
})

/** Until a route provides the gateway, a save fails loudly instead of pretending to succeed. */
export const unconnectedBuilderActors = createBuilderActors({
  saveWorkout: () => Promise.reject(new Error("saveWorkout is not connected to the gateway"))
})
