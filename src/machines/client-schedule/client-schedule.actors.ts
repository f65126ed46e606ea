import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { Schedule, ScheduleRange } from "./client-schedule.types.ts"

export interface ClientSchedulePorts {
  readonly gateway: () => Promise<Pick<Gateway, "workouts" | "workoutResults">>
  /** Whose schedule: read as each load starts, so a load without a signed-in client fails like any other. */
  readonly clientId: () => UserId
}

/** The schedule's load through the gateway, for `clientScheduleMachine.provide(...)`. */
export function clientScheduleImplementations(ports: ClientSchedulePorts) {
  return {
    actors: {
      loadSchedule: fromPromise<Schedule, ScheduleRange>(async ({ input: range }) => {
        const clientId = ports.clientId()
        const gateway = await ports.gateway()
        const [workouts, results] = await Promise.all([
          gateway.workouts(clientId, range),
          gateway.workoutResults(clientId, range)
        ])
        return { workouts, results }
      })
    },
    actions: {}
  }
}
