import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { DrainReport } from "./outbox-drain.drain.ts"
import { waitBeforeRetryMs } from "#domain/retry-backoff.ts"
import type { OutboxDrainContext, OutboxDrainEvent } from "./outbox-drain.types.ts"

/*
 * The app-wide sender of the outbox (docs/decisions/028): whichever screen the lifter opens,
 * what the logging page left on the device (set edits, finished workouts) is sent once the
 * network is there, and what the server never took is shown until dismissed.
 */

// Placeholders: `outboxDrainImplementations` provides the outbox, the gateway and the page.
const drain = fromPromise<DrainReport>(() => Promise.reject(new Error("drain was not provided")))
/** Sends `network.online` and `outbox.changed` as they happen; silent until provided. */
const watch = fromCallback<OutboxDrainEvent>(() => () => undefined)

export const outboxDrainMachine = setup({
  types: { context: {} as OutboxDrainContext, events: {} as OutboxDrainEvent },
  actors: { drain, watch },
  delays: { retryBackoff: ({ context }) => waitBeforeRetryMs(context.attempt, undefined, Math.random()) },
  guards: { failed: (_, report: DrainReport) => report.failed },
  actions: {
    takeReport: assign(({ context }, report: DrainReport) => ({
      waiting: report.waiting,
      // The lifter's dismissal is newer than what the pass read.
      lost: report.lost.filter((lost) => !context.dismissedDuringPass.includes(lost.key)),
      attempt: report.failed ? context.attempt + 1 : 0
    })),
    startPass: assign({ dismissedDuringPass: [] }),
    rememberDismissal: assign(({ context }, { key }: { key: string }) => ({
      dismissedDuringPass: [...context.dismissedDuringPass, key]
    })),
    countFailure: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    dropLost: assign(({ context }, { key }: { key: string }) => ({
      lost: context.lost.filter((lost) => lost.key !== key)
    })),
    /** Deletes the notice from the device; `outboxDrainImplementations` provides it. */
    dismissLost: (_, _params: { key: string }) => undefined
  }
}).createMachine({
  id: "outboxDrain",
  context: { waiting: [], lost: [], attempt: 0, dismissedDuringPass: [] },
  invoke: { id: "watch", src: "watch" },
  initial: "draining",
  on: {
    "lost.dismiss": {
      actions: [
        { type: "dropLost", params: ({ event }) => ({ key: event.key }) },
        { type: "dismissLost", params: ({ event }) => ({ key: event.key }) }
      ]
    }
  },
  states: {
    draining: {
      entry: "startPass",
      on: {
        "lost.dismiss": {
          actions: [
            { type: "dropLost", params: ({ event }) => ({ key: event.key }) },
            { type: "dismissLost", params: ({ event }) => ({ key: event.key }) },
            { type: "rememberDismissal", params: ({ event }) => ({ key: event.key }) }
          ]
        }
      },
      invoke: {
        id: "drain",
        src: "drain",
        onDone: [
          {
            guard: { type: "failed", params: ({ event }) => event.output },
            target: "waitingToRetry",
            actions: { type: "takeReport", params: ({ event }) => event.output }
          },
          { target: "idle", actions: { type: "takeReport", params: ({ event }) => event.output } }
        ],
        // The outbox could not be read (no IndexedDB): try again later, nothing is dropped.
        onError: { target: "waitingToRetry", actions: "countFailure" }
      }
    },
    idle: {
      on: { "network.online": "draining", "outbox.changed": "draining" }
    },
    waitingToRetry: {
      after: { retryBackoff: "draining" },
      on: { "network.online": "draining" }
    }
  }
})

export type OutboxDrainMachine = typeof outboxDrainMachine
