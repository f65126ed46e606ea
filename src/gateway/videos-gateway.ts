/**
 * The browser side of the form-check contract (#domain/videos-api.ts): the same token, retry
 * and errors as the main gateway (./gateway.ts), in a module of its own so only the screens
 * that show clips load it. The bytes go through ./video-upload.ts (tus). Rejects with a
 * DeclaredError or a GatewayDefect.
 */
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { NewVideoComment, VideoId } from "#domain/set-videos.ts"
import { VideosApi } from "#domain/videos-api.ts"
import { contractCalls, promiseCalls, type PromiseCalls } from "./gateway.ts"

const makeVideoCalls = contractCalls(VideosApi, (client) => ({
  /** A day's clips of one lifter, with their coach's comments. */
  dayVideos: (clientId: UserId, date: IsoDate) => client.videos.dayVideos({ params: { clientId }, query: { date } }),
  /** The coach's clients' newest clips. */
  recentVideos: () => client.videos.recentVideos({}),
  /** What the lifter's clips take, and may take. */
  videoUsage: () => client.videos.videoUsage({}),
  /** A link that plays the clip for a while. */
  videoLink: (videoId: VideoId) => client.videos.videoLink({ params: { videoId } }),
  /** The lifter removes their clip. */
  removeVideo: (videoId: VideoId) => client.videos.removeVideo({ params: { videoId } }),
  /** The coach pins a comment to a moment of the clip. */
  commentVideo: (videoId: VideoId, payload: NewVideoComment) =>
    client.videos.commentVideo({ params: { videoId }, payload })
}))

export type VideosGateway = PromiseCalls<ReturnType<typeof makeVideoCalls>>

export const makeVideosGateway = (options: Parameters<typeof makeVideoCalls>[0]): VideosGateway =>
  promiseCalls(makeVideoCalls(options))
