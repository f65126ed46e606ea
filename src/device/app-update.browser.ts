import { Workbox } from "workbox-window"
import { watchPageVisible } from "./visibility.ts"

/*
 * The browser's side of updating the app: workbox-window over the service worker that
 * vite-plugin-pwa generates (/sw.js, scope "/"). A new version's worker installs and waits
 * (the worker never skips waiting on its own); "Update" messages it to skip waiting, and
 * every page it then controls, here or in another tab, reloads onto the version whose
 * chunks it serves.
 */

const hasServiceWorkers = () => typeof navigator !== "undefined" && "serviceWorker" in navigator

/** Everything updating the app needs from this browser. */
export const browserAppUpdatePorts = (scriptUrl = "/sw.js") => {
  let workbox: Workbox | undefined
  const registered = () => {
    if (workbox !== undefined) return workbox
    workbox = new Workbox(scriptUrl, { scope: "/" })
    // Waits for the page's load event by itself, so the first screen's requests come first.
    void workbox.register().catch((error: unknown) => console.warn("service worker:", error))
    return workbox
  }
  return {
    isSupported: hasServiceWorkers,
    watchWorker: ({ updateReady, activated }: { readonly updateReady: () => void; readonly activated: () => void }) => {
      const worker = registered()
      const onWaiting = () => updateReady()
      // Only a page some version already controlled holds HTML another version replaces; the
      // first version claiming the page that installed it replaces nothing. (Workbox's own
      // `isUpdate` says whether a version controlled the page when it loaded, which misses a
      // first visit that the first version claimed and a later one then replaced.)
      let controlled = navigator.serviceWorker.controller !== null
      const onControlling = () => {
        if (controlled) activated()
        controlled = true
      }
      // A phone keeps an installed app open for days: look for a new version on every return to it.
      const stopReturns = watchPageVisible(() => void worker.update().catch(() => undefined))
      worker.addEventListener("waiting", onWaiting)
      worker.addEventListener("controlling", onControlling)
      return () => {
        worker.removeEventListener("waiting", onWaiting)
        worker.removeEventListener("controlling", onControlling)
        stopReturns()
      }
    },
    activateUpdate: () => workbox?.messageSkipWaiting(),
    reload: () => window.location.reload()
  }
}
