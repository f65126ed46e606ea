import { fromCallback, fromPromise } from "xstate"
import type { HoldLockInput, ScreenLock, WakeLockEvent } from "./wake-lock.types.ts"

/** What the wake lock needs from the browser. */
export interface WakeLockPorts {
  /** Whether this browser has a screen wake lock at all. */
  readonly isSupported: () => boolean
  /** Asks for the screen lock; rejects when refused (hidden page, battery saver, policy). */
  readonly request: () => Promise<ScreenLock>
  /** Calls `onVisible` each time the page becomes visible again; returns a way to stop. */
  readonly watchVisibility: (onVisible: () => void) => () => void
}

/** The wake lock's real actors and guard, for `wakeLockMachine.provide(...)`. */
export function wakeLockImplementations(ports: WakeLockPorts) {
  return {
    actors: {
      request: fromPromise<ScreenLock>(async ({ signal }) => {
        const lock = await ports.request()
        // The page went away while the browser was answering: nobody will release this lock later.
        if (signal.aborted) {
          lock.release()
          throw new Error("The wake lock arrived after its page was closed")
        }
        return lock
      }),
      holdLock: fromCallback<WakeLockEvent, HoldLockInput>(({ sendBack, input: { lock } }) => {
        if (lock === null) return () => undefined
        const stopListening = lock.onRelease(() => sendBack({ type: "lock.released" }))
        return () => {
          stopListening()
          lock.release()
        }
      }),
      watchVisibility: fromCallback<WakeLockEvent>(({ sendBack }) =>
        ports.watchVisibility(() => sendBack({ type: "page.visible" }))
      )
    },
    guards: {
      isSupported: () => ports.isSupported()
    }
  }
}
