import type { ChatMessage, MessageId } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"

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

export interface ChatOutboxContext {
  /** the thread: its client */
  readonly clientId: UserId
  /** oldest first: they are sent in the order written */
  readonly entries: ReadonlyArray<OutboxEntry>
  /** what the browser last said about the network (navigator.onLine, online/offline events) */
  readonly online: boolean
  /** how long the server asked to wait (Retry-After), or the wait after a failure of its own */
  readonly retryAfterMs: number
}

export interface ChatOutboxInput {
  readonly clientId: UserId
  readonly online: boolean
}

export type ChatOutboxEvent =
  | {
      readonly type: "message.send"
      readonly id: MessageId
      readonly body: string
      readonly createdAt: string
      readonly about?: string | undefined
    }
  | { readonly type: "message.discard"; readonly id: MessageId }
  | { readonly type: "network.online" }
  | { readonly type: "network.offline" }

/** What the outbox tells whoever shows the thread: the server has stored this message. */
export type ChatOutboxEmitted = { readonly type: "sent"; readonly message: ChatMessage }
