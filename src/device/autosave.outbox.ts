import type { SetId } from "#domain/ids.ts"
import { done, openDatabase as openNamed, request } from "./indexed-db.ts"
import type { Outbox, OutboxEntry } from "#domain/logging-outbox.ts"

/*
 * The durable outbox: one IndexedDB record per (user, set) holding the set's edits not
 * yet confirmed. Operations are queued so they reach the disk in the order they were
 * asked for; a put is never overtaken by an older remove. Finished workouts waiting to be
 * sent and what the server never took live in the same store under their own keys
 * (`kind`, autosave.records.ts), so the outbox stays one database a sign-out erases whole.
 */

const DB_NAME = "strength-coach-outbox"
/** The outbox's one store; its records are keyed by `key`. */
export const OUTBOX_STORE = "set-edits"

/**
 * A queue over the outbox database (or another of one store, `name`): each piece of work
 * starts once the one asked for before it has ended, so writes reach the disk in the order
 * they were asked for.
 */
export function outboxQueue(factory: IDBFactory, name: string = DB_NAME, store: string = OUTBOX_STORE) {
  let database: Promise<IDBDatabase> | undefined
  let queue: Promise<unknown> = Promise.resolve()
  return <A>(work: (db: IDBDatabase) => Promise<A>): Promise<A> => {
    const next = queue.then(async () => work(await (database ??= openNamed(factory, name, store))))
    queue = next.catch(() => undefined)
    return next
  }
}

interface StoredEntry extends OutboxEntry {
  readonly key: string
  readonly owner: number
  /** Set by the outbox's other records (autosave.records.ts). */
  readonly kind?: string
}
let local: Promise<unknown> = Promise.resolve()

/**
 * Runs `work` while no other sender of this owner's outbox runs, in this tab or another
 * (Web Locks; one queue per tab where the browser has none), so two senders never race
 * an older value past a newer one.
 */
export const sendingExclusively = <A>(owner: number, work: () => Promise<A>): Promise<A> => {
  const locks = typeof navigator === "undefined" ? undefined : (navigator as Partial<Navigator>).locks
  if (locks !== undefined) return locks.request(`${DB_NAME}:${owner}`, work)
  const next = local.then(work)
  local = next.catch(() => undefined)
  return next
}

/** The outbox of one signed-in user (`owner` is their user id). */
export function createIndexedDbOutbox(owner: number, factory: IDBFactory = indexedDB): Outbox {
  const enqueue = outboxQueue(factory)
  const keyOf = (setId: SetId) => `${owner}:${setId}`
  const STORE = OUTBOX_STORE

  return {
    readAll: () =>
      enqueue(async (db) => {
        const all = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Array<StoredEntry>
        return all
          .filter((stored) => stored.owner === owner && stored.kind === undefined)
          .map(({ setId, update, version, place }) => ({
            setId,
            update,
            version,
            ...(place === undefined ? {} : { place })
          }))
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
