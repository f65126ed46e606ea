/**
 * A form-check clip's bytes to the server over tus (docs/decisions/050-form-check-videos.md),
 * beside the contract as the exports are (./export-file.ts). tus-js-client is imported when
 * an upload starts, so no screen's first load carries it. Fails with one of the tagged
 * failures below, never anything else.
 */
import * as Schema from "effect/Schema"
import type { DetailedError, HttpRequest, UploadOptions } from "tus-js-client"
import { VIDEO_UPLOADS_PATH, VideoUploadMetadata, videoUploadPath, type VideoId } from "#domain/set-videos.ts"
import { VideoUploadRefusal, type VideoUploadRefusalCode } from "#domain/video-errors.ts"
import { retryAfterMs } from "./gateway-defect.ts"

/** The network never answered (offline, or the connection dropped and stayed down). */
export class UploadOffline extends Error {
  readonly _tag = "Offline" as const
}

/** The server refused the clip for good, saying why (VIDEO_UPLOAD_REFUSALS). */
export class UploadRefused extends Error {
  readonly _tag = "Refused" as const
  constructor(
    readonly code: VideoUploadRefusalCode,
    message: string
  ) {
    super(message)
  }
}

/** The server did not take the sign-in, even with a fresh token. */
export class UploadUnauthorized extends Error {
  readonly _tag = "Unauthorized" as const
}

/** Anything else: a 5xx after its retries, a 429, an answer outside the tus protocol. */
export class UploadDefect extends Error {
  readonly _tag = "Defect" as const
  constructor(
    message: string,
    readonly status: number | undefined,
    /** how long the server asked to wait (its Retry-After) */
    readonly retryAfterMs: number | undefined
  ) {
    super(message)
  }
}

export type VideoUploadFailure = UploadOffline | UploadRefused | UploadUnauthorized | UploadDefect

/** One tus part: big enough that a phone's upload is a few requests, small enough to resume cheaply. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024
/** Waits between tries of a transient failure (a 5xx, a 409 or 423, a dropped connection while online). */
export const UPLOAD_RETRY_DELAYS_MS: ReadonlyArray<number> = [1_000, 3_000, 10_000]

export interface VideoUploadOptions {
  /** The signed-in lifter's Firebase ID token; `forceRefresh` asks for a new one. */
  readonly getIdToken: (forceRefresh?: boolean) => Promise<string | null>
  /** Origin of the API (tus resolves the server's Location against it); the page's by default. */
  readonly baseUrl?: string | undefined
  /** Replaces UPLOAD_RETRY_DELAYS_MS (tests). */
  readonly retryDelays?: ReadonlyArray<number> | undefined
}

export interface UploadVideoInput extends VideoUploadOptions {
  readonly videoId: VideoId
  readonly file: Blob
  readonly metadata: VideoUploadMetadata
  /** Bytes the server has acknowledged so far, of all. */
  readonly onProgress: (bytesSent: number, bytesTotal: number) => void
  /** The upload exists on the server (created now, or found by its address): a cancel must delete it. */
  readonly onCreated?: (() => void) | undefined
  /** Aborting stops the upload where it is; what the server holds stays, to resume. */
  readonly signal: AbortSignal
}

const loadTus = () => import("tus-js-client")

const originOf = (options: VideoUploadOptions): string => options.baseUrl ?? globalThis.location.origin

const statusOf = (error: unknown): number | undefined => (error as Partial<DetailedError>).originalResponse?.getStatus()

/** A refusal's body, `{"error", "code"}`, when the answer carries one. */
const refusalOf = (error: unknown): VideoUploadRefusal | undefined => {
  const body = (error as Partial<DetailedError>).originalResponse?.getBody()
  if (typeof body !== "string" || body === "") return undefined
  try {
    const decoded = Schema.decodeUnknownOption(VideoUploadRefusal)(JSON.parse(body))
    return decoded._tag === "Some" ? decoded.value : undefined
  } catch {
    return undefined
  }
}

