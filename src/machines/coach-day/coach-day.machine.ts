import { assign, fromPromise, setup } from "xstate"
import type { ClientDay, CoachDayContext, CoachDayEvent, CoachDayInput } from "./coach-day.types.ts"

// /coach/workouts/{userId}/{date}: one client's day, prescriptions beside results.
// A failed load is shown with a retry rather than as an empty day.
// coach-day.actors.ts provides the load.

export const coachDayMachine = setup({
  types: {
    context: {} as CoachDayContext,
    events: {} as CoachDayEvent,
    input: {} as CoachDayInput
  },
  actors: {
    loadDay: fromPromise<ClientDay, CoachDayInput>(() => Promise.reject(new Error("loadDay was not provided")))
  },
  actions: {
    rememberDay: assign((_, params: { day: ClientDay }) => ({
      workouts: params.day.workouts,
      results: params.day.results
    }))
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
