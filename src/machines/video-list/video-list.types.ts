import type { SetVideo, VideoComment, VideoId } from "#domain/set-videos.ts"

/** A clip as a list shows it: on the coach's dashboard, with its client's name. */
export type ListedVideo = SetVideo & { readonly clientName?: string | undefined }

export interface VideoListContext {
  readonly videos: ReadonlyArray<ListedVideo>
  readonly failure: string | null
}

export type VideoListEvent =
  | { readonly type: "videos.retry" }
  /** The live stream opened again: what it missed while away is read again. */
  | { readonly type: "videos.reload" }
  /** A clip finished uploading (live), or one this list already shows changed. */
  | { readonly type: "video.arrived"; readonly video: ListedVideo }
  /** A coach's comment on a clip, from the live feed or from this screen's own review. */
  | { readonly type: "videoComment.arrived"; readonly comment: VideoComment }
  /** The lifter removed a clip on this screen. */
  | { readonly type: "video.removed"; readonly videoId: VideoId }
