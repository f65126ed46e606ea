import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { countText } from "#domain/count-text.ts"
import type { VideoId } from "#domain/set-videos.ts"
import { clipPlace } from "#domain/video-outbox.ts"
import type { VideoOutboxMachine } from "./video-outbox.machine.ts"

export type VideoOutboxSnapshot = SnapshotFrom<VideoOutboxMachine>
export type VideoOutboxActorRef = ActorRefFrom<VideoOutboxMachine>

/** Where one clip stands, for the set it was filmed on; null once the outbox no longer holds it. */
export type ClipState =
  | { readonly status: "queued" }
  | { readonly status: "uploading"; readonly percent: number }
  | { readonly status: "waiting" }
  | { readonly status: "refused"; readonly message: string }

/** Offline, or waiting out a failure of the server's: nothing goes out for now. */
const isWaiting = (snapshot: VideoOutboxSnapshot): boolean =>
  snapshot.matches("offline") || snapshot.matches("waitingToRetry")

export function clipState(snapshot: VideoOutboxSnapshot, videoId: VideoId): ClipState | null {
  const kept = snapshot.context.clips.find((held) => held.clip.videoId === videoId)
  if (kept === undefined) return null
  if (kept.refused !== null) return { status: "refused", message: kept.refused }
  const progress = snapshot.context.progress
  if (progress?.videoId === videoId) return { status: "uploading", percent: progress.percent }
  return isWaiting(snapshot) ? { status: "waiting" } : { status: "queued" }
}

/** The frame drawn from a clip the outbox holds; null without one (the browser could not decode it) or once it is gone. */
export const clipPoster = (snapshot: VideoOutboxSnapshot, videoId: VideoId): Blob | null =>
  snapshot.context.clips.find((held) => held.clip.videoId === videoId)?.poster ?? null

export const sameClipState = (a: ClipState | null, b: ClipState | null): boolean =>
  JSON.stringify(a) === JSON.stringify(b)

/** The outbox's status line, shown on every lifter screen. */
export interface VideoUploadsView {
  /** the clip on its way: which set, how far */
  readonly uploading: { readonly videoId: VideoId; readonly place: string; readonly percent: number } | null
  /** clips behind the one on its way, or all of them while nothing goes out */
  readonly waitingText: string | null
  /** refusals, each until dismissed */
  readonly refused: ReadonlyArray<{ readonly videoId: VideoId; readonly text: string }>
}

const waitingTextOf = (snapshot: VideoOutboxSnapshot, uploadingId: VideoId | null): string | null => {
  const waiting = snapshot.context.clips.filter((kept) => kept.refused === null && kept.clip.videoId !== uploadingId)
  const count = waiting.length
  if (count === 0) return null
  const one = count === 1
  if (snapshot.matches("offline"))
    return `${countText(count, "clip")} ${one ? "waits" : "wait"} for a connection; ${one ? "it uploads" : "they upload"} when you're back online`
  if (snapshot.matches("waitingToRetry"))
    return `${countText(count, "clip")} ${one ? "waits" : "wait"} to upload: the server did not take ${one ? "it" : "them"} yet, trying again shortly`
  if (uploadingId !== null) return `${countText(count, "more clip")} after this one`
  return `${countText(count, "clip")} ${one ? "is" : "are"} about to upload`
}

export function selectVideoUploads(snapshot: VideoOutboxSnapshot): VideoUploadsView {
  const progress = snapshot.context.progress
  const current =
    progress === null ? undefined : snapshot.context.clips.find((kept) => kept.clip.videoId === progress.videoId)
  return {
    uploading:
      progress === null || current === undefined
        ? null
        : { videoId: progress.videoId, place: clipPlace(current.clip), percent: progress.percent },
    waitingText: waitingTextOf(snapshot, progress?.videoId ?? null),
    refused: snapshot.context.clips.flatMap((kept) =>
      kept.refused === null
        ? []
        : [
            {
              videoId: kept.clip.videoId,
              text: `Your form check of ${clipPlace(kept.clip)} was not uploaded: ${kept.refused}`
            }
          ]
    )
  }
}

export const sameVideoUploads = (a: VideoUploadsView, b: VideoUploadsView): boolean =>
  JSON.stringify(a) === JSON.stringify(b)
