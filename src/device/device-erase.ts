import { CHAT_OUTBOX_DB, done, openExisting, request, VIDEO_OUTBOX_DB } from "./indexed-db.ts"
import { DEVICE_COPY_DB } from "./device-copy.types.ts"

/*
 * What signing out leaves on the device: nothing of the person (docs/decisions/027). The
 * app's IndexedDB stores are emptied, its localStorage and sessionStorage keys (all
 * `strength-coach:…`: the remembered user, builder drafts, workout timers) removed, and
 * every cache but the service worker's precache of the app shell deleted.
 */

/** The logging outbox's database (autosave.outbox.ts). */
export const OUTBOX_DB = "strength-coach-outbox"
/** The chat outboxes' database (chat-outbox.store.ts) is the third, the form-check clips' (video-outbox.store.ts) the fourth. */
const APP_DATABASES = [OUTBOX_DB, DEVICE_COPY_DB, CHAT_OUTBOX_DB, VIDEO_OUTBOX_DB, "strength-coach-drafts"] // drafts: autosave.drafts.ts
const APP_KEY_PREFIX = "strength-coach:"
/** Workbox's precache (the app shell and its chunks, nothing personal) is kept; it is named so. */
const isShellCache = (name: string) => name.startsWith("workbox-precache")

const storesOf = (db: IDBDatabase): Array<string> => Array.from(db.objectStoreNames)

/** Each store's records in a database, counted; 0 when it does not exist. */
const countRecords = async (factory: IDBFactory, name: string): Promise<number> => {
  const db = await openExisting(factory, name)
  if (db === null) return 0
  try {
    const stores = storesOf(db)
    if (stores.length === 0) return 0
    const tx = db.transaction(stores)
    const counts = await Promise.all(stores.map((store) => request(tx.objectStore(store).count())))
    return counts.reduce((sum, count) => sum + count, 0)
  } finally {
    db.close()
  }
}

const emptyDatabase = async (factory: IDBFactory, name: string): Promise<void> => {
  const db = await openExisting(factory, name)
  if (db === null) return
  try {
    const stores = storesOf(db)
    if (stores.length === 0) return
    const tx = db.transaction(stores, "readwrite")
    stores.forEach((store) => tx.objectStore(store).clear())
    await done(tx)
  } finally {
    db.close()
  }
}

const removeAppKeys = (storage: Storage | undefined): void => {
  if (storage === undefined) return
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key?.startsWith(APP_KEY_PREFIX) === true
  )
  keys.forEach((key) => storage.removeItem(key))
}

const safely = <A>(read: () => A): A | undefined => {
  try {
    return read()
  } catch {
    return undefined
  }
}

/** How many logged sets (any change to one) have not reached the server yet. */
export const countUnsentSets = (factory: IDBFactory = indexedDB): Promise<number> => countRecords(factory, OUTBOX_DB)

/** What signing out would lose: logged sets and chat messages not yet stored by the server. */
export const countUnsent = async (
  factory: IDBFactory = indexedDB
): Promise<{ readonly sets: number; readonly messages: number }> => {
  const [sets, messages] = await Promise.all([countUnsentSets(factory), countRecords(factory, CHAT_OUTBOX_DB)])
  return { sets, messages }
}

/** Erases everything personal the app keeps in this browser. */
export async function eraseDevice(factory: IDBFactory = indexedDB): Promise<void> {
  removeAppKeys(safely(() => window.localStorage))
  removeAppKeys(safely(() => window.sessionStorage))
  const caches = safely(() => window.caches)
  await Promise.all([
    ...APP_DATABASES.map((name) => emptyDatabase(factory, name)),
    ...(caches === undefined
      ? []
      : [
          caches.keys().then((names) => Promise.all(names.filter((n) => !isShellCache(n)).map((n) => caches.delete(n))))
        ])
  ])
}
