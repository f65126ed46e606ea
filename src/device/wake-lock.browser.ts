import { watchPageVisible } from "./visibility.ts"

/*
 * The browser's side of the wake lock: the Screen Wake Lock API and the page's visibility.
 * Where the API is missing (older Safari, Firefox before 126, Node) `isSupported` says so
 * and nothing else is touched.
 */

const wakeLockApi = (): WakeLock | undefined =>
  typeof navigator === "undefined" ? undefined : (navigator as { wakeLock?: WakeLock }).wakeLock

/** A lock the browser granted, reduced to what the wake-lock machine needs (its ScreenLock). */
interface GrantedLock {
  readonly onRelease: (listener: () => void) => () => void
  readonly release: () => void
}

const asScreenLock = (sentinel: WakeLockSentinel): GrantedLock => ({
  onRelease: (listener) => {
    sentinel.addEventListener("release", listener)
    return () => sentinel.removeEventListener("release", listener)
  },
  release: () => {
    if (!sentinel.released) void sentinel.release().catch(() => undefined)
  }
})

/** Everything the wake lock needs from this browser. */
export const browserWakeLockPorts = () => ({
  isSupported: () => wakeLockApi() !== undefined,
  request: async () => {
    const api = wakeLockApi()
    if (api === undefined) throw new Error("This browser has no screen wake lock")
    return asScreenLock(await api.request("screen"))
  },
  watchVisibility: watchPageVisible
})
