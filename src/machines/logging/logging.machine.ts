import { assign, fromCallback, fromPromise, sendTo, setup, type AnyActorLogic, type AnyActorRef } from "xstate"
import type { WorkoutCompletion } from "#domain/completion.ts"
import type { SetId } from "#domain/ids.ts"
import type { IdempotencyKey, RemovedSet, WorkoutRow } from "#domain/workout.ts"
import { pageCount } from "#domain/workout-pages.ts"
import { describeFailure, NETWORK_DOWN } from "../failure-text.ts"
import { startClock, type TimerClock } from "#domain/timer-clock.ts"
import { timerMachine } from "../timer/timer.machine.ts"
import { completionAt } from "#domain/completion-time.ts"
import type {
  LoadHistoryInput,
  LoadHistoryOutput,
  LoadsLayer,
  LoggingContext,
  LoggingEvent,
  CompletionOutcome,
  LoggingInput,
  SetChange
} from "./logging.types.ts"
import { findSet, hasRoomAfter, withAddedSet, withoutSet } from "./logging.workout.ts"

/** docs/product.md: a swipe moves only past 10 px. */
export const SWIPE_THRESHOLD_PX = 10

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} was not provided`))

// The pager's pages: one per exercise, one per superset (#domain/workout-pages.ts).
const pagesOf = (context: LoggingContext): number => pageCount(context.workout)
const screenParams = ({ context }: { context: LoggingContext }) => ({ screen: context.screen })
const atParams = ({ event }: { event: { at: number } }) => ({ at: event.at })

/** The clock the running timer keeps (the time Submit records); the stored one before it started. */
const timerClockOf = (self: AnyActorRef, context: LoggingContext): TimerClock => {
  const timer = (self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children?.timer
  const clock = (timer?.getSnapshot() as { context?: { clock?: TimerClock } } | undefined)?.context?.clock
  return clock ?? context.clock ?? startClock(context.now)
}

// A failed add or remove says why; offline, also that it needs the connection (set
// values are logged offline through the outbox, but a new set needs the server's id).
const setChangeFailureText = (change: SetChange | null, error: unknown): string => {
  const what = change?.kind === "remove" ? "remove the set" : "add a set"
  const why = describeFailure(error)
  return `Could not ${what}: ${why}${why === NETWORK_DOWN ? " Adding and removing sets needs a connection." : ""}`
}

export const loggingMachine = setup({
  types: { context: {} as LoggingContext, events: {} as LoggingEvent, input: {} as LoggingInput },
  actors: {
    timer: timerMachine,
    loadHistory: fromPromise<LoadHistoryOutput, LoadHistoryInput>(notProvided("loadHistory")),
    addSet: fromPromise<WorkoutRow, { afterSetId: SetId; idempotencyKey: IdempotencyKey }>(notProvided("addSet")),
    removeSet: fromPromise<RemovedSet, { setId: SetId }>(notProvided("removeSet")),
    completeWorkout: fromPromise<CompletionOutcome, WorkoutCompletion>(notProvided("completeWorkout")),
    /** Sends `network.online` when the connection returns; silent until provided. */
    watchOnline: fromCallback<LoggingEvent>(() => () => undefined),
    openLoads: fromPromise<LoadsLayer>(notProvided("openLoads"))
  },
  guards: {
    isPastSummary: ({ context }) => context.screen > pagesOf(context),
    isOnSummary: ({ context }) => context.screen === pagesOf(context),
    hasNextExercise: ({ context }) => context.screen < pagesOf(context) - 1,
    hasPreviousExercise: ({ context }) => context.screen > 0,
    isSwipeToNext: ({ context }, { dx }: { dx: number }) =>
      dx <= -SWIPE_THRESHOLD_PX && context.screen < pagesOf(context) - 1,
    isSwipeToPrevious: ({ context }, { dx }: { dx: number }) => dx >= SWIPE_THRESHOLD_PX && context.screen > 0,
    hasExercises: ({ context }) => pagesOf(context) > 0,
    hasUnlogged: (_, { unlogged }: { unlogged: number }) => unlogged > 0,
    canAddAfter: ({ context }, { setId }: { setId: SetId }) => hasRoomAfter(context.workout, setId),
    isAddedSet: ({ context }, { setId }: { setId: SetId }) => findSet(context.workout, setId)?.added === true,
    isAddRetry: ({ context }) => context.setChange?.kind === "add",
    isHeldByServer: (_, outcome: CompletionOutcome) => outcome.held
  },
  actions: {
    nextScreen: assign(({ context }) => ({ screen: context.screen + 1 })),
    previousScreen: assign(({ context }) => ({ screen: context.screen - 1 })),
    showSummary: assign(({ context }) => ({ screen: pagesOf(context) })),
    pauseTimer: sendTo("timer", (_, { at }: { at: number }) => ({ type: "timer.pause" as const, at })),
    resumeTimer: sendTo("timer", (_, { at }: { at: number }) => ({ type: "timer.resume" as const, at })),
    takeHistory: assign((_, { histories }: { histories: LoadHistoryOutput }) => ({ histories })),
    /** The worked-out loads run beside the pager as its child "loads" (the screens read it there). */
    startLoads: assign(({ spawn }, { layer }: { layer: LoadsLayer }) => {
      // Typed spawns name only the setup's actors; this one is logic fetched later, named all the same.
      const spawnNamed = spawn as (logic: AnyActorLogic, options: { id: string; input: unknown }) => AnyActorRef
      spawnNamed(layer.logic, { id: "loads", input: layer.input })
      return {}
    }),
    noteUnlogged: assign((_, { unlogged }: { unlogged: number }) => ({ unlogged })),
    /** Fixes what Submit records, from the timer's clock at the moment the lifter submitted. */
    recordCompletion: assign(({ context, self }, { at }: { at: number }) => ({
      completion: completionAt(
        { date: context.date, workoutOrder: context.workout.workout_order, clock: timerClockOf(self, context) },
        at
      ),
      submitFailure: null
    })),
    noteSubmitFailure: assign((_, { error }: { error: unknown }) => ({
      submitFailure: `Could not submit: ${describeFailure(error)} Your sets are kept.`
    })),
    beginSetChange: assign((_, change: SetChange) => ({ setChange: change, setChangeFailure: null })),
    takeAddedSet: assign(({ context }, { row }: { row: WorkoutRow }) => ({
      workout:
        context.setChange?.kind === "add"
          ? withAddedSet(context.workout, context.setChange.afterSetId, row)
          : context.workout,
      setChange: null
    })),
    dropRemovedSet: assign(({ context }, { setId }: { setId: SetId }) => ({
      workout: withoutSet(context.workout, setId),
      setChange: null
    })),
    noteSetChangeFailure: assign(({ context }, { error }: { error: unknown }) => ({
      setChangeFailure: setChangeFailureText(context.setChange, error)
    })),
    clearSetChange: assign({ setChange: null, setChangeFailure: null }),
    clearSetChangeFailure: assign({ setChangeFailure: null }),
    /** Autosave forgets what it kept for a removed set; the route provides it. */
    forgetSet: (_, _params: { setId: SetId }) => undefined,
    /** The address follows the screen, so a reload comes back to it; the route provides it. */
    followScreen: (_, _params: { screen: number }) => undefined,
    /** docs/product.md: Submit clears the workout-started flag; the route provides the storage. */
    clearWorkoutStarted: () => undefined,
    /** After Submit the client is back on the dashboard; the route provides the navigation. */
    showDashboard: () => undefined
  }
}).createMachine({
  id: "logging",
  // The route passes a whole, non-negative screen; anything else opens the first.
  context: ({ input }) => ({
    ...input,
    screen: Number.isInteger(input.screen) ? Math.max(0, input.screen) : 0,
    histories: null,
    setChange: null,
    setChangeFailure: null,
    unlogged: 0,
    completion: null,
    submitFailure: null
  }),
  initial: "active",
  states: {
    active: {
      invoke: {
        id: "timer",
        src: "timer",
        input: ({ context }) => ({ clock: context.clock, now: context.now })
      },
      type: "parallel",
      states: {
        pager: {
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
                    { type: "pauseTimer", params: atParams },
                    "showSummary",
                    { type: "followScreen", params: screenParams }
                  ]
                }
              }
            },
            summary: {
              initial: "reviewing",
              on: {
                // 'Resume Workout', and 'Keep logging' when asked to confirm.
                "workout.resume": {
                  guard: "hasExercises",
                  target: "exercise",
                  actions: [
                    { type: "resumeTimer", params: atParams },
                    "previousScreen",
                    { type: "followScreen", params: screenParams }
                  ]
                }
              },
              states: {
                reviewing: {
                  on: {
                    "workout.submit": [
                      {
                        guard: { type: "hasUnlogged", params: ({ event }) => ({ unlogged: event.unlogged }) },
                        target: "confirming",
                        actions: { type: "noteUnlogged", params: ({ event }) => ({ unlogged: event.unlogged }) }
                      },
                      {
                        target: "#logging.active.pager.submitting",
                        actions: [
                          { type: "pauseTimer", params: atParams },
                          { type: "recordCompletion", params: atParams }
                        ]
                      }
                    ]
                  }
                },
                confirming: {
                  on: {
                    "submit.confirm": {
                      target: "#logging.active.pager.submitting",
                      actions: [
                        { type: "pauseTimer", params: atParams },
                        { type: "recordCompletion", params: atParams }
                      ]
                    }
                  }
                },
                submitFailed: {
                  on: { "submit.retry": "#logging.active.pager.submitting" }
                },
                // On the device, not yet on the server (offline): it is sent when the network
                // returns, here or from any screen (docs/decisions/028). Never called submitted.
                queued: {
                  invoke: { src: "watchOnline" },
                  on: {
                    "network.online": "#logging.active.pager.submitting",
                    "workout.leave": "#logging.left"
                  }
                }
              }
            },
            // The completion goes to the outbox (on disk) after the workout's set edits, then
            // is sent; the dashboard waits for the server's answer or for the device to hold it.
            submitting: {
              invoke: {
                id: "completeWorkout",
                src: "completeWorkout",
                input: ({ context }) => {
                  if (context.completion === null) throw new Error("submitting without a completion")
                  return context.completion
                },
                onDone: [
                  {
                    guard: { type: "isHeldByServer", params: ({ event }) => event.output },
                    target: "#logging.submitted"
                  },
                  { target: "summary.queued" }
                ],
                onError: {
                  target: "summary.submitFailed",
                  actions: { type: "noteSubmitFailure", params: ({ event }) => ({ error: event.error }) }
                }
              }
            }
          }
        },
        // The lifter's earlier results, for "last time" and personal records; logging never waits for them.
        history: {
          initial: "loading",
          states: {
            loading: {
              invoke: {
                id: "loadHistory",
                src: "loadHistory",
                input: ({ context }) => ({
                  date: context.date,
                  names: context.workout.exercises.map((exercise) => exercise.name)
                }),
                onDone: {
                  target: "loaded",
                  actions: { type: "takeHistory", params: ({ event }) => ({ histories: event.output }) }
                },
                onError: "unavailable"
              }
            },
            loaded: {},
            // No "last time" and no records: logging goes on as before.
            unavailable: {}
          }
        },
        // Worked-out loads come in their own chunk after the page paints; logging never waits for them.
        loads: {
          initial: "opening",
          states: {
            opening: {
              invoke: {
                id: "openLoads",
                src: "openLoads",
                onDone: {
                  target: "open",
                  actions: { type: "startLoads", params: ({ event }) => ({ layer: event.output }) }
                },
                onError: "unavailable"
              }
            },
            open: {},
            // The chunk could not be fetched: the prescription as written, its weight prefilled as before.
            unavailable: {}
          }
        },
        // Adding and removing sets while logging (AMSAP goes on until the lifter stops); one change at a time.
        sets: {
          initial: "ready",
          states: {
            ready: {
              initial: "idle",
              on: {
                "set.add": {
                  guard: { type: "canAddAfter", params: ({ event }) => ({ setId: event.afterSetId }) },
                  target: "adding",
                  actions: {
                    type: "beginSetChange",
                    params: ({ event }) => ({
                      kind: "add" as const,
                      afterSetId: event.afterSetId,
                      idempotencyKey: event.idempotencyKey
                    })
                  }
                },
                "set.remove": {
                  guard: { type: "isAddedSet", params: ({ event }) => ({ setId: event.setId }) },
                  target: "removing",
                  actions: {
                    type: "beginSetChange",
                    params: ({ event }) => ({ kind: "remove" as const, setId: event.setId })
                  }
                }
              },
              states: {
                idle: {},
                failed: {
                  on: {
                    // The same change again (an addition keeps its key, so it is added once).
                    "setChange.retry": [
                      { guard: "isAddRetry", target: "#logging.active.sets.adding", actions: "clearSetChangeFailure" },
                      { target: "#logging.active.sets.removing", actions: "clearSetChangeFailure" }
                    ],
                    "setChange.dismiss": { target: "idle", actions: "clearSetChange" }
                  }
                }
              }
            },
            adding: {
              invoke: {
                id: "addSet",
                src: "addSet",
                input: ({ context }) => {
                  if (context.setChange?.kind !== "add") throw new Error("adding without an addition")
                  return { afterSetId: context.setChange.afterSetId, idempotencyKey: context.setChange.idempotencyKey }
                },
                onDone: {
                  target: "ready",
                  actions: { type: "takeAddedSet", params: ({ event }) => ({ row: event.output }) }
                },
                onError: {
                  target: "ready.failed",
                  actions: { type: "noteSetChangeFailure", params: ({ event }) => ({ error: event.error }) }
                }
              }
            },
            removing: {
              invoke: {
                id: "removeSet",
                src: "removeSet",
                input: ({ context }) => {
                  if (context.setChange?.kind !== "remove") throw new Error("removing without a removal")
                  return { setId: context.setChange.setId }
                },
                onDone: {
                  target: "ready",
                  actions: [
                    { type: "forgetSet", params: ({ event }) => ({ setId: event.output.id }) },
                    { type: "dropRemovedSet", params: ({ event }) => ({ setId: event.output.id }) }
                  ]
                },
                onError: {
                  target: "ready.failed",
                  actions: { type: "noteSetChangeFailure", params: ({ event }) => ({ error: event.error }) }
                }
              }
            }
          }
        }
      }
    },
    submitted: {
      type: "final",
      entry: ["clearWorkoutStarted", "showDashboard"]
    },
    // Left for the dashboard with the completion still on the device: the app-wide drain sends it.
    left: {
      type: "final",
      entry: ["clearWorkoutStarted", "showDashboard"]
    }
  }
})

export type LoggingMachine = typeof loggingMachine
