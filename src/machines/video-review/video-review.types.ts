import type { VideoComment, VideoCommentId, VideoId, VideoLink } from "#domain/set-videos.ts"

/** Who watches: the coach may comment at a moment; the lifter may remove their clip. */
export type VideoViewer = "coach" | "lifter"

export interface VideoReviewInput {
  readonly videoId: VideoId
  readonly viewer: VideoViewer
}

export interface VideoReviewContext extends VideoReviewInput {
  readonly link: VideoLink | null
  /** The comment being written, the moment it is pinned to, and its id (made once, kept across retries). */
  readonly draft: string
  readonly atMs: number
  readonly commentId: VideoCommentId | null
  readonly failure: string | null
}

export type VideoReviewEvent =
  | { readonly type: "link.retry" }
  /** The player could not play: `at` is when (epoch ms), to tell a link run out from a clip this browser cannot play. */
  | { readonly type: "media.failed"; readonly at: number }
  | { readonly type: "comment.start"; readonly atMs: number }
  | { readonly type: "draft.change"; readonly text: string }
  | { readonly type: "comment.send" }
  | { readonly type: "comment.cancel" }
  | { readonly type: "remove.ask" }
  | { readonly type: "remove.confirm" }
  | { readonly type: "remove.cancel" }

export type SentComment = VideoComment
