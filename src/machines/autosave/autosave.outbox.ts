import type { WorkoutCompletion } from "#domain/completion.ts"
import type { SetId } from "#domain/ids.ts"
import { done, openDatabase as openNamed, request } from "../indexed-db.ts"
import type { LostEdit, Outbox, OutboxEntry, QueuedCompletion, WorkoutOutbox } from "./autosave.types.ts"

/*
 * The durable outbox: one IndexedDB record per (user, set) holding the set's edits not
 * yet confirmed. Operations are queued so they reach the disk in the order they were
 * asked for; a put is never overtaken by an older remove. Finished workouts waiting to be
 * sent and what the server never took live in the same store under their own keys
 * (`kind`), so the outbox stays one database a sign-out erases whole.
 */

const DB_NAME = "strength-coach-outbox"
const STORE = "set-edits"
const openDatabase = (factory: IDBFactory) => openNamed(factory, DB_NAME, STORE)

interface StoredEntry extends OutboxEntry {
  readonly key: string
  readonly owner: number
  readonly kind?: undefined
}
type StoredCompletion = QueuedCompletion & { readonly key: string; readonly owner: number; readonly kind: "completion" }
interface StoredLost {
  readonly key: string
  readonly lostKey: LostEdit["key"]
  readonly text: LostEdit["text"]
  readonly owner: number
  readonly kind: "lost"
}
type Stored = StoredEntry | StoredCompletion | StoredLost

const listeners = new Map<number, Set<() => void>>()

/**
 * Calls `listener` whenever a finished workout is queued or sent, or something the server
 * never took is kept or dismissed, for this owner in this tab (set edits are not told:
 * they change with every keystroke). Answers the stop.
 */
export const onOutboxChange = (owner: number, listener: () => void): (() => void) => {
  const owned = listeners.get(owner) ?? new Set()
  owned.add(listener)
  listeners.set(owner, owned)
  return () => owned.delete(listener)
}
const changed = (owner: number) => {
  for (const listener of listeners.get(owner) ?? []) listener()
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
export function createIndexedDbOutbox(owner: number, factory: IDBFactory = indexedDB): Outbox & WorkoutOutbox {
  let database: Promise<IDBDatabase> | undefined
  let queue: Promise<unknown> = Promise.resolve()
  const keyOf = (setId: SetId) => `${owner}:${setId}`
  const completionKey = (c: WorkoutCompletion) => `${owner}:completion:${c.date}:${c.workout_order}`
  const lostKey = (key: string) => `${owner}:lost:${key}`

  const enqueue = <A>(work: (db: IDBDatabase) => Promise<A>): Promise<A> => {
    const next = queue.then(async () => work(await (database ??= openDatabase(factory))))
    queue = next.catch(() => undefined)
    return next
  }

  /** A write other than a set edit: on disk, then whoever shows the outbox is told. */
  const write = (change: (store: IDBObjectStore) => void): Promise<void> =>
    enqueue((db) => {
      const tx = db.transaction(STORE, "readwrite")
      change(tx.objectStore(STORE))
      return done(tx)
    }).then(() => changed(owner))

  return {
    readAll: () =>
      enqueue(async (db) => {
        const all = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Array<Stored>
        return all
          .filter((stored): stored is StoredEntry => stored.owner === owner && stored.kind === undefined)
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
    drain: () => enqueue(() => Promise.resolve()),
    readCompletions: () =>
      enqueue(async (db) => {
        const all = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Array<Stored>
        return all
          .filter((stored): stored is StoredCompletion => stored.owner === owner && stored.kind === "completion")
          .map(({ completion, queuedAt }) => ({ completion, queuedAt }))
          .sort((a, b) => a.queuedAt - b.queuedAt)
      }),
    putCompletion: (queued) =>
      write((store) => {
        const stored: StoredCompletion = { ...queued, key: completionKey(queued.completion), owner, kind: "completion" }
        store.put(stored)
      }),
    removeCompletion: (completion) =>
      write((store) => {
        store.delete(completionKey(completion))
      }),
    readLost: () =>
      enqueue(async (db) => {
        const all = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Array<Stored>
        return all.flatMap((stored) =>
          stored.owner === owner && stored.kind === "lost" ? [{ key: stored.lostKey, text: stored.text }] : []
        )
      }),
    keepLost: (lost) =>
      write((store) => {
        const stored: StoredLost = { key: lostKey(lost.key), lostKey: lost.key, text: lost.text, owner, kind: "lost" }
        store.put(stored)
      }),
    dismissLost: (key) =>
      write((store) => {
        store.delete(lostKey(key))
      })
  }
}
