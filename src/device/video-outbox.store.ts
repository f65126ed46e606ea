import type { UserId } from "#domain/ids.ts"
import type { VideoId } from "#domain/set-videos.ts"
import type { KeptClip, KeptVideos, QueuedClip } from "#domain/video-outbox.ts"
import { outboxQueue } from "./autosave.outbox.ts"
import { done, request, VIDEO_OUTBOX_DB } from "./indexed-db.ts"

/*
 * The form-check clips waiting on the device (docs/decisions/050-form-check-videos.md): one
 * record per clip (key: the id the device made) with whose it is, the clip's bytes and
 * poster as Blobs, the server's refusal if any and whether its upload exists on the server.
 * A database of its own, so a clip's hundreds of megabytes never sit in a store another
 * outbox reads whole; signing out empties it (device-erase.ts). Writes reach the disk in
 * the order they were asked for, so a remove is never overtaken by an older put.
 */

const STORE = "clips"

interface StoredClip {
  readonly key: VideoId
  readonly owner: UserId
  readonly clip: QueuedClip
  readonly file: Blob
  readonly poster: Blob | null
  readonly refused: string | null
  readonly created: boolean
}

const keptOf = ({ clip, file, poster, refused, created }: StoredClip): KeptClip => ({
  clip,
  file,
  poster,
  refused,
  created
})

/** One signed-in lifter's clips in this browser's IndexedDB. */
export function indexedDbVideoOutbox(owner: UserId, factory: IDBFactory = indexedDB): KeptVideos {
  const enqueue = outboxQueue(factory, VIDEO_OUTBOX_DB, STORE)
  const mine = (db: IDBDatabase) =>
    request(db.transaction(STORE).objectStore(STORE).getAll()).then((all) =>
      (all as ReadonlyArray<StoredClip>).filter((stored) => stored.owner === owner)
    )
  return {
    list: () =>
      enqueue(async (db) => (await mine(db)).map(keptOf).sort((a, b) => a.clip.addedAt.localeCompare(b.clip.addedAt))),
    put: (kept) =>
      enqueue((db) => {
        const tx = db.transaction(STORE, "readwrite")
        const stored: StoredClip = { key: kept.clip.videoId, owner, ...kept }
        tx.objectStore(STORE).put(stored)
        return done(tx)
      }),
    remove: (videoId) =>
      enqueue((db) => {
        const tx = db.transaction(STORE, "readwrite")
        tx.objectStore(STORE).delete(videoId)
        return done(tx)
      }),
    clear: () =>
      enqueue(async (db) => {
        const keys = (await mine(db)).map((stored) => stored.key)
        const tx = db.transaction(STORE, "readwrite")
        keys.forEach((key) => tx.objectStore(STORE).delete(key))
        return done(tx)
      })
  }
}

/** The lifter's clips kept in IndexedDB, or null in a browser without it (some private modes). */
export const deviceVideoOutbox = (clientId: UserId): KeptVideos | null =>
  typeof indexedDB === "undefined" ? null : indexedDbVideoOutbox(clientId)
