import { fromPromise } from "xstate"
import type { Gateway } from "#gateway/gateway.ts"
import type { ClientDay, CoachDayInput } from "./coach-day.types.ts"

/** What the day needs from outside: two calls, made side by side. */
export interface CoachDayPorts {
  readonly gateway: () => Promise<Pick<Gateway, "workoutByDate" | "workoutResults">>
}

/** The day's real actors, for `coachDayMachine.provide(...)`. */
export function coachDayImplementations(ports: CoachDayPorts) {
  return {
    actors: {
      loadDay: fromPromise<ClientDay, CoachDayInput>(async ({ input: { clientId, date } }) => {
        const api = await ports.gateway()
        const [byDate, results] = await Promise.all([
          api.workoutByDate(clientId, date),
          api.workoutResults(clientId, { from: date, to: date })
        ])
        return { workouts: byDate.data[date] ?? [], results }
      })
    }
  }
}
