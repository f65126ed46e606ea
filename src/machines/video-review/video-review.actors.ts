import { fromPromise } from "xstate"
import type { NewVideoComment, VideoComment, VideoId, VideoLink } from "#domain/set-videos.ts"
import type { VideosGateway } from "#gateway/videos-gateway.ts"

/** What watching a clip needs from outside: the calls, and where a sent comment or a removal goes. */
export interface VideoReviewPorts {
  readonly videos: Pick<VideosGateway, "videoLink" | "commentVideo" | "removeVideo">
  /** A comment the server stored: the screen's clip list shows it at once. */
  readonly commented?: (comment: VideoComment) => void
  /** The clip was removed: the screen's clip list lets it go. */
  readonly removed?: (videoId: VideoId) => void
}

export function videoReviewImplementations(ports: VideoReviewPorts) {
  return {
    actors: {
      loadLink: fromPromise<VideoLink, { videoId: VideoId }>(({ input }) => ports.videos.videoLink(input.videoId)),
      sendComment: fromPromise<VideoComment, { videoId: VideoId; comment: NewVideoComment }>(({ input }) =>
        ports.videos.commentVideo(input.videoId, input.comment)
      ),
      removeVideo: fromPromise<undefined, { videoId: VideoId }>(async ({ input }) => {
        await ports.videos.removeVideo(input.videoId)
        return undefined
      })
    },
    actions: {
      commented: (_: unknown, { comment }: { comment: VideoComment }) => ports.commented?.(comment),
      removed: (_: unknown, { videoId }: { videoId: VideoId }) => ports.removed?.(videoId)
    }
  }
}
