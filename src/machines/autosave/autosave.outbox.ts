import type { SetId } from "#domain/ids.ts"
import { done, openDatabase as openNamed, request } from "../indexed-db.ts"
import type { Outbox, OutboxEntry } from "./autosave.types.ts"

/*
 * The durable outbox: one IndexedDB record per (user, set) holding the set's edits not
 * yet confirmed. Operations are queued so they reach the disk in the order they were
 * asked for; a put is never overtaken by an older remove.
 */

const DB_NAME = "strength-coach-outbox"
const STORE = "set-edits"
const openDatabase = (factory: IDBFactory) => openNamed(factory, DB_NAME, STORE)

interface StoredEntry extends OutboxEntry {
  readonly key: string
  readonly owner: number
}

/** The outbox of one signed-in user (`owner` is their user id). */
export function createIndexedDbOutbox(owner: number, factory: IDBFactory = indexedDB): Outbox {
  let database: Promise<IDBDatabase> | undefined
  let queue: Promise<unknown> = Promise.resolve()
  const keyOf = (setId: SetId) => `${owner}:${setId}`

  const enqueue = <A>(work: (db: IDBDatabase) => Promise<A>): Promise<A> => {
    const next = queue.then(async () => work(await (database ??= openDatabase(factory))))
    queue = next.catch(() => undefined)
    return next
  }

  return {
    readAll: () =>
      enqueue(async (db) => {
        const all = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Array<StoredEntry>
        return all
          .filter((stored) => stored.owner === owner)
          .map(({ setId, update, version }) => ({ setId, update, version }))
      }),
    put: (entry) =>
      enqueue((db) => {
        const tx = db.transaction(STORE, "readwrite")
        const stored: StoredEntry = { ...entry, key: keyOf(entry.setId), owner }
        tx.objectStore(STORE).put(stored)
        return done(tx)
      }),
    remove: (setId, version) =>
      enqueue(async (db) => {
        const tx = db.transaction(STORE, "readwrite")
        const store = tx.objectStore(STORE)
        const stored = (await request(store.get(keyOf(setId)))) as StoredEntry | undefined
        if (stored?.version === version) store.delete(keyOf(setId))
        return done(tx)
      }),
    forget: (setId) =>
      enqueue((db) => {
        const tx = db.transaction(STORE, "readwrite")
        tx.objectStore(STORE).delete(keyOf(setId))
        return done(tx)
      }),
    drain: () => enqueue(() => Promise.resolve())
  }
}
