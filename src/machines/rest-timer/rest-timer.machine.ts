import { assign, fromCallback, setup } from "xstate"
import { adjustedEnd, adjustedRestLength, changesRest, DEFAULT_REST_SECONDS, restEndsAt } from "#domain/rest-clock.ts"
import type { RestTickerInput, RestTimerContext, RestTimerEvent } from "./rest-timer.types.ts"

/** Ticks nothing until provided: `restTimerImplementations` gives the real one. */
const ticker = fromCallback<RestTimerEvent, RestTickerInput>(() => () => undefined)

const atParams = ({ event }: { event: { at: number } }) => ({ at: event.at })
const startParams = ({ event }: { event: { at: number; seconds?: number } }) => ({
  at: event.at,
  seconds: event.seconds
})

/**
 * From any state: a set was marked done, so a new rest starts now (a running one starts
 * over), unless the coach prescribed none (the next exercise of a superset follows at once).
 */
const startRest = [
  { guard: { type: "isNoRest", params: startParams }, target: "idle" },
  { target: "resting", reenter: true, actions: [{ type: "startRest", params: startParams }, "prepareAlerts"] }
] as const

export const restTimerMachine = setup({
  types: { context: {} as RestTimerContext, events: {} as RestTimerEvent },
  actors: { ticker },
  guards: {
    isRestOver: ({ context }) => context.now >= context.endsAt,
    isNoRest: (_, { seconds }: { seconds?: number }) => seconds === 0,
    changesRest: ({ context }, { seconds }: { seconds: number }) => changesRest(context.endsAt, context.now, seconds)
  },
  actions: {
    // The coach's rest for this set when there is one; the lifter's taps still change their own.
    startRest: assign(({ context }, { at, seconds }: { at: number; seconds?: number }) => ({
      endsAt: restEndsAt(at, seconds ?? context.restSeconds),
      now: at
    })),
    noteTime: assign((_, { at }: { at: number }) => ({ now: at })),
    changeRest: assign(({ context }, { seconds }: { seconds: number }) => ({
      endsAt: adjustedEnd(context.endsAt, context.now, seconds),
      restSeconds: adjustedRestLength(context.restSeconds, seconds)
    })),
    /** Vibration, a beep, a notification when hidden: `restTimerImplementations` provides them. */
    alert: () => undefined,
    /** Runs inside the tap that starts a rest, where browsers allow sound and permission prompts. */
    prepareAlerts: () => undefined
  }
}).createMachine({
  id: "restTimer",
  // No rest yet: the first one lasts the default, and the lifter's taps change the next ones.
  context: { restSeconds: DEFAULT_REST_SECONDS, endsAt: 0, now: 0 },
  initial: "idle",
  states: {
    idle: {
      on: { "rest.start": startRest }
    },
    resting: {
      // A tick at or past the end (or the first one after a hidden page wakes) ends the rest.
      always: { guard: "isRestOver", target: "ended" },
      invoke: { src: "ticker", input: ({ context }) => ({ endsAt: context.endsAt }) },
      on: {
        "rest.start": startRest,
        "rest.tick": { actions: { type: "noteTime", params: atParams } },
        "rest.add": {
          guard: { type: "changesRest", params: ({ event }) => ({ seconds: event.seconds }) },
          // Re-entered so the ticker wakes up for the new end.
          target: "resting",
          reenter: true,
          actions: { type: "changeRest", params: ({ event }) => ({ seconds: event.seconds }) }
        },
        "rest.skip": "idle"
      }
    },
    ended: {
      entry: "alert",
      on: {
        "rest.start": startRest,
        "rest.dismiss": "idle"
      }
    }
  }
})

export type RestTimerMachine = typeof restTimerMachine
