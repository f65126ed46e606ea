import type { ChatMessage, MessageId, ReadMark, UnreadCounts } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"

/** A client (Ann, id 7) and her coach (id 3): the unread machine's people in tests and stories. */
export const annId = 7 as UserId
export const coachId = 3 as UserId
export const boId = 8 as UserId

/** Ann's counts: two messages from her coach she has not read. */
export const twoUnread: UnreadCounts = {
  total: 2,
  threads: [{ clientId: annId, unread: 2, lastMessageAt: "2026-11-23T17:05:00.000Z" }]
}

/** The coach's counts over two clients: three from Ann, one from Bo. */
export const coachUnread: UnreadCounts = {
  total: 4,
  threads: [
    { clientId: annId, unread: 3, lastMessageAt: "2026-11-23T17:05:00.000Z" },
    { clientId: boId, unread: 1, lastMessageAt: "2026-11-22T08:00:00.000Z" }
  ]
}

export const nothingUnread: UnreadCounts = {
  total: 0,
  threads: [{ clientId: annId, unread: 0, lastMessageAt: "2026-11-23T17:05:00.000Z" }]
}

export const chatMessage = (from: UserId, seq: number, clientId: UserId = annId): ChatMessage => ({
  id: `0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c${String(seq).padStart(4, "0")}` as MessageId,
  clientId,
  senderId: from,
  body: from === coachId ? "How did the squats feel?" : "Left knee, stopped at 3",
  createdAt: "2026-11-24T09:00:00.000Z",
  seq
})

export const readMark = (reader: UserId, seq: number): ReadMark => ({
  clientId: annId,
  readerId: reader,
  seq,
  readAt: "2026-11-24T09:01:00.000Z"
})
