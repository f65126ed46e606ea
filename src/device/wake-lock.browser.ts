import type { WakeLockPorts } from "./wake-lock.actors.ts"
import type { ScreenLock } from "./wake-lock.types.ts"

/*
 * The browser's side of the wake lock: the Screen Wake Lock API and the page's visibility.
 * Where the API is missing (older Safari, Firefox before 126, Node) `isSupported` says so
 * and nothing else is touched.
 */

const wakeLockApi = (): WakeLock | undefined =>
  typeof navigator === "undefined" ? undefined : (navigator as { wakeLock?: WakeLock }).wakeLock

const asScreenLock = (sentinel: WakeLockSentinel): ScreenLock => ({
  onRelease: (listener) => {
    sentinel.addEventListener("release", listener)
    return () => sentinel.removeEventListener("release", listener)
  },
  release: () => {
    if (!sentinel.released) void sentinel.release().catch(() => undefined)
  }
})

export const watchPageVisible = (onVisible: () => void): (() => void) => {
  if (typeof document === "undefined") return () => undefined
  const onChange = () => {
    if (document.visibilityState === "visible") onVisible()
  }
  document.addEventListener("visibilitychange", onChange)
  return () => document.removeEventListener("visibilitychange", onChange)
}

/** Everything the wake lock needs from this browser. */
export const browserWakeLockPorts = (): WakeLockPorts => ({
  isSupported: () => wakeLockApi() !== undefined,
  request: async () => {
    const api = wakeLockApi()
    if (api === undefined) throw new Error("This browser has no screen wake lock")
    return asScreenLock(await api.request("screen"))
  },
  watchVisibility: watchPageVisible
})
