import type { UserId } from "#domain/ids.ts"
import type { DraftStore, Outbox, OutboxEntry } from "#domain/logging-outbox.ts"
import { createIndexedDbOutbox, sendingExclusively } from "./autosave.outbox.ts"
import { onBackOnline } from "./network.ts"
import { watchPageLeaving } from "./visibility.ts"

/*
 * The browser's side of autosave's ports: the IndexedDB outbox, the page's visibility
 * and network events, and idle time. Tests and stories pass plain functions instead.
 */

/** Hiding the page sends what waits at once; coming back online retries at once. */
export const watchBrowserPage = (signals: { readonly hidden: () => void; readonly online: () => void }) => {
  const stopLeaving = watchPageLeaving(() => signals.hidden())
  const stopOnline = onBackOnline(() => signals.online())
  return () => {
    stopLeaving()
    stopOnline()
  }
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
): {
  readonly outbox: Outbox
  readonly drafts: DraftStore
  readonly keepLost: (entry: OutboxEntry) => Promise<void>
  readonly exclusively: <A>(work: () => Promise<A>) => Promise<A>
  readonly watchPage: typeof watchBrowserPage
  readonly whenIdle: typeof whenBrowserIdle
} => {
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
