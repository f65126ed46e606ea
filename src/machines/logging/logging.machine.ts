import { assign, sendTo, setup } from "xstate"
import { timerMachine } from "../timer/timer.machine.ts"
import type { LoggingContext, LoggingEvent, LoggingInput } from "./logging.types.ts"

/** SPEC section 9: a swipe moves only past 10 px. */
export const SWIPE_THRESHOLD_PX = 10

const exerciseCount = (context: LoggingContext): number => context.workout.exercises.length
const screenParams = ({ context }: { context: LoggingContext }) => ({ screen: context.screen })

export const loggingMachine = setup({
  types: { context: {} as LoggingContext, events: {} as LoggingEvent, input: {} as LoggingInput },
  actors: { timer: timerMachine },
  guards: {
    isPastSummary: ({ context }) => context.screen > exerciseCount(context),
    isOnSummary: ({ context }) => context.screen === exerciseCount(context),
    hasNextExercise: ({ context }) => context.screen < exerciseCount(context) - 1,
    hasPreviousExercise: ({ context }) => context.screen > 0,
    isSwipeToNext: ({ context }, { dx }: { dx: number }) =>
      dx <= -SWIPE_THRESHOLD_PX && context.screen < exerciseCount(context) - 1,
    isSwipeToPrevious: ({ context }, { dx }: { dx: number }) => dx >= SWIPE_THRESHOLD_PX && context.screen > 0,
    hasExercises: ({ context }) => exerciseCount(context) > 0
  },
  actions: {
    nextScreen: assign(({ context }) => ({ screen: context.screen + 1 })),
    previousScreen: assign(({ context }) => ({ screen: context.screen - 1 })),
    showSummary: assign(({ context }) => ({ screen: exerciseCount(context) })),
    pauseTimer: sendTo("timer", (_, { at }: { at: number }) => ({ type: "timer.pause" as const, at })),
    resumeTimer: sendTo("timer", (_, { at }: { at: number }) => ({ type: "timer.resume" as const, at })),
    /** The address follows the screen, so a reload comes back to it; the route provides it. */
    followScreen: (_, _params: { screen: number }) => undefined,
    /** SPEC section 4: Submit clears the workout-started flag; the route provides the storage. */
    clearWorkoutStarted: () => undefined,
    /** After Submit the client is back on the dashboard; the route provides the navigation. */
    showDashboard: () => undefined
  }
}).createMachine({
  id: "logging",
  // The route passes a whole, non-negative screen; anything else opens the first.
  context: ({ input }) => ({ ...input, screen: Number.isInteger(input.screen) ? Math.max(0, input.screen) : 0 }),
  initial: "active",
  states: {
    active: {
      invoke: {
        id: "timer",
        src: "timer",
        input: ({ context }) => ({ clock: context.clock, now: context.now })
      },
      initial: "exercise",
      states: {
        exercise: {
          always: [
            // An address past the summary (a stale link) opens the summary, and the address follows.
            {
              guard: "isPastSummary",
              target: "summary",
              actions: ["showSummary", { type: "followScreen", params: screenParams }]
            },
            { guard: "isOnSummary", target: "summary" }
          ],
          on: {
            "page.next": {
              guard: "hasNextExercise",
              actions: ["nextScreen", { type: "followScreen", params: screenParams }]
            },
            "page.previous": {
              guard: "hasPreviousExercise",
              actions: ["previousScreen", { type: "followScreen", params: screenParams }]
            },
            "page.swipe": [
              {
                guard: { type: "isSwipeToNext", params: ({ event }) => ({ dx: event.dx }) },
                actions: ["nextScreen", { type: "followScreen", params: screenParams }]
              },
              {
                guard: { type: "isSwipeToPrevious", params: ({ event }) => ({ dx: event.dx }) },
                actions: ["previousScreen", { type: "followScreen", params: screenParams }]
              }
            ],
            "workout.end": {
              target: "summary",
              actions: [
                { type: "pauseTimer", params: ({ event }) => ({ at: event.at }) },
                "showSummary",
                { type: "followScreen", params: screenParams }
              ]
            }
          }
        },
        summary: {
          on: {
            "workout.resume": {
              guard: "hasExercises",
              target: "exercise",
              actions: [
                { type: "resumeTimer", params: ({ event }) => ({ at: event.at }) },
                "previousScreen",
                { type: "followScreen", params: screenParams }
              ]
            },
            "workout.submit": { target: "#logging.submitted" }
          }
        }
      }
    },
    submitted: {
      type: "final",
      entry: ["clearWorkoutStarted", "showDashboard"]
    }
  }
})

export type LoggingMachine = typeof loggingMachine
