import { useEffect } from "react"
import { dayVideoPorts, recentVideoPorts } from "#machines/video-list/video-list.actors.ts"
import type { VideoReviewPorts } from "#machines/video-review/video-review.actors.ts"
import { useVideos } from "./use-videos.ts"
import type { VideosSlot } from "./videos-slot.ts"

/**
 * Mounts a coach's screen's form checks from a chunk of their own and hands them to the
 * screen's slot (as ../comments/comments-host.tsx does for comments). They live as long as
 * the screen.
 */
export default function VideosHost({
  slot,
  read,
  videos
}: {
  slot: VideosSlot
  /** Which clips: one client's day, or the coach's clients' newest. */
  read:
    | ({ readonly kind: "day" } & Parameters<typeof dayVideoPorts>[0])
    | ({ readonly kind: "recent" } & Parameters<typeof recentVideoPorts>[0])
  videos: VideoReviewPorts["videos"]
}) {
  const port = useVideos({
    list: read.kind === "day" ? dayVideoPorts(read) : recentVideoPorts(read),
    viewer: "coach",
    videos
  })
  // Handed over once committed: a render React throws away made a port of its own.
  useEffect(() => slot.attach(port), [slot, port])
  return null
}
