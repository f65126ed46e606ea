import type { ChatMessage, MessageId, MessagePage, ReadMark } from "#domain/chat.ts"
import { UserId } from "#domain/ids.ts"
import type { ChatContext } from "./chat.types.ts"
import type { ChatOutboxContext } from "../chat-outbox/chat-outbox.types.ts"
import type { ChatThreadsContext } from "../chat-threads/chat-threads.machine.ts"
import type { ThreadSummary } from "#domain/thread-summaries.ts"

// Sample threads for stories and tests. No network.

export const coachId = UserId.make(1)
export const clientId = UserId.make(7)

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}` as MessageId

export const messageFrom = (sender: UserId, seq: number, body: string, minute = seq): ChatMessage => ({
  id: id(seq),
  clientId,
  senderId: sender,
  body,
  createdAt: new Date(Date.UTC(2026, 10, 23, 17, minute)).toISOString(),
  seq
})

/** The thread as the client sees it: older first. */
export const conversation: ReadonlyArray<ChatMessage> = [
  messageFrom(coachId, 11, "How did the squats feel today?"),
  messageFrom(clientId, 12, "Heavy. Left knee twinged on the last set, so I stopped at 3."),
  messageFrom(coachId, 13, "Good call. Watch this before Monday: https://example.com/knee-tracking"),
  messageFrom(clientId, 14, "Will do, thanks!")
]

/** The newest page of a thread with older messages before it; the coach has read up to 12. */
export const newestPage: MessagePage = { messages: [...conversation].reverse(), before: 11, readByOther: 12 }
/** The thread's first messages. */
export const olderPage: MessagePage = {
  messages: [messageFrom(clientId, 10, "Hi coach, I'm in."), messageFrom(coachId, 9, "Welcome! Ask me anything here.")],
  before: null,
  readByOther: 12
}

export const readMark = (reader: UserId, seq: number): ReadMark => ({
  clientId,
  readerId: reader,
  seq,
  readAt: "2026-11-23T17:30:00.000Z"
})

export const chatContext = (overrides: Partial<ChatContext> = {}): ChatContext => ({
  clientId,
  me: clientId,
  messages: conversation,
  before: 11,
  failure: null,
  theirReadSeq: 14,
  myReadSeq: 13,
  visible: true,
  draft: "",
  draftProblem: null,
  ...overrides
})

export const outboxContext = (overrides: Partial<ChatOutboxContext> = {}): ChatOutboxContext => ({
  clientId,
  entries: [{ id: id(99), body: "Is Friday still on?", createdAt: "2026-11-23T17:20:00.000Z", refused: null }],
  online: true,
  retryAfterMs: 5000,
  ...overrides
})

export const threads: ReadonlyArray<ThreadSummary> = [
  { clientId, name: "Bo Client", unread: 2, lastMessageAt: "2026-11-23T17:14:00.000Z" },
  { clientId: UserId.make(8), name: "ann Lifter", unread: 0, lastMessageAt: "2026-11-20T09:00:00.000Z" },
  { clientId: UserId.make(9), name: "Cy Newcomer", unread: 0, lastMessageAt: null }
]

export const threadsContext = (overrides: Partial<ChatThreadsContext> = {}): ChatThreadsContext => ({
  coachId,
  threads,
  failure: null,
  ...overrides
})

/** A chat API that never answers, so a story stays in the state it shows. */
export const never = () => new Promise<never>(() => undefined)
