import type { MessageId } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"
import { CHAT_OUTBOX_DB, done, openDatabase, request } from "./indexed-db.ts"
import type { KeptOutbox } from "#domain/chat-outbox.ts"
import type { OutboxEntry } from "#domain/chat-outbox.ts"

/*
 * The chat outboxes on the device (docs/decisions/030): one record per message written
 * here that the server has not stored yet (key: the id the device made), with whose it is,
 * its thread, its text, when it was written and the server's refusal if any. A database of
 * its own, so the logging outbox's and the device copy's stay as they were; signing out
 * counts and empties it (device-erase.ts). A lifter's set and workout notes are kept here
 * too, apart as the "notes" section (docs/decisions/041), so the same erase takes them.
 */

const STORE = "messages"

interface KeptMessage {
  readonly key: MessageId
  /** who wrote it: only their outboxes send it */
  readonly owner: UserId
  /** its thread */
  readonly clientId: UserId
  readonly body: string
  readonly createdAt: string
  readonly refused: string | null
  /** what a note is on (its entry's `about`) */
  readonly about?: string | undefined
  /** "notes" for a lifter's notes; absent for a chat message */
  readonly section?: OutboxSection | undefined
}

/** Which outboxes a store serves: the chat threads', or the lifter's notes'. */
export type OutboxSection = "messages" | "notes"

const entryOf = (kept: KeptMessage): OutboxEntry => ({
  id: kept.key,
  body: kept.body,
  createdAt: kept.createdAt,
  refused: kept.refused,
  ...(kept.about === undefined ? {} : { about: kept.about })
})

const oldestFirst = (a: KeptMessage, b: KeptMessage) => a.createdAt.localeCompare(b.createdAt)

/** One signed-in person's chat outboxes in this browser's IndexedDB. */
export function indexedDbChatOutbox(
  owner: UserId,
  factory: IDBFactory = indexedDB,
  section: OutboxSection = "messages"
): KeptOutbox & {
  /** The threads with messages kept, so their outboxes start (and send) without the chat open. */
  readonly threads: () => Promise<ReadonlyArray<UserId>>
} {
  let database: Promise<IDBDatabase> | undefined
  const open = () => (database ??= openDatabase(factory, CHAT_OUTBOX_DB, STORE))
  const mine = async (): Promise<ReadonlyArray<KeptMessage>> => {
    const db = await open()
    const all = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as ReadonlyArray<KeptMessage>
    return all.filter((kept) => kept.owner === owner && (kept.section ?? "messages") === section).sort(oldestFirst)
  }
  return {
    threads: async () => [...new Set((await mine()).map((kept) => kept.clientId))],
    load: async (clientId) => (await mine()).filter((kept) => kept.clientId === clientId).map(entryOf),
    keep: async (clientId, entry) => {
      const db = await open()
      const tx = db.transaction(STORE, "readwrite")
      const { id, body, createdAt, refused, about } = entry
      const kept: KeptMessage = { key: id, owner, clientId, body, createdAt, refused, about, section }
      tx.objectStore(STORE).put(kept)
      return done(tx)
    },
    forget: async (id) => {
      const db = await open()
      const tx = db.transaction(STORE, "readwrite")
      tx.objectStore(STORE).delete(id)
      return done(tx)
    }
  }
}
