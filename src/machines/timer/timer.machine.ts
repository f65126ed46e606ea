import { assign, fromCallback, setup } from "xstate"
import { pauseClock, resumeClock, startClock, type TimerClock } from "./timer.clock.ts"

export const TIMER_TICK_MS = 1000

export interface TimerInput {
  /** A clock restored after a reload; a new timer starts at `now`. */
  readonly clock: TimerClock | null
  readonly now: number
}

export interface TimerContext {
  readonly clock: TimerClock
  /** Last tick: only used to re-render the derived elapsed time. */
  readonly now: number
}

/** Every event carries the moment it happened, so the machine never reads the clock. */
export type TimerEvent =
  | { readonly type: "timer.tick"; readonly at: number }
  | { readonly type: "timer.pause"; readonly at: number }
  | { readonly type: "timer.resume"; readonly at: number }
  | { readonly type: "timer.reset"; readonly at: number }

/** Sends `timer.tick` every second while the timer runs. */
export const ticker = fromCallback<TimerEvent>(({ sendBack }) => {
  const id = setInterval(() => sendBack({ type: "timer.tick", at: Date.now() }), TIMER_TICK_MS)
  return () => clearInterval(id)
})

export const timerMachine = setup({
  types: { context: {} as TimerContext, events: {} as TimerEvent, input: {} as TimerInput },
  actors: { ticker },
  guards: {
    wasPaused: ({ context }) => context.clock.pausedAt !== null
  },
  actions: {
    noteTime: assign((_, { at }: { at: number }) => ({ now: at })),
    pauseClock: assign(({ context }, { at }: { at: number }) => ({ clock: pauseClock(context.clock, at), now: at })),
    resumeClock: assign(({ context }, { at }: { at: number }) => ({ clock: resumeClock(context.clock, at), now: at })),
    resetClock: assign((_, { at }: { at: number }) => ({ clock: startClock(at), now: at })),
    /** Keeps the clock across reloads; the route provides the storage. */
    storeClock: (_, _params: { clock: TimerClock }) => undefined
  }
}).createMachine({
  id: "timer",
  context: ({ input }) => ({ clock: input.clock ?? startClock(input.now), now: input.now }),
  initial: "running",
  entry: { type: "storeClock", params: ({ context }) => ({ clock: context.clock }) },
  on: {
    "timer.reset": {
      target: ".running",
      actions: [
        { type: "resetClock", params: ({ event }) => ({ at: event.at }) },
        { type: "storeClock", params: ({ context }) => ({ clock: context.clock }) }
      ]
    }
  },
  states: {
    running: {
      // A restored clock that was paused before the reload stays paused.
      always: { guard: "wasPaused", target: "paused" },
      invoke: { src: "ticker" },
      on: {
        "timer.tick": { actions: { type: "noteTime", params: ({ event }) => ({ at: event.at }) } },
        "timer.pause": {
          target: "paused",
          actions: [
            { type: "pauseClock", params: ({ event }) => ({ at: event.at }) },
            { type: "storeClock", params: ({ context }) => ({ clock: context.clock }) }
          ]
        }
      }
    },
    paused: {
      on: {
        "timer.resume": {
          target: "running",
          actions: [
            { type: "resumeClock", params: ({ event }) => ({ at: event.at }) },
            { type: "storeClock", params: ({ context }) => ({ clock: context.clock }) }
          ]
        }
      }
    }
  }
})

export type TimerMachine = typeof timerMachine
