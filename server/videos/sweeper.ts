import { and, asc, eq, lt, sql } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { setVideos, videoRemovals } from "../db/schema.ts"
import { log } from "../log.ts"
import type { VideoStorage } from "./video-storage.ts"

/*
 * Storage catches up with the database (docs/decisions/050-form-check-videos.md): a clip's
 * row goes in a transaction (its set, workout or account removed, or the lifter removing
 * it), its bytes cannot, so the trigger queues them in `video_removals` and this removes
 * them. An upload left unfinished for a day goes too. A removal that fails stays queued
 * for the next sweep; every instance may sweep, as a removal done twice is no harm.
 */

/** How often a running server sweeps. */
export const SWEEP_EVERY_MS = 10 * 60 * 1000
/** An upload not finished after this is given up. */
export const ABANDONED_AFTER_HOURS = 24
/** Removals taken per sweep: one sweep stays short, the next takes the rest. */
const BATCH = 100

export interface SweepReport {
  readonly abandoned: number
  readonly removed: number
  readonly failed: number
}

/** One sweep: abandoned uploads' rows dropped (queueing their bytes), then the queue drained. */
export async function sweepVideos(db: Db, storage: VideoStorage): Promise<SweepReport> {
  const abandoned = await db
    .delete(setVideos)
    .where(
      and(
        eq(setVideos.status, "uploading"),
        lt(setVideos.createdAt, sql`now() - make_interval(hours => ${ABANDONED_AFTER_HOURS})`)
      )
    )
    .returning({ id: setVideos.id })
  const queued = await db
    .select({ videoId: videoRemovals.videoId })
    .from(videoRemovals)
    .orderBy(asc(videoRemovals.queuedAt))
    .limit(BATCH)
  let removed = 0
  let failed = 0
  for (const { videoId } of queued) {
    try {
      await storage.remove(videoId)
      await db.delete(videoRemovals).where(eq(videoRemovals.videoId, videoId))
      removed += 1
    } catch (error) {
      failed += 1
      log.warn({ err: error, videoId }, "clip bytes not removed; the next sweep tries again")
    }
  }
  return { abandoned: abandoned.length, removed, failed }
}

export interface Sweeper {
  /** Sweeps now (tests); sweeps never overlap, a call during one waits for it and sweeps again. */
  readonly sweep: () => Promise<SweepReport>
  readonly close: () => Promise<void>
}

/** Sweeps once now, then every `everyMs`, until closed. */
export function startSweeper(db: Db, storage: VideoStorage, everyMs = SWEEP_EVERY_MS): Sweeper {
  let running: Promise<SweepReport> = Promise.resolve({ abandoned: 0, removed: 0, failed: 0 })
  const sweep = () => (running = running.catch(() => undefined).then(() => sweepVideos(db, storage)))
  const background = () =>
    void sweep().catch((error: unknown) => log.warn({ err: error }, "video sweep failed; the next one tries again"))
  background()
  const timer = setInterval(background, everyMs)
  timer.unref()
  return {
    sweep,
    close: async () => {
      clearInterval(timer)
      await running.catch(() => undefined)
    }
  }
}
