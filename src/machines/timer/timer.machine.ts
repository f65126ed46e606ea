import { assign, fromCallback, setup } from "xstate"
import { pauseClock, resumeClock, startClock, type TimerClock } from "#domain/timer-clock.ts"
import type { TimerContext, TimerEvent, TimerInput } from "./timer.types.ts"

/** Ticks nothing until provided: `timerImplementations` gives the real one (1 s interval). */
const ticker = fromCallback<TimerEvent>(() => () => undefined)

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
    /** Keeps the clock across reloads; `timerImplementations` provides the storage. */
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
