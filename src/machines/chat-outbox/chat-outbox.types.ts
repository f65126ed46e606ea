import type { ChatMessage, MessageId } from "#domain/chat.ts"
import type { OutboxEntry } from "#domain/chat-outbox.ts"
import type { UserId } from "#domain/ids.ts"

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
