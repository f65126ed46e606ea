import type { WorkoutCompletion } from "#domain/completion.ts"
import { done, request } from "./indexed-db.ts"
import { lostSet } from "#domain/logging-outbox.ts"
import { OUTBOX_STORE as STORE, outboxQueue } from "./autosave.outbox.ts"
import type { LostEdit, OutboxEntry, QueuedCompletion, WorkoutOutbox } from "#domain/logging-outbox.ts"

/*
 * The outbox's other records, beside the set edits in the same store (docs/decisions/028):
 * finished workouts waiting to be sent, and what the server never took, kept until the
 * lifter has read it. In their own chunk: the logging page paints without them.
 */

type StoredCompletion = QueuedCompletion & { readonly key: string; readonly owner: number; readonly kind: "completion" }
interface StoredLost {
  readonly key: string
  readonly lostKey: LostEdit["key"]
  readonly text: LostEdit["text"]
  readonly owner: number
  readonly kind: "lost"
}
type Stored = StoredCompletion | StoredLost | { readonly owner: number; readonly kind?: undefined }

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

/** The completions and notices of one signed-in user (`owner` is their user id). */
export function createOutboxRecords(owner: number, factory: IDBFactory = indexedDB): WorkoutOutbox {
  const enqueue = outboxQueue(factory)
  const completionKey = (c: WorkoutCompletion) => `${owner}:completion:${c.date}:${c.workout_order}`
  const lostKey = (key: string) => `${owner}:lost:${key}`
  const readMine = () =>
    enqueue(async (db) => (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Array<Stored>).then(
      (all) => all.filter((stored) => stored.owner === owner)
    )
  /** On disk, then whoever shows the outbox is told. */
  const write = (change: (store: IDBObjectStore) => void): Promise<void> =>
    enqueue((db) => {
      const tx = db.transaction(STORE, "readwrite")
      change(tx.objectStore(STORE))
      return done(tx)
    }).then(() => {
      for (const listener of listeners.get(owner) ?? []) listener()
    })

  return {
    readCompletions: async () =>
      (await readMine())
        .filter((stored): stored is StoredCompletion => stored.kind === "completion")
        .map(({ completion, queuedAt }) => ({ completion, queuedAt }))
        .sort((a, b) => a.queuedAt - b.queuedAt),
    putCompletion: (queued) =>
      write((store) => {
        const stored: StoredCompletion = { ...queued, key: completionKey(queued.completion), owner, kind: "completion" }
        store.put(stored)
      }),
    removeCompletion: (completion) =>
      write((store) => {
        store.delete(completionKey(completion))
      }),
    readLost: async () =>
      (await readMine()).flatMap((stored) =>
        stored.kind === "lost" ? [{ key: stored.lostKey, text: stored.text }] : []
      ),
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

/** Keeps the notice for a set the server no longer has (autosave's `keepLost` port). */
export const keepLostSet = (owner: number, entry: OutboxEntry): Promise<void> =>
  createOutboxRecords(owner).keepLost(lostSet(entry))
