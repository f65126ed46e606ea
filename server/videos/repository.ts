import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type {
  NewVideoComment,
  RecentVideo,
  SetVideo,
  VideoComment,
  VideoCommentId,
  VideoId
} from "#domain/set-videos.ts"
import { currentLink } from "../clients/current-link.ts"
import type { Db } from "../db/client.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { coachClients, exercises, sets, setVideos, users, videoComments, workouts } from "../db/schema.ts"
import { isUniqueViolation } from "../db/unique-violation.ts"
import { lockPair, recordLiveEvent, type Pair, type Tx } from "../live/record.ts"
import { notRemoved } from "../workouts/row-queries.ts"

/*
 * Form-check clips as the contract reads them (docs/decisions/050-form-check-videos.md).
 * A clip is where its set is: one on a removed workout is in no read, as the workout is
 * not, and comes back with it (its bytes are kept while it is removed).
 */

const placeColumns = {
  clientId: setVideos.clientId,
  setId: setVideos.setId,
  date: workouts.date,
  workoutOrder: workouts.workoutOrder
}

const videoColumns = {
  id: setVideos.id,
  ...placeColumns,
  exercise: exercises.name,
  setIndex: sets.setIndex,
  mediaType: setVideos.mediaType,
  sizeBytes: setVideos.sizeBytes,
  durationMs: setVideos.durationMs,
  status: setVideos.status,
  createdAt: isoInstant(setVideos.createdAt)
}

/** Clips with their set's place, on present workouts only. */
const videoRows = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select(videoColumns)
    .from(setVideos)
    .innerJoin(sets, eq(sets.id, setVideos.setId))
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(and(notRemoved, where))

const commentRows = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select({
      id: videoComments.id,
      videoId: videoComments.videoId,
      ...placeColumns,
      coachId: videoComments.coachId,
      atMs: videoComments.atMs,
      body: videoComments.body,
      createdAt: isoInstant(videoComments.createdAt),
      seq: videoComments.seq
    })
    .from(videoComments)
    .innerJoin(setVideos, eq(setVideos.id, videoComments.videoId))
    .innerJoin(sets, eq(sets.id, setVideos.setId))
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(and(notRemoved, where))

const uuidList = (ids: ReadonlyArray<string>) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `
  )

/** The rows with their comments, oldest moment first. */
async function withComments<Row extends Omit<SetVideo, "comments">>(
  db: Db | Tx,
  rows: ReadonlyArray<Row>
): Promise<Array<Row & { comments: ReadonlyArray<VideoComment> }>> {
  if (rows.length === 0) return []
  const comments = await commentRows(
    db,
    sql`${videoComments.videoId} in (${uuidList(rows.map((row) => row.id))})`
  ).orderBy(asc(videoComments.atMs), asc(videoComments.seq))
  return rows.map((row) => ({ ...row, comments: comments.filter((comment) => comment.videoId === row.id) }))
}

/** A day's clips of the lifter, oldest first: all of them for the lifter, the ready ones for their coach. */
export async function dayVideos(
  db: Db,
  clientId: UserId,
  date: IsoDate,
  readyOnly: boolean
): Promise<ReadonlyArray<SetVideo>> {
  const rows = await videoRows(
    db,
    and(
      eq(setVideos.clientId, clientId),
      eq(workouts.date, date),
      readyOnly ? eq(setVideos.status, "ready") : undefined
    )
  ).orderBy(asc(setVideos.createdAt), asc(setVideos.id))
  return withComments(db, rows)
}

/** The coach's clients' newest ready clips (archived clients' too, as their comments are), each with the client's name. */
export async function recentVideos(db: Db, coachId: UserId, limit: number): Promise<ReadonlyArray<RecentVideo>> {
  const rows = await db
    .select({ ...videoColumns, clientName: users.name })
    .from(setVideos)
    .innerJoin(coachClients, eq(coachClients.clientId, setVideos.clientId))
    .innerJoin(users, eq(users.id, setVideos.clientId))
    .innerJoin(sets, eq(sets.id, setVideos.setId))
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(and(eq(coachClients.coachId, coachId), currentLink, notRemoved, eq(setVideos.status, "ready")))
    .orderBy(desc(setVideos.readyAt), desc(setVideos.id))
    .limit(limit)
  return withComments(db, rows)
}

/** What the lifter's clips take: every row, uploading or ready, on a removed workout or not (their bytes are kept). */
export async function usedBytes(db: Db | Tx, clientId: UserId): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${setVideos.sizeBytes}), 0)::text` })
    .from(setVideos)
    .where(eq(setVideos.clientId, clientId))
  return Number(row?.used ?? 0)
}

