/*
 * The few IndexedDB calls the app's stores share (the logging outbox, the device copy of
 * the lifter's days), as promises. Every connection closes when another tab or a sign-out
 * asks to upgrade or delete its database, so that never waits on a page left open.
 */

/**
 * The chat outboxes' database (chat-outbox.store.ts), named here
 * where both it and the sign-out's count and erase (device-erase.ts) read it.
 */
export const CHAT_OUTBOX_DB = "strength-coach-chat-outbox"

/** The form-check clips waiting to upload (video-outbox.store.ts), named here for the same reason. */
export const VIDEO_OUTBOX_DB = "strength-coach-video-outbox"

export const request = <A>(req: IDBRequest<A>): Promise<A> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"))
  })

export const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"))
  })

/** Opens `name` at version 1, creating `store` (keyed by its records' `key`) the first time. */
export const openDatabase = (factory: IDBFactory, name: string, store: string): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const req = factory.open(name, 1)
    req.onupgradeneeded = () => req.result.createObjectStore(store, { keyPath: "key" })
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close()
      resolve(req.result)
    }
    req.onerror = () => reject(req.error ?? new Error("IndexedDB could not be opened"))
  })

/**
 * Opens `name` only if it already exists, at whatever version it has: a database that is
 * not there is not created (an empty version 1 would stop its owner from ever creating its
 * stores). Null when there is none.
 */
export const openExisting = (factory: IDBFactory, name: string): Promise<IDBDatabase | null> =>
  new Promise((resolve, reject) => {
    const req = factory.open(name)
    let created = false
    req.onupgradeneeded = () => {
      created = true
      req.transaction?.abort()
    }
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close()
      resolve(req.result)
    }
    req.onerror = () => (created ? resolve(null) : reject(req.error ?? new Error("IndexedDB could not be opened")))
  })
