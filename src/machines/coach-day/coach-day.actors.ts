import { fromPromise } from "xstate"
import { hasTag } from "#domain/declared-errors.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { CoachDayInput, DayAnswer } from "./coach-day.types.ts"

/** What the day needs from outside: four calls, made side by side. */
export interface CoachDayPorts {
  readonly gateway: Pick<Gateway, "workoutByDate" | "workoutResults" | "workoutCompletions" | "getAllClients">
}

/** The day's real actors, for `coachDayMachine.provide(...)`. */
export function coachDayImplementations(ports: CoachDayPorts) {
  return {
    actors: {
      loadDay: fromPromise<DayAnswer, CoachDayInput>(async ({ input: { coachId, clientId, date } }) => {
        const api = ports.gateway
        const range = { from: date, to: date }
        try {
          // Which workouts are done, and the client's name, are extras: either read failing still shows the day.
          const [byDate, results, completions, clientName] = await Promise.all([
            api.workoutByDate(clientId, date),
            api.workoutResults(clientId, range),
            api.workoutCompletions(clientId, range).catch(() => null),
            api
              .getAllClients(coachId)
              .then((lookup) => lookup[String(clientId)]?.name ?? null)
              .catch(() => null)
          ])
          return { _tag: "day", day: { workouts: byDate.data[date] ?? [], results, completions, clientName } }
        } catch (error) {
          // The server's 404: this client is not on the coach's list.
          if (hasTag(error, "ClientNotFound")) return { _tag: "clientNotFound" }
          throw error
        }
      })
    }
  }
}
