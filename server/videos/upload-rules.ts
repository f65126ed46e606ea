import { Metadata } from "@tus/server"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import { VIDEO_MAX_BYTES, VIDEO_MAX_DURATION_MS, VideoUploadMetadata, type VideoMediaType } from "#domain/set-videos.ts"
import { VIDEO_UPLOAD_REFUSALS, type VideoUploadRefusalCode } from "#domain/video-errors.ts"
import { formatPath } from "../input-validation.ts"

/*
 * What a clip's upload must be (docs/decisions/050-form-check-videos.md), checked before
 * anything is stored: its declared length and metadata here, its set and the quota in
 * ./upload-repository.ts, its bytes in ./first-bytes-store.ts and at the end.
 */

/** A clip may say it is this much longer than VIDEO_MAX_DURATION_MS: browsers and containers round. */
export const DURATION_SLACK_MS = 1000

/**
 * An upload refused: thrown through @tus/server, which answers `status_code` and `body`
 * (the JSON every refusal of the tus endpoint has, src/domain/video-errors.ts).
 */
export class UploadRefusal extends Error {
  readonly _tag = "UploadRefusal" as const
  readonly status_code: number
  readonly body: string
  constructor(
    readonly code: VideoUploadRefusalCode,
    message: string
  ) {
    super(message)
    this.status_code = VIDEO_UPLOAD_REFUSALS[code]
    this.body = JSON.stringify({ error: message, code })
  }
}

export const badUpload = (message: string) => new UploadRefusal("BadUpload", message)

export const tooLong = (durationMs: number) =>
  new UploadRefusal(
    "VideoTooLong",
    `This clip is ${Math.round(durationMs / 1000)} s long; a clip may be at most ${VIDEO_MAX_DURATION_MS / 1000} s. Trim it to the set and send it again.`
  )

export const notAVideo = () =>
  new UploadRefusal(
    "NotAVideo",
    "This file is not a video we can play (MP4, MOV or WebM); record the set with the camera and send that."
  )

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`

export const quotaFull = (used: number, size: number, quota: number) =>
  new UploadRefusal(
    "VideoQuotaFull",
    `Your clips take ${megabytes(used)} of your ${megabytes(quota)}; this one (${megabytes(size)}) does not fit. Remove clips your coach has seen to make room.`
  )

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

/** A file name is kept only to name a download; longer than this is no name a phone gives. */
const MAX_FILENAME = 255
const decodeMetadata = Schema.decodeUnknownResult(VideoUploadMetadata)

/** What a creation says about its clip. */
export interface Creation {
  readonly metadata: VideoUploadMetadata
  readonly size: number
}

/** The creation's Upload-Length and Upload-Metadata, or the refusal naming the field. */
export function readCreation(headers: Headers): Creation {
  if (headers.has("upload-defer-length"))
    throw badUpload("Upload-Defer-Length: not accepted; send Upload-Length, the clip's size in bytes")
  const length = headers.get("upload-length")
  if (length === null) throw badUpload("Upload-Length: is required (the clip's size in bytes)")
  if (!/^\d{1,15}$/.test(length)) throw badUpload("Upload-Length: must be a whole number of bytes")
  const size = Number(length)
  if (size === 0) throw badUpload("Upload-Length: a clip cannot be empty")
  if (size > VIDEO_MAX_BYTES)
    throw new UploadRefusal(
      "VideoTooLarge",
      `This clip is ${megabytes(size)}; a clip may be at most ${megabytes(VIDEO_MAX_BYTES)}. Record a shorter clip or at a lower quality.`
    )
  let raw: Record<string, string | null | undefined>
  try {
    raw = Metadata.parse(headers.get("upload-metadata") ?? undefined)
  } catch {
    throw badUpload("Upload-Metadata: must be comma-separated keys, each with a base64 value")
  }
  const result = decodeMetadata(Object.fromEntries(Object.entries(raw).filter(([, value]) => value != null)))
  if (result._tag === "Failure") {
    const [issue] = formatIssues(result.failure.issue).issues
    const field = formatPath(issue?.path ?? [])
    const message = issue?.message === "Missing key" ? "is required" : (issue?.message ?? "is not valid")
    if (field === "durationMs" && Number(raw.durationMs) > VIDEO_MAX_DURATION_MS + DURATION_SLACK_MS)
      throw tooLong(Number(raw.durationMs))
    throw badUpload(`Upload-Metadata.${field || "videoId"}: ${message}`)
  }
  if ((result.success.filename?.length ?? 0) > MAX_FILENAME)
    throw badUpload(`Upload-Metadata.filename: at most ${MAX_FILENAME} characters`)
  return { metadata: result.success, size }
}

/** A name safe in Content-Disposition: letters, digits, '.', '_', '-' and spaces only, at most 80. */
export const plainFilename = (name: string | undefined | null, mediaType: VideoMediaType | null): string => {
  const extension = mediaType === "video/webm" ? ".webm" : mediaType === "video/quicktime" ? ".mov" : ".mp4"
  const stem = (name ?? "")
    .normalize("NFKD")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[^A-Za-z0-9._ -]+/g, "")
    .trim()
    .slice(0, 80)
  return `${stem || "clip"}${extension}`
}
