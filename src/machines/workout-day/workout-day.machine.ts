import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { isNetworkFailure } from "#domain/network-failure.ts"
import type {
  CopiedDay,
  CopiedRecord,
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
 *
 * When the server cannot be reached (not when it refuses), each region shows the device
 * copy of the day instead, if it has one, as `stale`, and reads again once the browser is
 * back online (docs/decisions/027).
 */

const fetchDay = fromPromise<ReadonlyArray<GroupedWorkout>, { date: IsoDate }>(() =>
  Promise.reject(new Error("fetchDay was not provided"))
)
const loadRecord = fromPromise<RecordOutput, RecordRead>(() => Promise.reject(new Error("loadRecord was not provided")))
const readDayCopy = fromPromise<CopiedDay | null, { date: IsoDate }>(() => Promise.resolve(null))
const readRecordCopy = fromPromise<CopiedRecord | null, { date: IsoDate }>(() => Promise.resolve(null))
const waitForNetwork = fromCallback<{ type: "network.online" }>(() => undefined)

type Failure = { readonly event: { readonly error: unknown } }
/** A read that never reached the server goes to `offline` (the copy); a refusal to `otherwise`. */
const unreachedTo = (otherwise: string) => [
  {
    guard: { type: "isNetworkFailure" as const, params: ({ event }: Failure) => ({ error: event.error }) },
    target: "offline"
  },
  { target: otherwise }
]

const initialContext = ({ date, carried, index, withRecord }: WorkoutDayInput): WorkoutDayContext => {
  const carriedIndex = carried.workout === undefined ? 0 : (carried.index ?? 0)
  const shown = index ?? carriedIndex
  const carriedShown = carried.workout !== undefined && carriedIndex === shown
  return {
    date,
    index: shown,
    workout: carriedShown ? carried.workout : null,
    dayWorkouts: null,
    withRecord: withRecord ?? false,
    record: null,
    asOf: carriedShown ? (carried.asOf ?? null) : null,
    recordAsOf: null
  }
}

export const workoutDayMachine = setup({
  types: { context: {} as WorkoutDayContext, events: {} as WorkoutDayEvent, input: {} as WorkoutDayInput },
  actors: { fetchDay, loadRecord, readDayCopy, readRecordCopy, waitForNetwork },
  guards: {
    // A workout from the device copy is not carried: back online, it is read again.
    isCarried: ({ context }) => context.workout !== null && context.asOf === null,
    isNetworkFailure: (_, { error }: { error: unknown }) => isNetworkFailure(error),
    isCopy: (_, { copy }: { copy: CopiedDay | CopiedRecord | null }) => copy !== null,
    hasCopiedWorkout: ({ context }, { copy }: { copy: CopiedDay | null }) =>
      copy?.workouts[context.index] !== undefined,
    hasWorkoutAtIndex: ({ context }, { workouts }: { workouts: ReadonlyArray<GroupedWorkout> }) =>
      workouts[context.index] !== undefined,
    isRecordUnasked: ({ context }) => !context.withRecord
  },
  actions: {
    takeDay: assign(({ context }, { workouts }: { workouts: ReadonlyArray<GroupedWorkout> }) => ({
      dayWorkouts: workouts,
      workout: workouts[context.index] ?? null,
      asOf: null
    })),
    takeDayCopy: assign(({ context }, { copy }: { copy: CopiedDay | null }) =>
      copy === null
        ? {}
        : { dayWorkouts: copy.workouts, workout: copy.workouts[context.index] ?? context.workout, asOf: copy.asOf }
    ),
    dropRecordCopy: assign({ record: null, recordAsOf: null }),
    takeRecordCopy: assign((_, { copy }: { copy: CopiedRecord | null }) =>
      copy === null ? {} : { record: { completions: copy.completions, results: copy.results }, recordAsOf: copy.asOf }
    ),
    // The day's own list is fresher than a carried copy (a set added while logging is in it).
    takeRecord: assign(({ context }, { completions, results, workouts }: RecordOutput) => ({
      record: { completions, results },
      recordAsOf: null,
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
            onError: unreachedTo("failed")
          }
        },
        /** The server could not be reached: the device copy of the day is read. */
        offline: {
          invoke: {
            id: "readDayCopy",
            src: "readDayCopy",
            input: ({ context }) => ({ date: context.date }),
            onDone: [
              {
                guard: { type: "hasCopiedWorkout", params: ({ event }) => ({ copy: event.output }) },
                target: "stale",
                actions: { type: "takeDayCopy", params: ({ event }) => ({ copy: event.output }) }
              },
              {
                guard: { type: "isCopy", params: ({ event }) => ({ copy: event.output }) },
                target: "none",
                actions: { type: "takeDayCopy", params: ({ event }) => ({ copy: event.output }) }
              },
              { target: "failed" }
            ],
            onError: "failed"
          }
        },
        /** The copy's workout, said to be as of its last refresh; read again once back online. */
        stale: {
          invoke: { id: "waitForNetwork", src: "waitForNetwork" },
          on: { "network.online": "loading", "workout.retry": "loading" }
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
            onError: unreachedTo("unknown")
          }
        },
        /** The server could not be reached: the device copy of the day's record is read. */
        offline: {
          invoke: {
            id: "readRecordCopy",
            src: "readRecordCopy",
            input: ({ context }) => ({ date: context.date }),
            onDone: [
              {
                guard: { type: "isCopy", params: ({ event }) => ({ copy: event.output }) },
                target: "stale",
                actions: { type: "takeRecordCopy", params: ({ event }) => ({ copy: event.output }) }
              },
              { target: "unknown" }
            ],
            onError: "unknown"
          }
        },
        /** The copy's record, said to be as of its last refresh; read again once back online. */
        stale: {
          invoke: { id: "waitForNetwork", src: "waitForNetwork" },
          // The copy's record leaves the screen while the server is asked: 'Checking…', never passed off as fresh.
          on: {
            "network.online": { target: "loading", actions: "dropRecordCopy" },
            "record.retry": { target: "loading", actions: "dropRecordCopy" }
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
