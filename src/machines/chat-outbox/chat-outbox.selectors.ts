import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { MessageId } from "#domain/chat.ts"
import type { ChatOutboxMachine } from "./chat-outbox.machine.ts"

export type ChatOutboxSnapshot = SnapshotFrom<ChatOutboxMachine>
export type ChatOutboxActorRef = ActorRefFrom<ChatOutboxMachine>

export const SENDING = "Sending…"
export const WAITING_FOR_NETWORK = "Not sent yet: it will send when you're back online"
export const SERVER_BUSY_WAIT = "Not sent yet: the server asked us to wait, trying again shortly"

/** A message the server has not stored yet, as the thread shows it: never as sent. */
export interface PendingMessageView {
  readonly id: MessageId
  readonly body: string
  readonly status: "sending" | "waiting" | "refused"
  /** what the person reads under it */
  readonly note: string
}

export const selectPendingMessages = (snapshot: ChatOutboxSnapshot): ReadonlyArray<PendingMessageView> => {
  const offline = snapshot.matches("offline")
  const waiting = snapshot.matches("waitingToRetry")
  return snapshot.context.entries.map((entry) => {
    if (entry.refused !== null)
      return { id: entry.id, body: entry.body, status: "refused", note: `Not sent: ${entry.refused}` }
    if (offline) return { id: entry.id, body: entry.body, status: "waiting", note: WAITING_FOR_NETWORK }
    if (waiting) return { id: entry.id, body: entry.body, status: "waiting", note: SERVER_BUSY_WAIT }
    return { id: entry.id, body: entry.body, status: "sending", note: SENDING }
  })
}
