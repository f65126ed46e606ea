import { sql } from "drizzle-orm"
import type { MessageId } from "#domain/chat.ts"
import type { CommentId } from "#domain/comments.ts"
import type { UserId } from "#domain/ids.ts"
import type { VideoCommentId, VideoId } from "#domain/set-videos.ts"
import type { Db } from "../db/client.ts"
import { liveEvents } from "../db/chat-schema.ts"

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0]

/** The pair an event concerns: a thread's two people, or a comment's client and their coach. */
export interface Pair {
  readonly coachId: UserId
  readonly clientId: UserId
}

/** The notification channel of a database schema: tests give each server a schema of its own. */
export const LIVE_CHANNEL_PREFIX = "live_events_"

/** The first key of the advisory locks that order one coach's live events (the second is the coach). */
const LIVE_LOCK_SPACE = 1_017_017

/**
 * Holds, until the transaction ends, the lock that orders the coach's live events. Taken
 * before anything else a write reads, so a retry racing its original sees what it stored.
 */
export const lockPair = (tx: Tx, pair: Pair) =>
  tx.execute(sql`select pg_advisory_xact_lock(${LIVE_LOCK_SPACE}::int, ${pair.coachId}::int)`)

export interface NewLiveEvent extends Pair {
  readonly kind: "message" | "read" | "comment" | "video" | "videoComment"
  readonly messageId?: MessageId
  readonly commentId?: CommentId
  readonly readerId?: UserId
  readonly videoId?: VideoId
  readonly videoCommentId?: VideoCommentId
}

/**
 * Appends a live event inside the write's transaction (after `lockPair`) and notifies the
 * listeners of every instance when it commits: PostgreSQL delivers NOTIFY at commit, and
 * not at all on rollback. The payload is only the pair; streams read the rows themselves.
 * Answers the event's id, the sequence number of what was written.
 */
export async function recordLiveEvent(tx: Tx, event: NewLiveEvent): Promise<number> {
  const [row] = await tx
    .insert(liveEvents)
    .values({
      coachId: event.coachId,
      clientId: event.clientId,
      kind: event.kind,
      messageId: event.messageId ?? null,
      commentId: event.commentId ?? null,
      readerId: event.readerId ?? null,
      videoId: event.videoId ?? null,
      videoCommentId: event.videoCommentId ?? null
    })
    .returning({ id: liveEvents.id })
  if (row === undefined) throw new Error("live event not stored")
  await tx.execute(
    sql`select pg_notify(${LIVE_CHANNEL_PREFIX} || current_schema(), ${`${event.coachId},${event.clientId}`})`
  )
  return row.id
}
