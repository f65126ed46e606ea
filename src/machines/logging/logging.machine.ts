import { assign, fromPromise, sendTo, setup } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { TimerClock } from "../timer/timer.clock.ts"
import { timerMachine } from "../timer/timer.machine.ts"

/** SPEC section 9: a swipe moves only past 10 px. */
export const SWIPE_THRESHOLD_PX = 10

export interface LoggingInput {
  readonly date: IsoDate
  /** The workout carried in route state, or null to fetch the first one of the date. */
  readonly workout: GroupedWorkout | null
  /** The screen from the route: 0..n-1 exercises, n the summary. */
  readonly screen: number
  /** The timer's clock from before a reload, if any. */
  readonly clock: TimerClock | null
  readonly now: number
}

export interface LoggingContext {
  readonly date: IsoDate
  readonly workout: GroupedWorkout | null
  readonly screen: number
  readonly clock: TimerClock | null
  readonly now: number
}

export type LoggingEvent =
  | { readonly type: "page.next" }
  | { readonly type: "page.previous" }
  /** Horizontal finger travel in px: negative is a swipe left (towards the next exercise). */
  | { readonly type: "page.swipe"; readonly dx: number }
  | { readonly type: "workout.end"; readonly at: number }
  | { readonly type: "workout.resume"; readonly at: number }
  | { readonly type: "workout.submit" }
  | { readonly type: "workout.retry" }

const exerciseCount = (context: LoggingContext): number => context.workout?.exercises.length ?? 0

/** Replaced by the route with a gateway call (machine.provide). */
export const loadWorkout = fromPromise<GroupedWorkout | null, { date: IsoDate }>(() =>
  Promise.reject(new Error("loadWorkout is not connected"))
)

export const loggingMachine = setup({
  types: { context: {} as LoggingContext, events: {} as LoggingEvent, input: {} as LoggingInput },
  actors: { loadWorkout, timer: timerMachine },
  guards: {
    hasWorkout: ({ context }) => context.workout !== null,
    isWorkout: (_, { workout }: { workout: GroupedWorkout | null }) => workout !== null,
    isOnSummary: ({ context }) => context.screen >= exerciseCount(context),
    hasNextExercise: ({ context }) => context.screen < exerciseCount(context) - 1,
    hasPreviousExercise: ({ context }) => context.screen > 0,
    isSwipeToNext: ({ context }, { dx }: { dx: number }) =>
      dx <= -SWIPE_THRESHOLD_PX && context.screen < exerciseCount(context) - 1,
    isSwipeToPrevious: ({ context }, { dx }: { dx: number }) => dx >= SWIPE_THRESHOLD_PX && context.screen > 0,
    hasExercises: ({ context }) => exerciseCount(context) > 0
  },
  actions: {
    takeWorkout: assign((_, { workout }: { workout: GroupedWorkout | null }) => ({ workout })),
    nextScreen: assign(({ context }) => ({ screen: context.screen + 1 })),
    previousScreen: assign(({ context }) => ({ screen: context.screen - 1 })),
    showSummary: assign(({ context }) => ({ screen: exerciseCount(context) })),
    clampScreen: assign(({ context }) => ({
      screen: Math.min(Math.max(0, Math.trunc(context.screen)), exerciseCount(context))
    })),
    pauseTimer: sendTo("timer", (_, { at }: { at: number }) => ({ type: "timer.pause" as const, at })),
    resumeTimer: sendTo("timer", (_, { at }: { at: number }) => ({ type: "timer.resume" as const, at })),
    /** SPEC section 4: Submit clears the workout-started flag; the route provides the storage. */
    clearWorkoutStarted: () => undefined
  }
}).createMachine({
  id: "logging",
  context: ({ input }) => ({ ...input }),
  initial: "loading",
  states: {
    loading: {
      always: { guard: "hasWorkout", target: "active" },
      invoke: {
        id: "loadWorkout",
        src: "loadWorkout",
        input: ({ context }) => ({ date: context.date }),
        onDone: [
          {
            guard: { type: "isWorkout", params: ({ event }) => ({ workout: event.output }) },
            target: "active",
            actions: { type: "takeWorkout", params: ({ event }) => ({ workout: event.output }) }
          },
          { target: "noWorkout" }
        ],
        onError: "loadFailed"
      }
    },
    loadFailed: {
      on: { "workout.retry": "loading" }
    },
    noWorkout: {},
    active: {
      entry: "clampScreen",
      invoke: {
        id: "timer",
        src: "timer",
        input: ({ context }) => ({ clock: context.clock, now: context.now })
      },
      initial: "exercise",
      states: {
        exercise: {
          always: { guard: "isOnSummary", target: "summary" },
          on: {
            "page.next": { guard: "hasNextExercise", actions: "nextScreen" },
            "page.previous": { guard: "hasPreviousExercise", actions: "previousScreen" },
            "page.swipe": [
              { guard: { type: "isSwipeToNext", params: ({ event }) => ({ dx: event.dx }) }, actions: "nextScreen" },
              {
                guard: { type: "isSwipeToPrevious", params: ({ event }) => ({ dx: event.dx }) },
                actions: "previousScreen"
              }
            ],
            "workout.end": {
              target: "summary",
              actions: [{ type: "pauseTimer", params: ({ event }) => ({ at: event.at }) }, "showSummary"]
            }
          }
        },
        summary: {
          on: {
            "workout.resume": {
              guard: "hasExercises",
              target: "exercise",
              actions: [{ type: "resumeTimer", params: ({ event }) => ({ at: event.at }) }, "previousScreen"]
            },
            "workout.submit": { target: "#logging.submitted" }
          }
        }
      }
    },
    submitted: {
      type: "final",
      entry: "clearWorkoutStarted"
    }
  }
})

export type LoggingMachine = typeof loggingMachine
