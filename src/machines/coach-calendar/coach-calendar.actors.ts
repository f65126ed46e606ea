import { fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { datesWithRows, type ClientLookup } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"

export interface MarksRequest {
  readonly clientId: UserId
  readonly from: IsoDate
  readonly to: IsoDate
}

/** Which days of the shown range hold a prescribed workout, and which hold logged results. */
export interface DayMarks {
  readonly workoutDates: ReadonlyArray<IsoDate>
  readonly resultDates: ReadonlyArray<IsoDate>
}

export interface CoachCalendarPort {
  readonly loadClients: (coachId: UserId) => Promise<ClientLookup>
  readonly loadMarks: (request: MarksRequest) => Promise<DayMarks>
}

export const createCoachCalendarActors = (port: CoachCalendarPort) => ({
  loadClients: fromPromise<ClientLookup, { readonly coachId: UserId }>(({ input }) => port.loadClients(input.coachId)),
  loadMarks: fromPromise<DayMarks, MarksRequest>(({ input }) => port.loadMarks(input))
})

/** Only the 28 days on screen are asked for, both prescriptions and results, side by side. */
export const gatewayCoachCalendarPort = (gateway: () => Promise<Gateway>): CoachCalendarPort => ({
  loadClients: async (coachId) => (await gateway()).getAllClients(coachId),
  loadMarks: async ({ clientId, from, to }) => {
    const api = await gateway()
    const [prescribed, logged] = await Promise.all([
      api.workouts(clientId, { from, to }),
      api.workoutResults(clientId, { from, to })
    ])
    return { workoutDates: [...datesWithRows(prescribed)].sort(), resultDates: [...datesWithRows(logged)].sort() }
  }
})

const unconnected = (name: string) => () => Promise.reject(new Error(`${name} is not connected to the gateway`))

export const unconnectedCoachCalendarActors = createCoachCalendarActors({
  loadClients: unconnected("loadClients"),
  loadMarks: unconnected("loadMarks")
})
