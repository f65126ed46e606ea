import type { SetId } from "#domain/ids.ts"
import { done, request } from "./indexed-db.ts"
import { outboxQueue } from "./autosave.outbox.ts"
import type { Draft, DraftStore } from "#domain/logging-outbox.ts"

/*
 * What a lifter typed and has not logged yet, kept on the device in a database of its own
 * beside the outbox: nothing that sends (the drain, the page's sender) reads it, and a
 * sign-out neither counts it as unsent nor leaves it behind (it erases it with the
 * outbox). docs/decisions/039-done-means-done.md.
 */

/** The drafts' database; signing out empties it (device-erase.ts). */
export const DRAFTS_DB = "strength-coach-drafts"
const STORE = "drafts"

interface StoredDraft extends Draft {
  readonly key: string
  readonly owner: number
  readonly kind: "draft"
}

/** The drafts of one signed-in user (`owner` is their user id). */
export function createIndexedDbDrafts(owner: number, factory: IDBFactory = indexedDB): DraftStore {
  const enqueue = outboxQueue(factory, DRAFTS_DB, STORE)
  const keyOf = (setId: SetId) => `${owner}:draft:${setId}`
  return {
    readDrafts: () =>
      enqueue(async (db) => {
        const all = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Array<
          Partial<StoredDraft> & { readonly owner: number }
        >
        return all.flatMap((stored) =>
          stored.owner === owner && stored.kind === "draft" && stored.setId !== undefined && stored.typed !== undefined
            ? [
                {
                  setId: stored.setId,
                  typed: stored.typed,
                  ...(stored.unit === undefined ? {} : { unit: stored.unit })
                }
              ]
            : []
        )
      }),
    putDraft: (draft) =>
      enqueue((db) => {
        const tx = db.transaction(STORE, "readwrite")
        const stored: StoredDraft = { ...draft, key: keyOf(draft.setId), owner, kind: "draft" }
        tx.objectStore(STORE).put(stored)
        return done(tx)
      }),
    forgetDraft: (setId) =>
      enqueue((db) => {
        const tx = db.transaction(STORE, "readwrite")
        tx.objectStore(STORE).delete(keyOf(setId))
        return done(tx)
      })
  }
}
