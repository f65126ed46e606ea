import { and, eq, sql } from "drizzle-orm"
import type { SetId, UserId } from "#domain/ids.ts"
import type { VideoId, VideoMediaType, VideoStatus } from "#domain/set-videos.ts"
import { coachOf } from "../clients/repository.ts"
import type { Db } from "../db/client.ts"
import { exercises, sets, setVideos, videoRemovals, workouts } from "../db/schema.ts"
import { lockPair, recordLiveEvent } from "../live/record.ts"
import { notRemoved } from "../workouts/row-queries.ts"
import { usedBytes } from "./repository.ts"

/*
 * The rows behind the tus endpoint (docs/decisions/050-form-check-videos.md): an upload's
 * row is made before its first byte is stored, so its size counts against the quota at
 * once, and becomes `ready` when the last byte is stored and checked.
 */

/** The first key of the advisory lock that orders one lifter's upload creations (the second is the lifter). */
const UPLOAD_LOCK_SPACE = 1_050_050

export interface UploadRow {
  readonly id: VideoId
  readonly clientId: UserId
  readonly setId: SetId
  readonly sizeBytes: number
  readonly durationMs: number
  readonly status: VideoStatus
  readonly mediaType: VideoMediaType | null
  readonly filename: string | null
}

const uploadColumns = {
  id: setVideos.id,
  clientId: setVideos.clientId,
  setId: setVideos.setId,
  sizeBytes: setVideos.sizeBytes,
  durationMs: setVideos.durationMs,
  status: setVideos.status,
  mediaType: setVideos.mediaType,
  filename: setVideos.filename
}

export async function findUpload(db: Db, videoId: VideoId): Promise<UploadRow | undefined> {
  const [row] = await db.select(uploadColumns).from(setVideos).where(eq(setVideos.id, videoId))
  return row
}

export interface NewUpload {
  readonly id: VideoId
  readonly clientId: UserId
  readonly setId: SetId
  readonly sizeBytes: number
  readonly durationMs: number
  readonly filename: string | null
  readonly quotaBytes: number
}

export type CreateUploadOutcome =
  | { readonly _tag: "Created" }
  | { readonly _tag: "Exists"; readonly row: UploadRow }
  /** the id named a clip whose bytes are still queued for removal */
  | { readonly _tag: "IdRemoved" }
  | { readonly _tag: "NoSuchSet" }
  | { readonly _tag: "QuotaFull"; readonly usedBytes: number }

/**
 * Makes the upload's row when the set is the lifter's own and the clip fits their quota.
 * One lifter's creations take turns (an advisory lock), so two racing cannot both fit.
 */
export async function createUpload(db: Db, upload: NewUpload): Promise<CreateUploadOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK_SPACE}::int, ${upload.clientId}::int)`)
    const [existing] = await tx.select(uploadColumns).from(setVideos).where(eq(setVideos.id, upload.id))
    if (existing !== undefined) return { _tag: "Exists", row: existing } as const
    const [queued] = await tx.select().from(videoRemovals).where(eq(videoRemovals.videoId, upload.id))
    if (queued !== undefined) return { _tag: "IdRemoved" } as const
    const [set] = await tx
      .select({ id: sets.id })
      .from(sets)
      .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
      .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
      .where(and(eq(sets.id, upload.setId), eq(workouts.clientId, upload.clientId), notRemoved))
    if (set === undefined) return { _tag: "NoSuchSet" } as const
    const used = await usedBytes(tx, upload.clientId)
    if (used + upload.sizeBytes > upload.quotaBytes) return { _tag: "QuotaFull", usedBytes: used } as const
    await tx.insert(setVideos).values({
      id: upload.id,
      clientId: upload.clientId,
      setId: upload.setId,
      sizeBytes: upload.sizeBytes,
      durationMs: upload.durationMs,
      filename: upload.filename
    })
    return { _tag: "Created" } as const
  })
}

/** Records the container the first bytes showed. */
export const recordMediaType = (db: Db, videoId: VideoId, mediaType: VideoMediaType) =>
  db.update(setVideos).set({ mediaType }).where(eq(setVideos.id, videoId))

/**
 * The last byte is stored and checked: the clip is ready, with the container's duration
 * when it said one, and its lifter and their coach hear of it (a live event, when the
 * lifter has a coach: every event is one pair's). False when the row went meanwhile.
 */
export async function markReady(
  db: Db,
  videoId: VideoId,
  clientId: UserId,
  durationMs: number | null
): Promise<boolean> {
  const coachId = await coachOf(db, clientId)
  return db.transaction(async (tx) => {
    if (coachId !== undefined) await lockPair(tx, { coachId, clientId })
    const changed = await tx
      .update(setVideos)
      .set({
        status: "ready",
        readyAt: sql`now()`,
        ...(durationMs === null ? {} : { durationMs })
      })
      .where(and(eq(setVideos.id, videoId), eq(setVideos.status, "uploading")))
      .returning({ id: setVideos.id })
    if (changed.length === 0) return false
    if (coachId !== undefined) await recordLiveEvent(tx, { coachId, clientId, kind: "video", videoId })
    return true
  })
}

/** Forgets the upload's row; the trigger queues its bytes for the sweeper. */
export const deleteUpload = (db: Db, videoId: VideoId) => db.delete(setVideos).where(eq(setVideos.id, videoId))

/** Drops the queue entry of bytes already removed here. */
export const dequeueRemoval = (db: Db, videoId: VideoId) =>
  db.delete(videoRemovals).where(eq(videoRemovals.videoId, videoId))
