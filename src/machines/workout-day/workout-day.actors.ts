import { fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"

export interface WorkoutDayPorts {
  readonly gateway: () => Promise<Pick<Gateway, "workoutByDate">>
  readonly clientId: UserId
}

/** The day's fetch through the gateway, for `workoutDayMachine.provide(...)`. */
export function workoutDayImplementations(ports: WorkoutDayPorts) {
  return {
    actors: {
      fetchWorkout: fromPromise<GroupedWorkout | null, { date: IsoDate }>(async ({ input }) => {
        const response = await (await ports.gateway()).workoutByDate(ports.clientId, input.date)
        return response.data[input.date]?.[0] ?? null
      })
    },
    actions: {}
  }
}
