import { fromCallback, setup } from "xstate"
import type { AppUpdateEvent } from "./app-update.types.ts"

/*
 * Updating the installed app safely (docs/decisions/026). The service worker serves one
 * version whole, HTML and chunks together; a new version waits beside it until the lifter
 * presses "Update" (or every tab is closed, which the browser handles by itself). Once the
 * new version is in control the open page's HTML belongs to the old one, so the page loads
 * again, once; that holds too when another tab pressed "Update".
 */

/** Watches nothing until provided: `appUpdateImplementations` gives the real one. */
const watchWorker = fromCallback<AppUpdateEvent>(() => () => undefined)

export const appUpdateMachine = setup({
  types: { events: {} as AppUpdateEvent },
  actors: { watchWorker },
  guards: {
    /** Whether the browser runs service workers; provided from the port, none by default. */
    isSupported: () => false
  },
  actions: {
    /** Tells the waiting version to take over; a no-op until provided. */
    activateUpdate: () => undefined,
    /** Loads the page again; a no-op until provided. */
    reload: () => undefined
  },
  delays: {
    /** How long the waiting version may take to take over before the offer is made again. */
    takeoverPatience: 10_000
  }
}).createMachine({
  id: "appUpdate",
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "isSupported", target: "watching" }, { target: "unsupported" }]
    },
    watching: {
      invoke: { src: "watchWorker" },
      initial: "idle",
      on: { "update.activated": "reloading" },
      states: {
        idle: {
          on: { "update.ready": "updateReady" }
        },
        updateReady: {
          on: { "update.accept": "updating" }
        },
        updating: {
          entry: "activateUpdate",
          // The old version is still whole: offering again is safe, and better than a stuck button.
          after: { takeoverPatience: "updateReady" }
        }
      }
    },
    reloading: { type: "final", entry: "reload" },
    unsupported: { type: "final" }
  }
})

export type AppUpdateMachine = typeof appUpdateMachine
