import { assign, setup } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { unconnectedCoachDayActors, type ClientDay } from "./coach-day.actors.ts"

// /coach/workouts/{userId}/{date}: one client's day, prescriptions beside results.
// A failed load is shown with a retry rather than as an empty day.

export interface CoachDayContext extends ClientDay {
  readonly clientId: UserId
  readonly date: IsoDate
}

export interface CoachDayInput {
  readonly clientId: UserId
  readonly date: IsoDate
}

export type CoachDayEvent = { readonly type: "day.retry" }

export const coachDayMachine = setup({
  types: {
    context: {} as CoachDayContext,
    events: {} as CoachDayEvent,
    input: {} as CoachDayInput
  },
  actors: unconnectedCoachDayActors,
  actions: {
    rememberDay: assign((_, params: { day: ClientDay }) => ({ workouts: params.day.workouts, results: params.day.results }))
  }
}).createMachine({
  id: "coachDay",
  context: ({ input }) => ({ clientId: input.clientId, date: input.date, workouts: [], results: [] }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadDay",
        src: "loadDay",
        input: ({ context }) => ({ clientId: context.clientId, date: context.date }),
        onDone: { target: "showing", actions: { type: "rememberDay", params: ({ event }) => ({ day: event.output }) } },
        onError: "failed"
      }
    },
    showing: {},
    failed: { on: { "day.retry": "loading" } }
  }
})

export type CoachDayMachine = typeof coachDayMachine
