import type { VideoId } from "#domain/set-videos.ts"
import type { KeptClip, QueuedClip } from "#domain/video-outbox.ts"

export interface VideoOutboxContext {
  /** oldest first: clips upload in the order added; a refused one stays, with its message, until dismissed */
  readonly clips: ReadonlyArray<KeptClip>
  /** what the browser last said about the network */
  readonly online: boolean
  /** the clip on its way and how much of it the server holds, in percent */
  readonly progress: { readonly videoId: VideoId; readonly percent: number } | null
  /** each clip's percent when last heard: a resumed upload shows it until the server answers, never 0 for bytes already there */
  readonly sent: Readonly<Record<VideoId, number>>
  /** failed tries in a row, for the backoff */
  readonly attempt: number
  /** how long the server asked to wait (Retry-After), if it did */
  readonly retryAfterMs: number | undefined
}

export interface VideoOutboxInput {
  readonly online: boolean
}

/** A clip filmed for a set: its record, its bytes and its poster (null when the browser cannot decode it). */
export interface ClipAdded {
  readonly clip: QueuedClip
  readonly file: Blob
  readonly poster: Blob | null
}

export type VideoOutboxEvent =
  /** Keep the clip on the device, then upload it when its turn comes. */
  | ({ readonly type: "clip.add" } & ClipAdded)
  /** The lifter no longer wants it sent: it leaves the device, and the server if it got there. */
  | { readonly type: "clip.cancel"; readonly videoId: VideoId }
  /** The lifter has read a refusal: the clip leaves the device. */
  | { readonly type: "clip.dismiss"; readonly videoId: VideoId }
  | { readonly type: "network.online" }
  | { readonly type: "network.offline" }
  /** From the upload under way: how much of the clip the server holds. */
  | { readonly type: "upload.progress"; readonly videoId: VideoId; readonly percent: number }
  /** From the upload under way: the upload exists on the server. */
  | { readonly type: "upload.created"; readonly videoId: VideoId }

/** What the outbox tells screens that show clips: the server now holds all of this one. */
export type VideoOutboxEmitted = { readonly type: "uploaded"; readonly videoId: VideoId; readonly clip: QueuedClip }

/** What the upload actor is given: the clip, and where to say how far it got. */
export interface UploadInput {
  readonly clip: QueuedClip
  readonly file: Blob
  readonly report: (event: Extract<VideoOutboxEvent, { type: "upload.progress" | "upload.created" }>) => void
}
