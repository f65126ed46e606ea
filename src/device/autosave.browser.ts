import type { UserId } from "#domain/ids.ts"
import type { AutosavePorts, PageSignals } from "./autosave.actors.ts"
import type { DraftStore } from "./autosave.types.ts"
import { createIndexedDbOutbox, sendingExclusively } from "./autosave.outbox.ts"

/*
 * The browser's side of autosave's ports: the IndexedDB outbox, the page's visibility
 * and network events, and idle time. Tests and stories pass plain functions instead.
 */

/** Hiding the page sends what waits at once; coming back online retries at once. */
export const watchBrowserPage = (signals: PageSignals): (() => void) => {
  const onVisibility = () => {
    if (document.visibilityState === "hidden") signals.hidden()
  }
  const onPageHide = () => signals.hidden()
  const onOnline = () => signals.online()
  document.addEventListener("visibilitychange", onVisibility)
  window.addEventListener("pagehide", onPageHide)
  window.addEventListener("online", onOnline)
  return () => {
    document.removeEventListener("visibilitychange", onVisibility)
    window.removeEventListener("pagehide", onPageHide)
    window.removeEventListener("online", onOnline)
  }
}

/** Calls `online` each time the network comes back; answers the stop. */
export const watchBrowserOnline = (online: () => void): (() => void) => {
  window.addEventListener("online", online)
  return () => window.removeEventListener("online", online)
}

/** Runs `work` once the page is idle (a short timeout where requestIdleCallback is missing). */
export const whenBrowserIdle = (work: () => void): (() => void) => {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout: 1_000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(work, 200)
  return () => clearTimeout(id)
}

/** Everything autosave needs from the browser for the signed-in client. */
export const browserAutosavePorts = (
  clientId: UserId
): Pick<AutosavePorts, "outbox" | "drafts" | "keepLost" | "exclusively" | "watchPage" | "whenIdle"> => {
  const outbox = createIndexedDbOutbox(clientId)
  // The drafts' store comes in its own chunk, fetched by the page's first read of it; one
  // store, so its writes stay in the order asked.
  let store: Promise<DraftStore> | undefined
  const drafts = () =>
    (store ??= import("./autosave.drafts.ts").then((module) => module.createIndexedDbDrafts(clientId)))
  return {
    outbox,
    drafts: {
      readDrafts: () => drafts().then((found) => found.readDrafts()),
      putDraft: (draft) => drafts().then((found) => found.putDraft(draft)),
      forgetDraft: (setId) => drafts().then((found) => found.forgetDraft(setId))
    },
    // Rare (the coach removed the set): its records and texts come in their own chunk.
    keepLost: (entry) => import("./autosave.records.ts").then((records) => records.keepLostSet(clientId, entry)),
    exclusively: (work) => sendingExclusively(clientId, work),
    watchPage: watchBrowserPage,
    whenIdle: whenBrowserIdle
  }
}
