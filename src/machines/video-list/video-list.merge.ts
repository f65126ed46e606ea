import type { VideoComment, VideoId } from "#domain/set-videos.ts"
import type { ListedVideo } from "./video-list.types.ts"

const byMoment = (a: VideoComment, b: VideoComment) => a.atMs - b.atMs || a.seq - b.seq

const withComments = (video: ListedVideo, comments: ReadonlyArray<VideoComment>): ListedVideo => {
  const byId = new Map(video.comments.map((comment) => [comment.id, comment] as const))
  for (const comment of comments) byId.set(comment.id, comment)
  return { ...video, comments: [...byId.values()].sort(byMoment) }
}

/** One clip's two copies as one: a ready clip stays ready, comments are kept from both. */
const laterOf = (kept: ListedVideo, incoming: ListedVideo): ListedVideo => {
  const chosen = kept.status === "ready" && incoming.status !== "ready" ? kept : incoming
  return withComments(
    { ...chosen, clientName: incoming.clientName ?? kept.clientName, comments: kept.comments },
    incoming.comments
  )
}

/** `videos` with `incoming` merged in by id, oldest first. */
export const mergeVideos = (
  videos: ReadonlyArray<ListedVideo>,
  incoming: ReadonlyArray<ListedVideo>
): ReadonlyArray<ListedVideo> => {
  const byId = new Map(videos.map((video) => [video.id, video] as const))
  for (const video of incoming) {
    const kept = byId.get(video.id)
    byId.set(video.id, kept === undefined ? withComments(video, []) : laterOf(kept, video))
  }
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/** A comment put on its clip; one on a clip this list does not hold is left to the next read. */
export const addVideoComment = (
  videos: ReadonlyArray<ListedVideo>,
  comment: VideoComment
): ReadonlyArray<ListedVideo> =>
  videos.map((video) => (video.id === comment.videoId ? withComments(video, [comment]) : video))

export const withoutVideo = (videos: ReadonlyArray<ListedVideo>, videoId: VideoId): ReadonlyArray<ListedVideo> =>
  videos.filter((video) => video.id !== videoId)