/** What tus-js-client's error (or a failed import of it) means to the outbox. */
export function uploadFailureOf(error: unknown): VideoUploadFailure {
  const status = statusOf(error)
  const message = error instanceof Error ? error.message : String(error)
  if (status === undefined || status === 0) return new UploadOffline(message, { cause: error })
  if (status === 401) return new UploadUnauthorized(message, { cause: error })
  const refusal = refusalOf(error)
  if (refusal !== undefined) return new UploadRefused(refusal.code, refusal.error)
  const retryAfter = (error as Partial<DetailedError>).originalResponse?.getHeader("Retry-After")
  return new UploadDefect(message, status, retryAfterMs(retryAfter ?? null))
}

/** Not a refusal: worth the same request again after a while. 401 is retried once, with a fresh token. */
const isTransient = (status: number): boolean =>
  status === 0 || status >= 500 || status === 408 || status === 409 || status === 423 || status === 429

/** The bearer token on every request tus makes, fresh from Firebase once after a 401. */
function signedRequests(options: VideoUploadOptions) {
  let refreshToken = false
  let refreshed = false
  const onBeforeRequest = async (request: HttpRequest) => {
    const token = await options.getIdToken(refreshToken)
    refreshToken = false
    if (token !== null) request.setHeader("Authorization", `Bearer ${token}`)
  }
  const onShouldRetry = (error: DetailedError): boolean => {
    const status = statusOf(error) ?? 0
    if (status === 401) {
      if (refreshed) return false
      refreshed = refreshToken = true
      return true
    }
    // A request that got no answer while the browser says it is offline waits for the network instead.
    if (status === 0 && typeof navigator !== "undefined" && !navigator.onLine) return false
    return isTransient(status)
  }
  return { onBeforeRequest, onShouldRetry }
}

/**
 * Uploads (or resumes) the clip `videoId`: its address is known before it exists, so a
 * creation whose answer was lost is found by a HEAD and resumed rather than made twice.
 * Resolves once the server holds every byte; rejects with a VideoUploadFailure, or with
 * an AbortError when `signal` aborts.
 */
export async function uploadVideo(input: UploadVideoInput): Promise<void> {
  if (input.signal.aborted) throw new DOMException("The upload was stopped", "AbortError")
  let tus: Awaited<ReturnType<typeof loadTus>>
  try {
    tus = await loadTus()
  } catch (error) {
    throw new UploadOffline("The uploader could not be loaded", { cause: error })
  }
  const origin = originOf(input)
  const metadata = Schema.encodeSync(VideoUploadMetadata)(input.metadata)
  return new Promise<void>((resolve, reject) => {
    const options: UploadOptions = {
      endpoint: `${origin}${VIDEO_UPLOADS_PATH}`,
      uploadUrl: `${origin}${videoUploadPath(input.videoId)}`,
      metadata: Object.fromEntries(Object.entries(metadata)),
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [...(input.retryDelays ?? UPLOAD_RETRY_DELAYS_MS)],
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      ...signedRequests(input),
      onProgress: input.onProgress,
      onUploadUrlAvailable: () => input.onCreated?.(),
      onSuccess: () => resolve(),
      onError: (error) => reject(uploadFailureOf(error))
    }
    const upload = new tus.Upload(input.file, options)
    input.signal.addEventListener(
      "abort",
      () => {
        void upload.abort(false)
        reject(new DOMException("The upload was stopped", "AbortError"))
      },
      { once: true }
    )
    upload.start()
  })
}

/**
 * Deletes the clip's upload on the server (the lifter cancelled it). An upload the server
 * does not hold (never created, or already gone) is deleted already.
 */
export async function terminateUpload(videoId: VideoId, options: VideoUploadOptions): Promise<void> {
  let tus: Awaited<ReturnType<typeof loadTus>>
  try {
    tus = await loadTus()
  } catch (error) {
    throw new UploadOffline("The uploader could not be loaded", { cause: error })
  }
  try {
    await tus.Upload.terminate(`${originOf(options)}${videoUploadPath(videoId)}`, {
      retryDelays: [...(options.retryDelays ?? UPLOAD_RETRY_DELAYS_MS)],
      ...signedRequests(options)
    })
  } catch (error) {
    const status = statusOf(error)
    if (status === 404 || status === 410) return
    throw uploadFailureOf(error)
  }
}
