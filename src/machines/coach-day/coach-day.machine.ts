import { assign, fromPromise, setup } from "xstate"
import type { ClientDay, CoachDayContext, CoachDayEvent, CoachDayInput } from "./coach-day.types.ts"

// /coach/workouts/{userId}/{date}: one client's day, prescriptions beside results, and
// which workouts the client finished. A failed load is shown with a retry rather than as
// an empty day; a day whose completions could not be read is shown, with a retry too.
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
  guards: {
    isDoneUnknown: ({ context }) => context.completions === null
  },
  actions: {
    rememberDay: assign((_, { day }: { day: ClientDay }) => ({
      workouts: day.workouts,
      results: day.results,
      completions: day.completions
    }))
  }
}).createMachine({
  id: "coachDay",
  context: ({ input }) => ({
    clientId: input.clientId,
    date: input.date,
    workouts: [],
    results: [],
    completions: null
  }),
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
    showing: {
      on: { "day.retry": { guard: "isDoneUnknown", target: "loading" } }
    },
    failed: { on: { "day.retry": "loading" } }
  }
})

export type CoachDayMachine = typeof coachDayMachine
