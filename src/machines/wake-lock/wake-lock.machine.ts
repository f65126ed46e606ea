import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { HoldLockInput, ScreenLock, WakeLockContext, WakeLockEvent } from "./wake-lock.types.ts"

/*
 * Keeps the phone's screen on during a workout (Wake Lock API). Browsers drop the lock
 * whenever the page is hidden, so coming back asks again; a browser without the API, or
 * one that refuses (battery saver), leaves the screen to the phone's own settings.
 */

const request = fromPromise<ScreenLock>(() => Promise.reject(new Error("request was not provided")))
/** Watches nothing until provided: `wakeLockImplementations` gives the real ones. */
const holdLock = fromCallback<WakeLockEvent, HoldLockInput>(() => () => undefined)
const watchVisibility = fromCallback<WakeLockEvent>(() => () => undefined)

export const wakeLockMachine = setup({
  types: { context: {} as WakeLockContext, events: {} as WakeLockEvent },
  actors: { request, holdLock, watchVisibility },
  guards: {
    /** Whether the browser has a wake lock at all; provided from the port, none by default. */
    isSupported: () => false
  },
  actions: {
    keepLock: assign((_, { lock }: { lock: ScreenLock }) => ({ lock })),
    forgetLock: assign({ lock: null })
  }
}).createMachine({
  id: "wakeLock",
  context: { lock: null },
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "isSupported", target: "acquiring" }, { target: "unsupported" }]
    },
    acquiring: {
      invoke: {
        id: "request",
        src: "request",
        onDone: { target: "held", actions: { type: "keepLock", params: ({ event }) => ({ lock: event.output }) } },
        onError: "failed"
      }
    },
    held: {
      // Listens for the browser dropping the lock, and releases it when the workout page goes.
      invoke: { src: "holdLock", input: ({ context }) => ({ lock: context.lock }) },
      exit: "forgetLock",
      on: { "lock.released": "released" }
    },
    released: {
      invoke: { src: "watchVisibility" },
      on: { "page.visible": "acquiring" }
    },
    failed: {
      // Refused while hidden, or by a battery saver that may be off by the time the lifter is back.
      invoke: { src: "watchVisibility" },
      on: { "page.visible": "acquiring" }
    },
    unsupported: { type: "final" }
  }
})

export type WakeLockMachine = typeof wakeLockMachine
