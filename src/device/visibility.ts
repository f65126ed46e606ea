/*
 * The page's visibility, in one place (docs/decisions/043): the machines that care (chat's
 * read marks, the wake lock, autosave's send on hide, the update check on return) get these
 * as ports. Where there is no document (Node) the page counts as visible and never changes.
 */

/** Whether the page is in view now (document.visibilityState). */
export const isPageVisible = (): boolean => typeof document === "undefined" || document.visibilityState === "visible"

/** Calls `listener` with whether the page is in view, each time that changes; returns the stop. */
export const watchVisibility = (listener: (visible: boolean) => void): (() => void) => {
  if (typeof document === "undefined") return () => undefined
  const changed = () => listener(document.visibilityState === "visible")
  document.addEventListener("visibilitychange", changed)
  return () => document.removeEventListener("visibilitychange", changed)
}

/** Calls `onVisible` each time the page comes back into view; returns the stop. */
export const watchPageVisible = (onVisible: () => void): (() => void) =>
  watchVisibility((visible) => {
    if (visible) onVisible()
  })

/**
 * Calls `hidden` when the page is hidden or left (a switch of tab or app, the page closing):
 * the last moment the page can be sure to run. Returns the stop.
 */
export const watchPageLeaving = (hidden: () => void): (() => void) => {
  if (typeof window === "undefined") return () => undefined
  const stopHidden = watchVisibility((visible) => {
    if (!visible) hidden()
  })
  window.addEventListener("pagehide", hidden)
  return () => {
    stopHidden()
    window.removeEventListener("pagehide", hidden)
  }
}
