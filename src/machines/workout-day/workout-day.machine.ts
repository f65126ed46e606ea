import { assign, fromPromise, setup } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { WorkoutDayContext, WorkoutDayEvent, WorkoutDayInput } from "./workout-day.types.ts"

/*
 * One day's workout, as the day page and the logging page open it: the one carried in
 * route state when there is one (no wait), else the first workout fetched for the date.
 * This machine is the only place that choice is made.
 */

const fetchWorkout = fromPromise<GroupedWorkout | null, { date: IsoDate }>(() =>
  Promise.reject(new Error("fetchWorkout was not provided"))
)

export const workoutDayMachine = setup({
  types: { context: {} as WorkoutDayContext, events: {} as WorkoutDayEvent, input: {} as WorkoutDayInput },
  actors: { fetchWorkout },
  guards: {
    isCarried: ({ context }) => context.workout !== null,
    isWorkout: (_, { workout }: { workout: GroupedWorkout | null }) => workout !== null
  },
  actions: {
    takeWorkout: assign((_, { workout }: { workout: GroupedWorkout | null }) => ({ workout }))
  }
}).createMachine({
  id: "workoutDay",
  context: ({ input }) => ({
    date: input.date,
    workout: input.carried.workout ?? null,
    index: input.carried.workout === undefined ? 0 : (input.carried.index ?? 0)
  }),
  initial: "loading",
  states: {
    loading: {
      always: { guard: "isCarried", target: "ready" },
      invoke: {
        id: "fetchWorkout",
        src: "fetchWorkout",
        input: ({ context }) => ({ date: context.date }),
        onDone: [
          {
            guard: { type: "isWorkout", params: ({ event }) => ({ workout: event.output }) },
            target: "ready",
            actions: { type: "takeWorkout", params: ({ event }) => ({ workout: event.output }) }
          },
          { target: "none" }
        ],
        onError: "failed"
      }
    },
    failed: {
      on: { "workout.retry": "loading" }
    },
    none: {},
    ready: {}
  }
})

export type WorkoutDayMachine = typeof workoutDayMachine
