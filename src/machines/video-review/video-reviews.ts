import { createActor } from "xstate"
import type { VideoId } from "#domain/set-videos.ts"
import { videoReviewImplementations, type VideoReviewPorts } from "./video-review.actors.ts"
import { videoReviewMachine } from "./video-review.machine.ts"
import type { VideoReviewActorRef } from "./video-review.selectors.ts"
import type { VideoViewer } from "./video-review.types.ts"

/**
 * The clips being watched on one screen, one review per clip, made when it is first opened
 * and kept while the screen lives (closing the player and opening it again keeps a comment
 * being written). `stop` ends them all with the screen.
 */
export interface VideoReviews {
  readonly viewer: VideoViewer
  readonly reviewOf: (videoId: VideoId) => VideoReviewActorRef
  readonly stop: () => void
}

export function videoReviews(options: {
  readonly viewer: VideoViewer
  readonly ports: VideoReviewPorts
}): VideoReviews {
  const reviews = new Map<VideoId, VideoReviewActorRef>()
  const machine = videoReviewMachine.provide(videoReviewImplementations(options.ports))
  return {
    viewer: options.viewer,
    reviewOf: (videoId) => {
      const kept = reviews.get(videoId)
      if (kept !== undefined) return kept
      const review = createActor(machine, { input: { videoId, viewer: options.viewer } }).start()
      reviews.set(videoId, review)
      return review
    },
    stop: () => {
      for (const review of reviews.values()) review.stop()
      reviews.clear()
    }
  }
}
