import type { MessageId } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"

/*
 * A chat outbox's entries (docs/decisions/030) and where the device keeps them: the
 * chat-outbox machine sends them, src/device/chat-outbox.store.ts keeps them in IndexedDB.
 */

/** A message written on this device that the server has not answered with its stored copy yet. */
export interface OutboxEntry {
  /** made on the device (crypto.randomUUID): a retry sends the same id, the server stores it once */
  readonly id: MessageId
  readonly body: string
  /** when it was written (ISO instant): kept ones come back in the order written */
  readonly createdAt: string
  /** the server's refusal (a 400 and the like), shown until the person edits or discards it; null while it waits to be sent */
  readonly refused: string | null
  /**
   * What it is written on, for an outbox whose entries go to different places: a lifter's
   * notes, one outbox for all their sets and workouts (docs/decisions/041). None in a chat.
   */
  readonly about?: string | undefined
}

/** Where a thread's outbox keeps its entries on the device (src/device/chat-outbox.store.ts: IndexedDB). */
export interface KeptOutbox {
  /** The thread's kept entries, oldest first. */
  readonly load: (clientId: UserId) => Promise<ReadonlyArray<OutboxEntry>>
  readonly keep: (clientId: UserId, entry: OutboxEntry) => Promise<void>
  readonly forget: (id: MessageId) => Promise<void>
}
