import * as Schema from "effect/Schema"
import { API_STAGE } from "./api-stage.ts"
import { IsoDate } from "./calendar.ts"
import { deviceId, Instant, Sequence, writtenText } from "./chat.ts"
import { SetId, UserId } from "./ids.ts"
import { WorkoutOrder } from "./workout-edits.ts"

/*
 * Form checks (docs/decisions/050-form-check-videos.md): a lifter's clip of one set, sent
 * over the tus protocol to `VIDEO_UPLOADS_PATH`, and their coach's comments pinned to a
 * moment in it. A clip's id is made on the device, and its upload's address is built from
 * it, so an upload whose creation answer was lost resumes instead of starting a second one.
 */

/** The tus endpoint: POST creates an upload, `<path>/<videoId>` is the upload (HEAD, PATCH, DELETE). */
export const VIDEO_UPLOADS_PATH = `${API_STAGE}/api/videos/uploads` as const
export const videoUploadPath = (videoId: VideoId) => `${VIDEO_UPLOADS_PATH}/${videoId}` as const

/** The one route that serves a clip's bytes, by a signed link (`VideoLink`); ranges honoured. */
export const VIDEO_FILE_PATH = `${API_STAGE}/api/videos/:videoId/file` as const
export const videoFilePath = (videoId: VideoId) => `${API_STAGE}/api/videos/${videoId}/file` as const

/** A clip may be at most this long; the server allows a second over for rounding. */
export const VIDEO_MAX_DURATION_MS = 90_000
/** A clip may be at most this large. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024
/** What one lifter's clips may take together, unless the server is told otherwise (VIDEO_QUOTA_BYTES). */
export const VIDEO_DEFAULT_QUOTA_BYTES = 2 * 1024 * 1024 * 1024
/** How long a signed link plays; the player asks for a new one when it runs out. */
export const VIDEO_LINK_SECONDS = 30 * 60

export const VideoId = deviceId("video id").pipe(Schema.brand("VideoId"))
export type VideoId = typeof VideoId.Type

export const VideoCommentId = deviceId("comment id").pipe(Schema.brand("VideoCommentId"))
export type VideoCommentId = typeof VideoCommentId.Type

/** The containers a clip may be in: found from its first bytes (./video-container.ts), never its name. */
export const VIDEO_MEDIA_TYPES = ["video/mp4", "video/quicktime", "video/webm"] as const
export const VideoMediaType = Schema.Literals(VIDEO_MEDIA_TYPES)
export type VideoMediaType = typeof VideoMediaType.Type

/**
 * The tus Upload-Metadata a creation carries (each value base64, as tus writes them).
 * `videoId` names the upload; `setId` is the lifter's own set; `durationMs` is what the
 * browser read from the clip (checked against the container when it says).
 */
export const VideoUploadMetadata = Schema.Struct({
  videoId: VideoId,
  setId: Schema.NumberFromString.pipe(Schema.decodeTo(SetId)),
  durationMs: Schema.NumberFromString.pipe(
    Schema.decodeTo(
      Schema.Number.check(
        Schema.isInt({ message: "durationMs must be a whole number" }),
        Schema.isBetween(
          { minimum: 1, maximum: VIDEO_MAX_DURATION_MS + 1000 },
          { message: `durationMs must be between 1 and ${VIDEO_MAX_DURATION_MS}` }
        )
      )
    )
  ),
  filename: Schema.optionalKey(Schema.String)
})
export type VideoUploadMetadata = typeof VideoUploadMetadata.Type

/** Milliseconds into a clip. */
export const VideoMoment = Schema.Number.annotate({ message: "atMs must be a number" }).check(
  Schema.isInt({ message: "atMs must be a whole number" }),
  Schema.isBetween(
    { minimum: 0, maximum: VIDEO_MAX_DURATION_MS + 1000 },
    { message: `atMs must be between 0 and ${VIDEO_MAX_DURATION_MS + 1000}` }
  )
)

/** Body of POST /api/videos/{videoId}/comments (the lifter's coach). */
export const NewVideoComment = Schema.Struct({ id: VideoCommentId, atMs: VideoMoment, body: writtenText("body") })
export type NewVideoComment = typeof NewVideoComment.Type

/** A coach's comment pinned to a moment of a clip, with where the clip stands. */
export const VideoComment = Schema.Struct({
  id: VideoCommentId,
  videoId: VideoId,
  clientId: UserId,
  coachId: UserId,
  setId: SetId,
  date: IsoDate,
  workoutOrder: WorkoutOrder,
  atMs: Schema.Number,
  body: Schema.String,
  createdAt: Instant,
  /** the server's one sequence (./chat.ts): the live event's id */
  seq: Sequence
})
export type VideoComment = typeof VideoComment.Type

/** `uploading` until the last byte is stored and checked; only `ready` clips play. */
export const VideoStatus = Schema.Literals(["uploading", "ready"])
export type VideoStatus = typeof VideoStatus.Type

/** A clip on one set, with the set's place and its coach's comments (oldest moment first). */
export const SetVideo = Schema.Struct({
  id: VideoId,
  clientId: UserId,
  setId: SetId,
  date: IsoDate,
  workoutOrder: WorkoutOrder,
  /** the set's exercise as the coach named it, and the set's index within it (from 0) */
  exercise: Schema.String,
  setIndex: Schema.Number,
  mediaType: Schema.NullOr(VideoMediaType),
  sizeBytes: Schema.Number,
  durationMs: Schema.Number,
  status: VideoStatus,
  createdAt: Instant,
  comments: Schema.Array(VideoComment)
})
export type SetVideo = typeof SetVideo.Type

export const SetVideos = Schema.Array(SetVideo)

/** A clip in the coach's dashboard panel: the client's name beside it. */
export const RecentVideo = Schema.Struct({ ...SetVideo.fields, clientName: Schema.String })
export type RecentVideo = typeof RecentVideo.Type
export const RecentVideos = Schema.Array(RecentVideo)

/** Query of a day's clips (GET /api/videos/{clientId}). */
export const DayVideosQuery = { date: IsoDate }

/** What the lifter's clips take and may take. */
export const VideoUsage = Schema.Struct({ usedBytes: Schema.Number, quotaBytes: Schema.Number })
export type VideoUsage = typeof VideoUsage.Type

/** A link that plays (and downloads, with `&download=1`) one clip until `expiresAt`, for its lifter or coach. */
export const VideoLink = Schema.Struct({ url: Schema.String, expiresAt: Instant })
export type VideoLink = typeof VideoLink.Type
