import { and, asc, eq, gt, max } from "drizzle-orm"
import type { LiveEvent } from "#domain/live-events.ts"
import { messagesByIds, readMarkOf } from "../chat/repository.ts"
import { commentsByIds } from "../comments/repository.ts"
import type { Db } from "../db/client.ts"
import { liveEvents } from "../db/chat-schema.ts"
import type { UserRow } from "../users/repository.ts"
import { videoCommentsByIds, videosByIds } from "../videos/repository.ts"

/*
 * What a person's stream carries: the live events of the pairs they are one of (a
 * coach's with each client, a client's with their coach), after a cursor, in order.
 */

const mine = (user: Pick<UserRow, "id" | "user_type">) =>
  user.user_type === "Coach" ? eq(liveEvents.coachId, user.id) : eq(liveEvents.clientId, user.id)

/** The id of the person's newest event, 0 for none: where a stream with no Last-Event-ID starts. */
export async function latestEventId(db: Db, user: Pick<UserRow, "id" | "user_type">): Promise<number> {
  const [row] = await db
    .select({ id: max(liveEvents.id) })
    .from(liveEvents)
    .where(mine(user))
  return row?.id ?? 0
}

export interface NumberedEvent {
  readonly id: number
  /** null when what it announced is gone (a comment on a workout since removed): skipped, but counted */
  readonly event: LiveEvent | null
}

/** Up to `limit` events after `cursor`, oldest first, each read as it stands now. */
export async function eventsAfter(
  db: Db,
  user: Pick<UserRow, "id" | "user_type">,
  cursor: number,
  limit: number
): Promise<ReadonlyArray<NumberedEvent>> {
  const rows = await db
    .select({
      id: liveEvents.id,
      kind: liveEvents.kind,
      coachId: liveEvents.coachId,
      clientId: liveEvents.clientId,
      messageId: liveEvents.messageId,
      commentId: liveEvents.commentId,
      readerId: liveEvents.readerId,
      videoId: liveEvents.videoId,
      videoCommentId: liveEvents.videoCommentId
    })
    .from(liveEvents)
    .where(and(mine(user), gt(liveEvents.id, cursor)))
    .orderBy(asc(liveEvents.id))
    .limit(limit)
  if (rows.length === 0) return []
  const present = <T>(values: ReadonlyArray<T | null>) => values.filter((value): value is T => value !== null)
  const messages = new Map(
    (await messagesByIds(db, present(rows.map((row) => row.messageId)))).map((message) => [message.id, message])
  )
  const comments = new Map(
    (await commentsByIds(db, present(rows.map((row) => row.commentId)))).map((comment) => [comment.id, comment])
  )
  const videos = new Map(
    (await videosByIds(db, present(rows.map((row) => (row.kind === "video" ? row.videoId : null))))).map((video) => [
      video.id,
      video
    ])
  )
  const videoComments = new Map(
    (await videoCommentsByIds(db, present(rows.map((row) => row.videoCommentId)))).map((comment) => [
      comment.id,
      comment
    ])
  )
  const events: Array<NumberedEvent> = []
  for (const row of rows) {
    // Rows leave as the contract's shapes; the stream's reader decodes them with LiveEvent.
    if (row.kind === "message") {
      const message = row.messageId === null ? undefined : messages.get(row.messageId)
      events.push({ id: row.id, event: message === undefined ? null : { type: "message", message } })
    } else if (row.kind === "comment") {
      const comment = row.commentId === null ? undefined : comments.get(row.commentId)
      events.push({ id: row.id, event: comment === undefined ? null : { type: "comment", comment } })
    } else if (row.kind === "video") {
      // A clip removed since (or its workout) is skipped, as a comment on a removed workout is.
      const video = row.videoId === null ? undefined : videos.get(row.videoId)
      events.push({ id: row.id, event: video === undefined ? null : { type: "video", video } })
    } else if (row.kind === "videoComment") {
      const comment = row.videoCommentId === null ? undefined : videoComments.get(row.videoCommentId)
      events.push({ id: row.id, event: comment === undefined ? null : { type: "videoComment", comment } })
    } else {
      const mark = row.readerId === null ? undefined : await readMarkOf(db, row, row.readerId)
      events.push({ id: row.id, event: mark === undefined ? null : { type: "read", mark } })
    }
  }
  return events
}
