/** A screen wake lock the browser granted, reduced to what the machine needs. */
export interface ScreenLock {
  /** Calls `listener` once the browser drops the lock (e.g. the page was hidden); returns a way to stop listening. */
  readonly onRelease: (listener: () => void) => () => void
  /** Lets the screen dim again. Harmless on a lock already dropped. */
  readonly release: () => void
}

export interface WakeLockContext {
  /** The lock while held; null otherwise. */
  readonly lock: ScreenLock | null
}

export interface HoldLockInput {
  readonly lock: ScreenLock | null
}

export type WakeLockEvent = { readonly type: "page.visible" } | { readonly type: "lock.released" }
