import { assign, fromPromise, setup } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type {
  RecordOutput,
  RecordRead,
  WorkoutDayContext,
  WorkoutDayEvent,
  WorkoutDayInput
} from "./workout-day.types.ts"

/*
 * One workout of a day, as the day page and the logging page open it, and (for the day
 * page) whether it is done and what was logged. Two regions, because the two facts come
 * apart: a carried workout shows at once while the record is still being read, and a
 * record that cannot be read leaves the workout on screen with a way to try again.
 *
 * - `workout`: the one carried in route state when it is the workout the address names
 *   (no wait), else the day's workouts fetched and the one at `index` taken.
 * - `record`: the day's completions and logged sets. Only the day page asks; a carried
 *   workout has not listed the day's other workouts, so that read lists them too.
 */

const fetchDay = fromPromise<ReadonlyArray<GroupedWorkout>, { date: IsoDate }>(() =>
  Promise.reject(new Error("fetchDay was not provided"))
)
const loadRecord = fromPromise<RecordOutput, RecordRead>(() => Promise.reject(new Error("loadRecord was not provided")))

const initialContext = ({ date, carried, index, withRecord }: WorkoutDayInput): WorkoutDayContext => {
  const carriedIndex = carried.workout === undefined ? 0 : (carried.index ?? 0)
  const shown = index ?? carriedIndex
  return {
    date,
    index: shown,
    workout: carried.workout !== undefined && carriedIndex === shown ? carried.workout : null,
    dayWorkouts: null,
    withRecord: withRecord ?? false,
    record: null
  }
}

export const workoutDayMachine = setup({
  types: { context: {} as WorkoutDayContext, events: {} as WorkoutDayEvent, input: {} as WorkoutDayInput },
  actors: { fetchDay, loadRecord },
  guards: {
    isCarried: ({ context }) => context.workout !== null,
    hasWorkoutAtIndex: ({ context }, { workouts }: { workouts: ReadonlyArray<GroupedWorkout> }) =>
      workouts[context.index] !== undefined,
    isRecordUnasked: ({ context }) => !context.withRecord
  },
  actions: {
    takeDay: assign(({ context }, { workouts }: { workouts: ReadonlyArray<GroupedWorkout> }) => ({
      dayWorkouts: workouts,
      workout: workouts[context.index] ?? null
    })),
    // The day's own list is fresher than a carried copy (a set added while logging is in it).
    takeRecord: assign(({ context }, { completions, results, workouts }: RecordOutput) => ({
      record: { completions, results },
      ...(workouts === undefined ? {} : { dayWorkouts: workouts, workout: workouts[context.index] ?? context.workout })
    }))
  }
}).createMachine({
  id: "workoutDay",
  context: ({ input }) => initialContext(input),
  type: "parallel",
  states: {
    workout: {
      initial: "loading",
      states: {
        loading: {
          always: { guard: "isCarried", target: "ready" },
          invoke: {
            id: "fetchDay",
            src: "fetchDay",
            input: ({ context }) => ({ date: context.date }),
            onDone: [
              {
                guard: { type: "hasWorkoutAtIndex", params: ({ event }) => ({ workouts: event.output }) },
                target: "ready",
                actions: { type: "takeDay", params: ({ event }) => ({ workouts: event.output }) }
              },
              { target: "none", actions: { type: "takeDay", params: ({ event }) => ({ workouts: event.output }) } }
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
    },
    record: {
      initial: "loading",
      states: {
        loading: {
          always: { guard: "isRecordUnasked", target: "unasked" },
          invoke: {
            id: "loadRecord",
            src: "loadRecord",
            // Only a carried workout leaves the day's list unknown; a fetch under way lists it.
            input: ({ context }) => ({
              date: context.date,
              day: context.dayWorkouts === null && context.workout !== null
            }),
            onDone: { target: "known", actions: { type: "takeRecord", params: ({ event }) => event.output } },
            onError: "unknown"
          }
        },
        /** The server could not say whether the workout is done: never claimed either way. */
        unknown: {
          on: { "record.retry": "loading" }
        },
        known: {},
        /** The logging page: nothing to read. */
        unasked: {}
      }
    }
  }
})

export type WorkoutDayMachine = typeof workoutDayMachine
