/*
 * The browser's word on the network, in one place (docs/decisions/043): every machine that
 * waits for the connection gets these as ports, so tests and stories pass plain functions.
 * Where there is no browser (Node), the network is taken as there and never changes.
 */

/** What the browser says now (navigator.onLine); true where it cannot say. */
export const isOnline = (): boolean => typeof navigator === "undefined" || navigator.onLine

/** Calls `listener(true)` on the browser's `online` event and `listener(false)` on `offline`; returns the stop. */
export const watchNetwork = (listener: (online: boolean) => void): (() => void) => {
  if (typeof window === "undefined") return () => undefined
  const online = () => listener(true)
  const offline = () => listener(false)
  window.addEventListener("online", online)
  window.addEventListener("offline", offline)
  return () => {
    window.removeEventListener("online", online)
    window.removeEventListener("offline", offline)
  }
}

/** Calls `listener` each time the browser says it is back online; returns the stop. */
export const onBackOnline = (listener: () => void): (() => void) =>
  watchNetwork((online) => {
    if (online) listener()
  })
