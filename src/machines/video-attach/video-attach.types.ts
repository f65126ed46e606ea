import type { VideoId } from "#domain/set-videos.ts"
import type { ClipCheck, ClipSet } from "#domain/video-outbox.ts"

/** The set a clip is filmed for, as the outbox's record names it. */
export type { ClipSet }

export interface VideoAttachInput {
  readonly set: ClipSet
}

/** What reading a clip on the device found (src/device/video-probe.ts). */
export interface ClipProbe {
  /** null when neither the browser nor the container said */
  readonly durationMs: number | null
  /** a frame of the clip as a JPEG; null when the browser cannot decode it */
  readonly poster: Blob | null
  /** whether this browser can play it (an HEVC clip in Chromium cannot, and still uploads) */
  readonly playable: boolean
}

export interface VideoAttachContext {
  readonly set: ClipSet
  /** the clip chosen last, with the id and time it was chosen at */
  readonly chosen: { readonly file: File; readonly videoId: VideoId; readonly chosenAt: string } | null
  /** why the clip chosen last cannot be queued, or that it was */
  readonly check: ClipCheck | null
}

export type VideoAttachEvent =
  /** A clip was chosen (filmed or picked): its id is made on the device at once. */
  | { readonly type: "clip.choose"; readonly file: File; readonly videoId: VideoId; readonly chosenAt: string }
  /** The lifter has read why a clip was not added. */
  | { readonly type: "clip.retry" }
