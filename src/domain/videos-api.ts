/**
 * The contract of form-check clips (./set-videos.ts, docs/decisions/050-form-check-videos.md):
 * the same stage, middleware and error bodies as `Api` (./api.ts), in a contract of its own so
 * only the screens that show clips load it (as ./data-api.ts). The bytes travel beside it: the
 * tus endpoint takes them in, the signed link serves them (server/videos).
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { API_STAGE, Authentication, InputValidation } from "./api.ts"
import { BadRequest, Forbidden, NotFound } from "./api-errors.ts"
import { UserId } from "./ids.ts"
import {
  DayVideosQuery,
  NewVideoComment,
  RecentVideos,
  SetVideos,
  VideoComment,
  VideoId,
  VideoLink,
  VideoUsage
} from "./set-videos.ts"
import { VideoNotFound } from "./video-errors.ts"

export const VideosGroup = HttpApiGroup.make("videos").add(
  /** A day's clips of one lifter, with their comments: the lifter, or their coach. */
  HttpApiEndpoint.get("dayVideos", "/api/videos/:clientId", {
    params: { clientId: UserId },
    query: DayVideosQuery,
    success: SetVideos,
    error: [BadRequest, Forbidden, NotFound]
  }),
  /** The coach's clients' newest clips, for the dashboard's panel. */
  HttpApiEndpoint.get("recentVideos", "/api/videos/recent", {
    success: RecentVideos,
    error: Forbidden
  }),
  /** What the calling lifter's clips take, and their quota. */
  HttpApiEndpoint.get("videoUsage", "/api/videos/usage", {
    success: VideoUsage,
    error: Forbidden
  }),
  /** A signed link that plays the clip: its lifter, or their coach. */
  HttpApiEndpoint.get("videoLink", "/api/videos/:videoId/link", {
    params: { videoId: VideoId },
    success: VideoLink,
    error: [BadRequest, Forbidden, VideoNotFound]
  }),
  /** The lifter removes their clip (bytes and comments with it). */
  HttpApiEndpoint.delete("removeVideo", "/api/videos/:videoId", {
    params: { videoId: VideoId },
    error: [BadRequest, Forbidden, VideoNotFound]
  }),
  /** The lifter's coach pins a comment to a moment of the clip; the same id again stores it once. */
  HttpApiEndpoint.post("commentVideo", "/api/videos/:videoId/comments", {
    params: { videoId: VideoId },
    payload: NewVideoComment,
    success: VideoComment,
    error: [BadRequest, Forbidden, VideoNotFound]
  })
)

export const VideosApi = HttpApi.make("strength-coach-videos")
  .add(VideosGroup)
  .middleware(InputValidation)
  .middleware(Authentication)
  .prefix(API_STAGE)

export type VideosApi = typeof VideosApi
