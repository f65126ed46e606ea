import type { UserId } from "#domain/ids.ts"
import type { LifterCopyStore } from "./device-copy.types.ts"

/*
 * The device copy's IndexedDB code in a chunk of its own: the screens paint without it,
 * and it is fetched as their first read starts. One store per user and page.
 */

const stores = new Map<UserId, Promise<LifterCopyStore>>()

/** The signed-in user's copy, loaded on first use; a failed load is tried again next time. */
export const deviceCopyOf = (owner: UserId) => (): Promise<LifterCopyStore> => {
  const known = stores.get(owner)
  if (known !== undefined) return known
  const loading = import("./device-copy.store.ts").then(({ indexedDbDeviceCopy }) => indexedDbDeviceCopy(owner))
  stores.set(owner, loading)
  loading.catch(() => stores.delete(owner))
  return loading
}
