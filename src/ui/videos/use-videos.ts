import { useActorRef } from "@xstate/react"
import { useEffect, useState } from "react"
import { videoListImplementations, type VideoListPorts } from "#machines/video-list/video-list.actors.ts"
import { videoListMachine } from "#machines/video-list/video-list.machine.ts"
import type { VideoReviewPorts } from "#machines/video-review/video-review.actors.ts"
import type { VideoViewer } from "#machines/video-review/video-review.types.ts"
import { videoReviews } from "#machines/video-review/video-reviews.ts"
import type { VideosPort } from "./videos-slot.ts"

/**
 * Mounts a screen's form checks: the list (read, and kept live) for as long as the screen,
 * and a review per clip opened, whose comments and removals reach the list at once.
 */
export function useVideos(options: {
  readonly list: VideoListPorts
  readonly viewer: VideoViewer
  readonly videos: VideoReviewPorts["videos"]
  readonly addTo?: VideosPort["addTo"]
}): VideosPort {
  const [logic] = useState(() => videoListMachine.provide(videoListImplementations(options.list)))
  const list = useActorRef(logic)
  const [reviews] = useState(() =>
    videoReviews({
      viewer: options.viewer,
      ports: {
        videos: options.videos,
        commented: (comment) => list.send({ type: "videoComment.arrived", comment }),
        removed: (videoId) => list.send({ type: "video.removed", videoId })
      }
    })
  )
  useEffect(() => () => reviews.stop(), [reviews])
  const [port] = useState<VideosPort>(() => ({ list, reviews, addTo: options.addTo }))
  return port
}
