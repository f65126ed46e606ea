import { fromPromise } from "xstate"
import type { Gateway } from "#gateway/gateway.ts"
import type { ClientDay, CoachDayInput } from "./coach-day.types.ts"

/** What the day needs from outside: three calls, made side by side. */
export interface CoachDayPorts {
  readonly gateway: () => Promise<Pick<Gateway, "workoutByDate" | "workoutResults" | "workoutCompletions">>
}

/** The day's real actors, for `coachDayMachine.provide(...)`. */
export function coachDayImplementations(ports: CoachDayPorts) {
  return {
    actors: {
      loadDay: fromPromise<ClientDay, CoachDayInput>(async ({ input: { clientId, date } }) => {
        const api = await ports.gateway()
        const range = { from: date, to: date }
        // Which workouts are done is an extra: that read failing still shows the day.
        const [byDate, results, completions] = await Promise.all([
          api.workoutByDate(clientId, date),
          api.workoutResults(clientId, range),
          api.workoutCompletions(clientId, range).catch(() => null)
        ])
        return { workouts: byDate.data[date] ?? [], results, completions }
      })
    }
  }
}
