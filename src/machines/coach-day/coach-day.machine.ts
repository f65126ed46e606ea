import { assign, fromPromise, setup } from "xstate"
import type { Unit } from "#domain/units.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import type { ClientDay, CoachDayContext, CoachDayEvent, CoachDayInput, DayAnswer } from "./coach-day.types.ts"

// /coach/workouts/{userId}/{date}: one client's day, prescriptions beside results, and
// which workouts the client finished, every weight in the coach's unit once it is told. A failed load is shown with a retry rather than as
// an empty day; a day whose completions could not be read is shown, with a retry too; a
// client who is not on the coach's list is "not found", never a connection problem.
// Removing a workout is its own machine (workout-removal); this one only hears that the
// server removed one (it leaves the day) or put one back (the day is read again).
// coach-day.actors.ts provides the load.

export const coachDayMachine = setup({
  types: {
    context: {} as CoachDayContext,
    events: {} as CoachDayEvent,
    input: {} as CoachDayInput
  },
  actors: {
    loadDay: fromPromise<DayAnswer, CoachDayInput>(() => Promise.reject(new Error("loadDay was not provided")))
  },
  guards: {
    isDoneUnknown: ({ context }) => context.completions === null,
    isClientNotFound: (_, { answer }: { answer: DayAnswer }) => answer._tag === "clientNotFound"
  },
  actions: {
    rememberDay: assign((_, { answer }: { answer: DayAnswer }) => {
      if (answer._tag === "clientNotFound") return {}
      const day: ClientDay = answer.day
      return {
        workouts: day.workouts,
        results: day.results,
        completions: day.completions,
        clientName: day.clientName
      }
    }),
    takeUnit: assign((_, { unit }: { unit: Unit }) => ({ viewerUnit: unit })),
    forgetWorkout: assign(({ context }, { workoutOrder }: { workoutOrder: WorkoutOrder }) => ({
      workouts: context.workouts.filter((workout) => workout.workout_order !== workoutOrder)
    }))
  }
}).createMachine({
  id: "coachDay",
  context: ({ input }) => ({
    coachId: input.coachId,
    clientId: input.clientId,
    date: input.date,
    workouts: [],
    results: [],
    completions: null,
    clientName: null,
    viewerUnit: null
  }),
  initial: "loading",
  on: {
    // Whatever the day is doing: a read already under way may predate the change, so it starts again.
    "day.reload": { target: ".loading", reenter: true },
    "workout.removed": {
      actions: { type: "forgetWorkout", params: ({ event }) => ({ workoutOrder: event.workoutOrder }) }
    },
    // Whenever it comes: the coach-unit machine reads it beside the day.
    "unit.known": { actions: { type: "takeUnit", params: ({ event }) => ({ unit: event.unit }) } }
  },
  states: {
    loading: {
      invoke: {
        id: "loadDay",
        src: "loadDay",
        input: ({ context }) => ({ coachId: context.coachId, clientId: context.clientId, date: context.date }),
        onDone: [
          {
            guard: { type: "isClientNotFound", params: ({ event }) => ({ answer: event.output }) },
            target: "notFound"
          },
          { target: "showing", actions: { type: "rememberDay", params: ({ event }) => ({ answer: event.output }) } }
        ],
        onError: "failed"
      }
    },
    showing: {
      on: { "day.retry": { guard: "isDoneUnknown", target: "loading" } }
    },
    failed: { on: { "day.retry": "loading" } },
    notFound: {}
  }
})

export type CoachDayMachine = typeof coachDayMachine
