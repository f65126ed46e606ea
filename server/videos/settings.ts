import * as Context from "effect/Context"
import type { VideoStorage } from "./video-storage.ts"

/** What the form-check parts of the server share (docs/decisions/050-form-check-videos.md). */
export interface VideoSettings {
  readonly storage: VideoStorage
  /** What one lifter's clips may take together (VIDEO_QUOTA_BYTES). */
  readonly quotaBytes: number
  /** The key links to clips are signed with (./signed-links.ts). */
  readonly linkSecret: string
}

export class Videos extends Context.Service<Videos, VideoSettings>()("strength-coach/server/Videos") {}
