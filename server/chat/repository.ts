import { and, desc, eq, lt, ne, sql } from "drizzle-orm"
import type { ChatMessage, MessageId, NewMessage, ReadMark, ThreadUnread } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"
import type { Db } from "../db/client.ts"
import { currentLink } from "../clients/current-link.ts"
import { chatMessages, chatReadMarks, chatThreads } from "../db/chat-schema.ts"
import { coachClients } from "../db/schema.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { isUniqueViolation } from "../db/unique-violation.ts"
import { lockPair, recordLiveEvent, type Pair, type Tx } from "../live/record.ts"

/*
 * The messages of a coach-client thread, read marks and unread counts
 * (docs/decisions/029). The handlers have checked that the caller is one of the pair.
 */

const messageColumns = {
  id: chatMessages.id,
  clientId: chatThreads.clientId,
  senderId: chatMessages.senderId,
  body: chatMessages.body,
  createdAt: isoInstant(chatMessages.createdAt),
  seq: chatMessages.seq
}

const messagesWithThread = (db: Db | Tx) =>
  db.select(messageColumns).from(chatMessages).innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))

const ofPair = (pair: Pair) => and(eq(chatThreads.coachId, pair.coachId), eq(chatThreads.clientId, pair.clientId))

async function threadOf(tx: Tx, pair: Pair): Promise<number> {
  await tx.insert(chatThreads).values(pair).onConflictDoNothing()
  const [thread] = await tx.select({ id: chatThreads.id }).from(chatThreads).where(ofPair(pair))
  if (thread === undefined) throw new Error("chat thread not stored")
  return thread.id
}

export type SendOutcome = { readonly _tag: "Sent"; readonly message: ChatMessage } | { readonly _tag: "IdTaken" }

/**
 * Stores a message once. The same id again from the same sender in the same thread with
 * the same text answers the stored message (a retry); anything else is IdTaken.
 */
export async function sendMessage(db: Db, pair: Pair, senderId: UserId, message: NewMessage): Promise<SendOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await lockPair(tx, pair)
      const [stored] = await messagesWithThread(tx).where(eq(chatMessages.id, message.id))
      if (stored !== undefined) {
        const same = stored.clientId === pair.clientId && stored.senderId === senderId && stored.body === message.body
        return same ? ({ _tag: "Sent", message: stored } as const) : ({ _tag: "IdTaken" } as const)
      }
      const threadId = await threadOf(tx, pair)
      const seq = await recordLiveEvent(tx, { ...pair, kind: "message", messageId: message.id })
      await tx.insert(chatMessages).values({ id: message.id, threadId, senderId, body: message.body, seq })
      const [sent] = await messagesWithThread(tx).where(eq(chatMessages.id, message.id))
      if (sent === undefined) throw new Error("message not stored")
      return { _tag: "Sent", message: sent } as const
    })
  } catch (error) {
    // The same id sent at once in another coach's thread (another lock) won the insert.
    if (isUniqueViolation(error)) return sendMessage(db, pair, senderId, message)
    throw error
  }
}

/** A page of the thread, newest first, older than `before`; `next` is the cursor of the page after it. */
export async function messagePage(
  db: Db,
  pair: Pair,
  before: number | undefined,
  limit: number
): Promise<{ readonly messages: ReadonlyArray<ChatMessage>; readonly next: number | null }> {
  const rows = await messagesWithThread(db)
    .where(and(ofPair(pair), before === undefined ? undefined : lt(chatMessages.seq, before)))
    .orderBy(desc(chatMessages.seq))
    .limit(limit + 1)
  const messages = rows.slice(0, limit)
  return { messages, next: rows.length > limit ? (messages.at(-1)?.seq ?? null) : null }
}

/** How far the thread's other person (anyone but `readerId`) has read: their mark's seq, null if none. */
export async function otherReadSeq(db: Db, pair: Pair, readerId: UserId): Promise<number | null> {
  const [mark] = await db
    .select({ seq: chatReadMarks.seq })
    .from(chatReadMarks)
    .innerJoin(chatThreads, eq(chatThreads.id, chatReadMarks.threadId))
    .where(and(ofPair(pair), ne(chatReadMarks.readerId, readerId)))
  return mark?.seq ?? null
}

