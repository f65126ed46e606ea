import * as Schema from "effect/Schema"
import { coded } from "./api-errors.ts"

/* The refusals of the form-check calls a screen reacts to (docs/decisions/045-domain-errors.md). */

export class VideoNotFound extends Schema.Error<VideoNotFound>("VideoNotFound")(coded("VideoNotFound"), {
  httpApiStatus: 404,
  description: "No clip with this id that the caller may see"
}) {
  readonly _tag = "VideoNotFound" as const
}

/**
 * Why the tus endpoint refused an upload: its answers are outside the contract, with the
 * same body `{"error": <message>, "code": <one of these>}`; the message says what to do.
 */
export const VIDEO_UPLOAD_REFUSALS = {
  /** 415: the first bytes are not an mp4, mov or webm file */
  NotAVideo: 415,
  /** 413: past VIDEO_MAX_BYTES */
  VideoTooLarge: 413,
  /** 400: past VIDEO_MAX_DURATION_MS, by the browser's reading or the container's */
  VideoTooLong: 400,
  /** 413: the lifter's clips would pass their quota */
  VideoQuotaFull: 413,
  /** 404: no such set among the caller's own (or it was removed) */
  SetNotFound: 404,
  /** 400: Upload-Metadata or Upload-Length missing or malformed; the message names the field */
  BadUpload: 400
} as const

export const VideoUploadRefusalCode = Schema.Literals(
  Object.keys(VIDEO_UPLOAD_REFUSALS) as Array<keyof typeof VIDEO_UPLOAD_REFUSALS>
)
export type VideoUploadRefusalCode = typeof VideoUploadRefusalCode.Type

export const VideoUploadRefusal = Schema.Struct({ error: Schema.String, code: VideoUploadRefusalCode })
export type VideoUploadRefusal = typeof VideoUploadRefusal.Type
