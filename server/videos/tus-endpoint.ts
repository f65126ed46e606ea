import { Server, type Upload } from "@tus/server"
import * as Schema from "effect/Schema"
import { VIDEO_UPLOADS_PATH, VIDEO_MAX_DURATION_MS, VideoId, videoUploadPath } from "#domain/set-videos.ts"
import { containerDurationMs, sniffVideo, SNIFF_BYTES } from "#domain/video-container.ts"
import type { TokenVerifier } from "../auth/token-verifier.ts"
import type { Db } from "../db/client.ts"
import { callerOf, refusal } from "../exports/caller.ts"
import { log } from "../log.ts"
import type { UserRow } from "../users/repository.ts"
import { firstBytesStore } from "./first-bytes-store.ts"
import {
  createUpload,
  deleteUpload,
  dequeueRemoval,
  findUpload,
  markReady,
  recordMediaType,
  type UploadRow
} from "./upload-repository.ts"
import {
  badUpload,
  DURATION_SLACK_MS,
  notAVideo,
  quotaFull,
  readCreation,
  tooLong,
  UploadRefusal,
  type Creation
} from "./upload-rules.ts"
import type { VideoStorage } from "./video-storage.ts"

/*
 * The tus endpoint (https://tus.io/protocols/resumable-upload, docs/decisions/050-form-check-videos.md):
 * POST VIDEO_UPLOADS_PATH creates a clip's upload, named by the clip's id, and HEAD,
 * PATCH and DELETE on videoUploadPath(id) resume, continue and end it. It is mounted
 * beside the contract (server/main.ts), outside the API's body limit and deadline, and
 * checks the caller as the contract does. @tus/server speaks the protocol; the rules of
 * what may be uploaded are ours, in its hooks and in the store it writes through.
 */

export interface TusEndpointOptions {
  readonly db: Db
  readonly tokens: TokenVerifier
  readonly storage: VideoStorage
  readonly quotaBytes: number
  /** Behind our TLS proxy: Forwarded / X-Forwarded-* headers are the client's (TRUST_PROXY). */
  readonly trustProxy: boolean
}

export interface TusEndpoint {
  readonly handle: (request: Request) => Promise<Response>
}

/** What one creation request carries between our checks and @tus/server's hooks. */
interface Pending {
  readonly caller: UserRow
  readonly creation: Creation
  /** another request made this id's row meanwhile: answer as a resume */
  resume: boolean
  /** this request made the row: undo it if the creation fails after */
  created: boolean
}

const isVideoId = Schema.is(VideoId)

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "tus-resumable": "1.0.0", ...headers } })

const refused = (error: UploadRefusal) => json(error.status_code, { error: error.message, code: error.code })

const notYours = (id: string) => json(404, { error: `No upload ${id} of yours; create it again` })

/** @tus/server's own refusals (offsets, protocol headers) come as text: give them the API's JSON body. */
async function asJsonError(response: Response): Promise<Response> {
  if (response.status < 400 || response.headers.get("content-type")?.includes("json")) return response
  const text = (await response.text()).trim()
  let body: unknown = { error: text || "The upload request was refused" }
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === "object" && parsed !== null && "error" in parsed) body = parsed
  } catch {
    // plain text: kept as the message
  }
  const headers = new Headers(response.headers)
  headers.delete("content-length")
  headers.set("content-type", "application/json")
  return new Response(JSON.stringify(body), { status: response.status, headers })
}

/** Bytes start..end (exclusive) of a stored, finished upload. */
const reader = (storage: VideoStorage, id: string) => async (start: number, end: number) => {
  if (end <= start) return new Uint8Array()
  const chunks: Array<Buffer> = []
  for await (const chunk of await storage.read(id, { start, end: end - 1 })) chunks.push(chunk as Buffer)
  return new Uint8Array(Buffer.concat(chunks))
}

