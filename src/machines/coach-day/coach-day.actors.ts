import { fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout, WorkoutRow } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"

export interface DayRequest {
  readonly clientId: UserId
  readonly date: IsoDate
}

/** A day as the coach sees it: what was prescribed, and what the client logged of it. */
export interface ClientDay {
  readonly workouts: ReadonlyArray<GroupedWorkout>
  readonly results: ReadonlyArray<WorkoutRow>
}

export interface CoachDayPort {
  readonly loadDay: (request: DayRequest) => Promise<ClientDay>
}

export const createCoachDayActors = (port: CoachDayPort) => ({
  loadDay: fromPromise<ClientDay, DayRequest>(({ input }) => port.loadDay(input))
})

export const gatewayCoachDayPort = (gateway: () => Promise<Gateway>): CoachDayPort => ({
  loadDay: async ({ clientId, date }) => {
    const api = await gateway()
    const [byDate, results] = await Promise.all([
      api.workoutByDate(clientId, date),
      api.workoutResults(clientId, { from: date, to: date })
    ])
    return { workouts: byDate.data[date] ?? [], results }
  }
})

export const unconnectedCoachDayActors = createCoachDayActors({
  loadDay: () => Promise.reject(new Error("loadDay is not connected to the gateway"))
})