export const readMarkColumns = {
  clientId: chatThreads.clientId,
  readerId: chatReadMarks.readerId,
  seq: chatReadMarks.seq,
  readAt: isoInstant(chatReadMarks.readAt)
}

export type MarkOutcome = { readonly _tag: "Marked"; readonly mark: ReadMark } | { readonly _tag: "NoSuchMessage" }

/** Moves the reader's mark forward to the message (never back); a move is a live event. */
export async function markRead(db: Db, pair: Pair, readerId: UserId, messageId: MessageId): Promise<MarkOutcome> {
  return db.transaction(async (tx) => {
    await lockPair(tx, pair)
    const [message] = await messagesWithThread(tx).where(and(ofPair(pair), eq(chatMessages.id, messageId)))
    if (message === undefined) return { _tag: "NoSuchMessage" } as const
    const threadId = await threadOf(tx, pair)
    const moved = await tx
      .insert(chatReadMarks)
      .values({ threadId, readerId, seq: message.seq })
      .onConflictDoUpdate({
        target: [chatReadMarks.threadId, chatReadMarks.readerId],
        set: { seq: message.seq, readAt: sql`now()` },
        setWhere: lt(chatReadMarks.seq, message.seq)
      })
      .returning({ seq: chatReadMarks.seq })
    if (moved.length > 0) await recordLiveEvent(tx, { ...pair, kind: "read", readerId })
    const [mark] = await tx
      .select(readMarkColumns)
      .from(chatReadMarks)
      .innerJoin(chatThreads, eq(chatThreads.id, chatReadMarks.threadId))
      .where(and(eq(chatReadMarks.threadId, threadId), eq(chatReadMarks.readerId, readerId)))
    if (mark === undefined) throw new Error("read mark not stored")
    return { _tag: "Marked", mark } as const
  })
}

/**
 * The caller's threads with their unread counts: a coach's one per linked client, a
 * client's the one with their coach. Unread are the other person's messages after the
 * caller's mark.
 */
export async function unreadThreads(db: Db, userId: UserId): Promise<ReadonlyArray<ThreadUnread>> {
  const unread = sql<number>`(select count(*)::int from ${chatMessages} m
    where m.thread_id = ${chatThreads.id} and m.sender_id <> ${userId}
    and m.seq > coalesce(${chatReadMarks.seq}, 0))`
  const last = sql`(select max(m.created_at) from ${chatMessages} m where m.thread_id = ${chatThreads.id})`
  const rows = await db
    .select({
      clientId: coachClients.clientId,
      unread: sql<number | null>`coalesce(${unread}, 0)`,
      lastMessageAt: sql<string | null>`to_char(${last} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    })
    .from(coachClients)
    .leftJoin(
      chatThreads,
      and(eq(chatThreads.coachId, coachClients.coachId), eq(chatThreads.clientId, coachClients.clientId))
    )
    .leftJoin(chatReadMarks, and(eq(chatReadMarks.threadId, chatThreads.id), eq(chatReadMarks.readerId, userId)))
    .where(
      and(
        sql`${coachClients.clientId} is not null`,
        sql`(${coachClients.coachId} = ${userId} or ${coachClients.clientId} = ${userId})`,
        currentLink
      )
    )
    .orderBy(sql`${last} desc nulls last`, coachClients.clientId)
  return rows.flatMap((row) =>
    row.clientId === null ? [] : [{ clientId: row.clientId, unread: row.unread ?? 0, lastMessageAt: row.lastMessageAt }]
  )
}

/** The read marks of a thread (live events name the thread and reader; this reads the mark). */
export async function readMarkOf(db: Db, pair: Pair, readerId: UserId): Promise<ReadMark | undefined> {
  const [mark] = await db
    .select(readMarkColumns)
    .from(chatReadMarks)
    .innerJoin(chatThreads, eq(chatThreads.id, chatReadMarks.threadId))
    .where(and(ofPair(pair), eq(chatReadMarks.readerId, readerId)))
  return mark
}

/** Messages by id, for the live stream. */
export const messagesByIds = (db: Db, ids: ReadonlyArray<MessageId>): Promise<ReadonlyArray<ChatMessage>> =>
  ids.length === 0
    ? Promise.resolve([])
    : messagesWithThread(db).where(
        sql`${chatMessages.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `
        )})`
      )