export interface VisibleVideo {
  readonly id: VideoId
  readonly clientId: UserId
  readonly status: "uploading" | "ready"
}

/**
 * The clip if the caller may see it: its lifter (any status), or their coach now (ready
 * only; an archived client's too). Undefined for anyone else, and on a removed workout.
 */
export async function visibleVideo(
  db: Db | Tx,
  caller: { readonly id: UserId; readonly user_type: string },
  videoId: VideoId
): Promise<VisibleVideo | undefined> {
  const [row] = await db
    .select({ id: setVideos.id, clientId: setVideos.clientId, status: setVideos.status })
    .from(setVideos)
    .innerJoin(sets, eq(sets.id, setVideos.setId))
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(and(eq(setVideos.id, videoId), notRemoved))
  if (row === undefined) return undefined
  if (caller.user_type === "Client") return row.clientId === caller.id ? row : undefined
  if (row.status !== "ready") return undefined
  const [link] = await db
    .select({ id: coachClients.id })
    .from(coachClients)
    .where(and(eq(coachClients.coachId, caller.id), eq(coachClients.clientId, row.clientId), currentLink))
  return link === undefined ? undefined : row
}

/** Removes the lifter's clip (its comments go with it; the trigger queues its bytes). False when it is not theirs. */
export async function removeVideo(db: Db, clientId: UserId, videoId: VideoId): Promise<boolean> {
  const removed = await db
    .delete(setVideos)
    .where(and(eq(setVideos.id, videoId), eq(setVideos.clientId, clientId)))
    .returning({ id: setVideos.id })
  return removed.length > 0
}

export type CommentVideoOutcome =
  | { readonly _tag: "Commented"; readonly comment: VideoComment }
  | { readonly _tag: "NoSuchVideo" }
  | { readonly _tag: "IdTaken" }

/**
 * Stores the coach's comment once, with its live event; the same id with the same
 * comment answers it again, another comment under that id is refused.
 */
export async function commentVideo(
  db: Db,
  coachId: UserId,
  videoId: VideoId,
  comment: NewVideoComment
): Promise<CommentVideoOutcome> {
  const clip = await visibleVideo(db, { id: coachId, user_type: "Coach" }, videoId)
  if (clip === undefined) return { _tag: "NoSuchVideo" }
  const pair: Pair = { coachId, clientId: clip.clientId }
  try {
    return await db.transaction(async (tx) => {
      await lockPair(tx, pair)
      const [stored] = await tx.select().from(videoComments).where(eq(videoComments.id, comment.id))
      if (stored !== undefined) {
        const same =
          stored.videoId === videoId &&
          stored.coachId === coachId &&
          stored.atMs === comment.atMs &&
          stored.body === comment.body
        if (!same) return { _tag: "IdTaken" } as const
      } else {
        const seq = await recordLiveEvent(tx, { ...pair, kind: "videoComment", videoCommentId: comment.id })
        await tx
          .insert(videoComments)
          .values({ id: comment.id, videoId, coachId, atMs: comment.atMs, body: comment.body, seq })
      }
      const [row] = await commentRows(tx, eq(videoComments.id, comment.id))
      // The clip was removed meanwhile (the lock orders events, not the lifter's removal).
      if (row === undefined) return { _tag: "NoSuchVideo" } as const
      return { _tag: "Commented", comment: row } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return commentVideo(db, coachId, videoId, comment)
    throw error
  }
}

/** Clips by id, as the live stream carries them. */
export const videosByIds = async (db: Db, ids: ReadonlyArray<VideoId>): Promise<ReadonlyArray<SetVideo>> =>
  ids.length === 0 ? [] : withComments(db, await videoRows(db, sql`${setVideos.id} in (${uuidList(ids)})`))

/** Clip comments by id, as the live stream carries them. */
export const videoCommentsByIds = async (
  db: Db,
  ids: ReadonlyArray<VideoCommentId>
): Promise<ReadonlyArray<VideoComment>> =>
  ids.length === 0 ? [] : commentRows(db, sql`${videoComments.id} in (${uuidList(ids)})`)
