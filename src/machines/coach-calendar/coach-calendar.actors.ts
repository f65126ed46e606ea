import { fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import { datesWithRows, type ClientLookup } from "#domain/workout.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { NO_MARKS, type DayMarks, type MarksRequest } from "./coach-calendar.types.ts"

/** What the calendar needs from outside: three calls, and a place to keep the client shown. */
export interface CoachCalendarPorts {
  readonly gateway: () => Promise<Pick<Gateway, "getAllClients" | "workouts" | "workoutResults">>
  /** The client now shown, so Back and a reload show the same one (the route's ?client=). */
  readonly rememberClient: (clientId: UserId) => void
}

/** The calendar's real actors and actions, for `coachCalendarMachine.provide(...)`. */
export function coachCalendarImplementations(ports: CoachCalendarPorts) {
  return {
    actors: {
      loadClients: fromPromise<ClientLookup, { readonly coachId: UserId }>(async ({ input }) =>
        (await ports.gateway()).getAllClients(input.coachId)
      ),
      // Only the 28 days on screen are asked for, prescriptions and results side by side.
      loadMarks: fromPromise<DayMarks, MarksRequest>(async ({ input: { clientId, from, to } }) => {
        if (clientId === null) return NO_MARKS
        const api = await ports.gateway()
        const [prescribed, logged] = await Promise.all([
          api.workouts(clientId, { from, to }),
          api.workoutResults(clientId, { from, to })
        ])
        return { workoutDates: [...datesWithRows(prescribed)].sort(), resultDates: [...datesWithRows(logged)].sort() }
      })
    },
    actions: {
      rememberClient: (_: unknown, { clientId }: { clientId: UserId | null }) => {
        if (clientId !== null) ports.rememberClient(clientId)
      }
    }
  }
}
