import * as Schema from "effect/Schema"
import { UserId } from "./ids.ts"

/*
 * Chat between a coach and each client (docs/decisions/029). There is one
 * thread per coach-client pair, addressed by the client's id: a client's thread is the
 * one with their coach, a coach's threads are one per client on their list.
 *
 * A message's id is made on the device (crypto.randomUUID) before it is sent, so the
 * outbox can send it again after a lost answer: the server stores it once and answers
 * the stored message every time.
 */

/** The most characters (code points: an emoji is one) a message or comment may hold. */
export const MESSAGE_MAX_CHARACTERS = 2_000
/** Messages per page when a read names no limit, and the most one page may hold. */
export const MESSAGE_PAGE_SIZE = 50
export const MESSAGE_PAGE_MAX = 100

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** An id made on the device: a lower-case UUID, as crypto.randomUUID() writes it. */
export const deviceId = (what: string) =>
  Schema.String.annotate({ message: `${what} must be a string` }).check(
    Schema.makeFilter((text: string) => UUID.test(text), {
      message: `${what} must be a lower-case UUID like 0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c9b10`
    })
  )

export const MessageId = deviceId("message id").pipe(Schema.brand("MessageId"))
export type MessageId = typeof MessageId.Type

/*
 * What a message may hold. People write lines and lists, so newline and tab are kept;
 * every other control character is refused (NUL cannot be stored, ESC rewrites a
 * terminal, CR and the rest show nothing), and so are lone surrogates and the bidi
 * overrides and isolates that reorder the text around them (U+202A-U+202E,
 * U+2066-U+2069). Zero-width joiners stay: emoji sequences are made of them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const REFUSED_IN_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}]/u
const VISIBLE = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}\p{P}\p{S}]/u

export const hasOnlyWritableCharacters = (text: string): boolean => !REFUSED_IN_TEXT.test(text)
/** Empty, whitespace-only and invisible-only text says nothing. */
export const saysSomething = (text: string): boolean => VISIBLE.test(text)
/** Code points, as a person counts characters closely enough: an emoji is one, a family of emoji a few. */
export const characterCount = (text: string): number => Array.from(text).length

/** Text a person writes for another to read: a message, a comment, a reply. */
export const writtenText = (what: string) =>
  Schema.String.annotate({ message: `${what} must be a string` }).check(
    Schema.makeFilter(saysSomething, { message: `${what} must not be empty` }),
    Schema.makeFilter((text: string) => characterCount(text) <= MESSAGE_MAX_CHARACTERS, {
      message: `${what} must be at most ${MESSAGE_MAX_CHARACTERS} characters`
    }),
    Schema.makeFilter(hasOnlyWritableCharacters, {
      message: `${what} must not contain control characters other than newline and tab`
    })
  )

export const MessageText = writtenText("body")

/**
 * The server's order of what it stored: every message, read mark and comment change gets
 * the next number of one sequence. It is the paging cursor of a thread and the id of the
 * live events (a reconnect names the last one it saw).
 */
export const Sequence = Schema.Number.annotate({ message: "sequence must be a number" }).check(
  Schema.isInt({ message: "sequence must be a whole number" }),
  Schema.isBetween({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { message: "sequence must be a positive number" })
)
export type Sequence = typeof Sequence.Type

/** A UTC instant as Date#toISOString writes it ("2026-11-23T17:05:00.000Z"). */
export const Instant = Schema.String

export const ChatMessage = Schema.Struct({
  id: MessageId,
  /** the thread: its client */
  clientId: UserId,
  senderId: UserId,
  body: Schema.String,
  createdAt: Instant,
  seq: Sequence
})
export type ChatMessage = typeof ChatMessage.Type

/** Body of POST /api/chat/{clientId}/messages. */
export const NewMessage = Schema.Struct({ id: MessageId, body: MessageText })
export type NewMessage = typeof NewMessage.Type

const pageLimit = Schema.Number.annotate({ message: "limit must be a number" }).check(
  Schema.isInt({ message: "limit must be a whole number" }),
  Schema.isBetween(
    { minimum: 1, maximum: MESSAGE_PAGE_MAX },
    { message: `limit must be between 1 and ${MESSAGE_PAGE_MAX}` }
  )
)

/** Query of a thread's read: the page of messages older than `before` (a seq), newest first. */
export const MessagePageQuery = {
  before: Schema.optionalKey(Sequence.annotate({ message: "before must be a message's seq" })),
  limit: Schema.optionalKey(pageLimit)
}

/**
 * A page of a thread, newest first; `before` is the cursor of the next older page, null at
 * the start. `readByOther` is how far the thread's other person (not the caller) has read:
 * the seq of their read mark, null while they have marked nothing.
 */
export const MessagePage = Schema.Struct({
  messages: Schema.Array(ChatMessage),
  before: Schema.NullOr(Sequence),
  readByOther: Schema.NullOr(Sequence)
})
export type MessagePage = typeof MessagePage.Type

/** Body of PUT /api/chat/{clientId}/read: everything up to and including this message is read. */
export const MarkReadPayload = Schema.Struct({ messageId: MessageId })
export type MarkReadPayload = typeof MarkReadPayload.Type

/**
 * How far a person has read a thread. Marks only move forward: marking an older message
 * answers the mark already held.
 */
export const ReadMark = Schema.Struct({
  clientId: UserId,
  readerId: UserId,
  /** the seq of the last message read; everything up to it is read */
  seq: Sequence,
  readAt: Instant
})
export type ReadMark = typeof ReadMark.Type

const count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))

export const ThreadUnread = Schema.Struct({
  clientId: UserId,
  /** messages from the other person after the caller's read mark */
  unread: count,
  /** when the thread's newest message was written; null for a thread with none */
  lastMessageAt: Schema.NullOr(Instant)
})
export type ThreadUnread = typeof ThreadUnread.Type

/**
 * Unread messages of the caller: `total` for the client's tab, `threads` per client for a
 * coach (a client's list holds their one thread, when they have a coach). A coach's list
 * holds every linked client, newest message first, threads without messages last.
 */
export const UnreadCounts = Schema.Struct({ total: count, threads: Schema.Array(ThreadUnread) })
export type UnreadCounts = typeof UnreadCounts.Type
