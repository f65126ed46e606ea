import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { Schedule, ScheduleRange } from "./client-schedule.types.ts"

export interface ClientSchedulePorts {
  readonly gateway: () => Promise<Pick<Gateway, "workouts" | "workoutResults" | "workoutCompletions">>
  /** Whose schedule: read as each load starts, so a load without a signed-in client fails like any other. */
  readonly clientId: () => UserId
}

/** The schedule's load through the gateway, for `clientScheduleMachine.provide(...)`. */
export function clientScheduleImplementations(ports: ClientSchedulePorts) {
  return {
    actors: {
      // Only the reads the screen shows are asked for; the others stay empty. Which
      // workouts are done is an extra: that read failing still shows the schedule.
      loadSchedule: fromPromise<Schedule, ScheduleRange>(async ({ input: { from, to, ...reads } }) => {
        const clientId = ports.clientId()
        const gateway = await ports.gateway()
        const [workouts, results, completions] = await Promise.all([
          reads.workouts ? gateway.workouts(clientId, { from, to }) : [],
          reads.results ? gateway.workoutResults(clientId, { from, to }) : [],
          reads.completions ? gateway.workoutCompletions(clientId, { from, to }).catch(() => null) : []
        ])
        return { workouts, results, completions }
      })
    },
    actions: {}
  }
}
