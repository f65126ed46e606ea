import { fromCallback } from "xstate"
import type { AppUpdateEvent, WorkerReports } from "./app-update.types.ts"

/** What updating the installed app needs from the browser (src/device/app-update.browser.ts gives the real ones). */
export interface AppUpdatePorts {
  /** Whether this browser runs service workers at all (not over plain HTTP, nor in some private modes). */
  readonly isSupported: () => boolean
  /** Registers the app's service worker and reports what happens to it; returns a way to stop listening. */
  readonly watchWorker: (reports: WorkerReports) => () => void
  /** Asks the waiting version to take over; the watcher reports `activated` once it has. */
  readonly activateUpdate: () => void
  /** Loads the page again, from the version now in control. */
  readonly reload: () => void
}

/** The app update's real actors, actions and guard, for `appUpdateMachine.provide(...)`. */
export function appUpdateImplementations(ports: AppUpdatePorts) {
  return {
    actors: {
      watchWorker: fromCallback<AppUpdateEvent>(({ sendBack }) =>
        ports.watchWorker({
          updateReady: () => sendBack({ type: "update.ready" }),
          activated: () => sendBack({ type: "update.activated" })
        })
      )
    },
    actions: {
      activateUpdate: () => ports.activateUpdate(),
      reload: () => ports.reload()
    },
    guards: {
      isSupported: () => ports.isSupported()
    }
  }
}
