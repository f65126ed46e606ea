import { Readable } from "node:stream"
import * as Schema from "effect/Schema"
import { VideoId } from "#domain/set-videos.ts"
import type { Db } from "../db/client.ts"
import { refusal } from "../exports/caller.ts"
import { log } from "../log.ts"
import { findUpload } from "./upload-repository.ts"
import { plainFilename } from "./upload-rules.ts"
import { checkLink } from "./signed-links.ts"
import type { ByteRange, VideoStorage } from "./video-storage.ts"

/*
 * GET VIDEO_FILE_PATH: a clip's bytes by a signed link (./signed-links.ts,
 * docs/decisions/050-form-check-videos.md), with single byte ranges so a player can seek.
 * The answer is never taken for a page: the sniffed media type, nosniff, and a policy
 * that sandboxes it and lets it load nothing.
 */

export interface FileRouteOptions {
  readonly db: Db
  readonly storage: VideoStorage
  readonly linkSecret: string
}

/** The policy of a clip's answer: it runs nothing, loads nothing, opened on its own or not. */
export const VIDEO_FILE_POLICY = "default-src 'none'; sandbox"

const isVideoId = Schema.is(VideoId)

/** A Range header's one range over `size` bytes; "none" without one, "bad" when it cannot be met. */
export function parseRange(header: string | null, size: number): ByteRange | "none" | "unsatisfiable" {
  if (header === null) return "none"
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  // Several ranges, or another unit: answered whole, as RFC 9110 allows.
  if (match === null) return "none"
  const [, from = "", to = ""] = match
  if (from === "" && to === "") return "none"
  if (from === "") {
    const suffix = Number(to)
    if (suffix === 0 || size === 0) return "unsatisfiable"
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  if (start >= size) return "unsatisfiable"
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1)
  return end < start ? "unsatisfiable" : { start, end }
}

export function makeFileRoute(options: FileRouteOptions) {
  return async (request: Request, videoId: string): Promise<Response> => {
    const url = new URL(request.url)
    const link = checkLink(
      options.linkSecret,
      videoId,
      url.searchParams.get("expires"),
      url.searchParams.get("signature"),
      Date.now()
    )
    if (link._tag === "Refused")
      return refusal(403, "This link to the clip has run out or is not valid; open the clip again")
    const row = isVideoId(videoId) ? await findUpload(options.db, videoId) : undefined
    if (row?.status !== "ready" || row.mediaType === null) return refusal(404, "This clip is no longer there")
    const size = row.sizeBytes
    const range = parseRange(request.headers.get("range"), size)
    const download = url.searchParams.get("download") === "1"
    const headers: Record<string, string> = {
      "accept-ranges": "bytes",
      "content-type": row.mediaType,
      "x-content-type-options": "nosniff",
      "content-security-policy": VIDEO_FILE_POLICY,
      "content-disposition": `${download ? "attachment" : "inline"}; filename="${plainFilename(row.filename, row.mediaType)}"`,
      // The link is the permission: a cached copy lives no longer than it does.
      "cache-control": `private, max-age=${link.secondsLeft}`
    }
    if (range === "unsatisfiable")
      return new Response(JSON.stringify({ error: `Range: beyond the clip's ${size} bytes` }), {
        status: 416,
        headers: { ...headers, "content-type": "application/json", "content-range": `bytes */${size}` }
      })
    const part = range === "none" ? undefined : range
    let body: Readable
    try {
      body = await options.storage.read(row.id, part)
    } catch (error) {
      log.warn({ err: error, videoId }, "clip bytes not found in storage")
      return refusal(404, "This clip is no longer there")
    }
    const length = part === undefined ? size : part.end - part.start + 1
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
      status: part === undefined ? 200 : 206,
      headers: {
        ...headers,
        "content-length": String(length),
        ...(part === undefined ? {} : { "content-range": `bytes ${part.start}-${part.end}/${size}` })
      }
    })
  }
}