export function makeTusEndpoint(options: TusEndpointOptions): TusEndpoint {
  const { db, storage } = options
  const pending = new WeakMap<Request, Pending>()

  /** Forgets an upload whose bytes are refused: row (queueing its bytes), bytes, then the queue entry. */
  const discard = async (id: VideoId) => {
    await deleteUpload(db, id)
    try {
      await storage.remove(id)
      await dequeueRemoval(db, id)
    } catch (error) {
      log.warn({ err: error, videoId: id }, "refused upload's bytes left to the sweeper")
    }
  }

  const checkFirstBytes = async (id: string, first: Uint8Array, ended: boolean) => {
    if (!isVideoId(id)) throw badUpload("videoId: not a clip's id")
    const mediaType = sniffVideo(first)
    if (mediaType !== null) {
      await recordMediaType(db, id, mediaType)
      return
    }
    const row = await findUpload(db, id)
    // A request cut short before SNIFF_BYTES arrived: the bytes are checked once they are all stored.
    if (ended && first.length < SNIFF_BYTES && row !== undefined && first.length < row.sizeBytes) return
    await discard(id)
    throw notAVideo()
  }

  const onUploadCreate = async (request: Request, upload: Upload) => {
    const context = pending.get(request)
    if (context === undefined) throw badUpload("Upload-Metadata.videoId: is required")
    const { caller, creation } = context
    const outcome = await createUpload(db, {
      id: creation.metadata.videoId,
      clientId: caller.id,
      setId: creation.metadata.setId,
      sizeBytes: creation.size,
      durationMs: creation.metadata.durationMs,
      filename: creation.metadata.filename ?? null,
      quotaBytes: options.quotaBytes
    })
    switch (outcome._tag) {
      case "Created":
        context.created = true
        return { metadata: upload.metadata }
      case "Exists":
        context.resume = true
        throw badUpload("Upload-Metadata.videoId: created meanwhile")
      case "IdRemoved":
        throw badUpload("Upload-Metadata.videoId: names a clip that was removed; a new clip needs a new id")
      case "NoSuchSet":
        throw new UploadRefusal(
          "SetNotFound",
          `Upload-Metadata.setId: no set ${creation.metadata.setId} in your workouts (it may have been removed)`
        )
      case "QuotaFull":
        throw quotaFull(outcome.usedBytes, creation.size, options.quotaBytes)
    }
  }

  const onUploadFinish = async (_request: Request, upload: Upload) => {
    const id = upload.id as VideoId
    const row = await findUpload(db, id)
    if (row === undefined) throw badUpload("videoId: the clip was removed while it was being sent")
    const size = upload.size ?? row.sizeBytes
    const read = reader(storage, id)
    if (row.mediaType === null) {
      const mediaType = sniffVideo(await read(0, Math.min(size, SNIFF_BYTES)))
      if (mediaType === null) {
        await discard(id)
        throw notAVideo()
      }
      await recordMediaType(db, id, mediaType)
    }
    // The container's word over the browser's, when it has one (MediaRecorder's WebM often has none).
    const durationMs = await containerDurationMs(read, size).catch((error: unknown) => {
      log.warn({ err: error, videoId: id }, "clip duration not read")
      return null
    })
    if (durationMs !== null && durationMs > VIDEO_MAX_DURATION_MS + DURATION_SLACK_MS) {
      await discard(id)
      throw tooLong(durationMs)
    }
    await markReady(db, id, row.clientId, durationMs)
    return {}
  }

  const server = new Server({
    path: VIDEO_UPLOADS_PATH,
    datastore: firstBytesStore(storage.datastore, checkFirstBytes),
    relativeLocation: true,
    respectForwardedHeaders: options.trustProxy,
    // The app and its API share one origin; no other site may upload.
    allowedOrigins: [],
    namingFunction: (request) => {
      const context = pending.get(request)
      if (context === undefined) throw badUpload("Upload-Metadata.videoId: is required")
      return context.creation.metadata.videoId
    },
    onUploadCreate: (request, upload) => onUploadCreate(request, upload),
    onUploadFinish: (request, upload) => onUploadFinish(request, upload)
  })

  /** A creation of an id this lifter already made: its address again, so tus-js-client resumes there. */
  const resumeAnswer = (id: VideoId) =>
    new Response(null, {
      status: 201,
      headers: { location: videoUploadPath(id), "tus-resumable": "1.0.0" }
    })

  const sameUpload = (row: UploadRow, caller: UserRow, creation: Creation) =>
    row.clientId === caller.id && row.setId === creation.metadata.setId && row.sizeBytes === creation.size

  const create = async (request: Request, caller: UserRow): Promise<Response> => {
    let creation: Creation
    try {
      creation = readCreation(request.headers)
    } catch (error) {
      if (error instanceof UploadRefusal) return refused(error)
      throw error
    }
    const id = creation.metadata.videoId
    const existing = await findUpload(db, id)
    if (existing !== undefined) {
      if (!sameUpload(existing, caller, creation))
        return refused(badUpload("Upload-Metadata.videoId: already names another clip; a new clip needs a new id"))
      const stored = await storage.datastore.getUpload(id).then(
        () => true,
        () => false
      )
      if (stored) return resumeAnswer(id)
      // The row outlived a creation that failed before storing anything: start it again.
      await deleteUpload(db, id)
      await dequeueRemoval(db, id)
    }
    const context: Pending = { caller, creation, resume: false, created: false }
    pending.set(request, context)
    const response = await server.handleWeb(request)
    if (context.resume) return resumeAnswer(id)
    if (response.status >= 400 && context.created) {
      const row = await findUpload(db, id)
      if (row !== undefined && row.status === "uploading") await discard(id)
    }
    return response
  }

  const handle = async (request: Request): Promise<Response> => {
    if (request.method === "OPTIONS") return server.handleWeb(request)
    const caller = await callerOf(request, db, options.tokens)
    if (caller instanceof Response) return caller
    if (caller.user_type !== "Client") return refusal(403, "Only clients can upload clips")
    const path = new URL(request.url).pathname.replace(/\/+$/, "")
    if (path === VIDEO_UPLOADS_PATH) {
      if (request.method !== "POST") return json(405, { error: "Create an upload with POST" })
      return asJsonError(await create(request, caller))
    }
    const id = decodeURIComponent(path.slice(VIDEO_UPLOADS_PATH.length + 1))
    if (!isVideoId(id)) return notYours(id)
    const row = await findUpload(db, id)
    // Someone else's upload is no more there than one never made.
    if (row === undefined || row.clientId !== caller.id) return notYours(id)
    if (request.method === "DELETE") {
      await discard(id)
      return new Response(null, { status: 204, headers: { "tus-resumable": "1.0.0" } })
    }
    if (request.method !== "HEAD" && request.method !== "PATCH")
      return json(405, { error: "An upload answers HEAD, PATCH and DELETE" })
    return asJsonError(await server.handleWeb(endsQuietly(request)))
  }

  return { handle }
}

/**
 * The request with a body that ends, rather than fails, when the connection is cut: what
 * arrived is stored and the upload's offset moves on, so the client resumes from there.
 */
function endsQuietly(request: Request): Request {
  if (request.body === null) return request
  const source = request.body.getReader()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await source.read()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      } catch {
        controller.close()
      }
    },
    cancel: (reason) => source.cancel(reason)
  })
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    duplex: "half"
  } as RequestInit)
}
