import { randomUUID } from "node:crypto"
import { VIDEO_UPLOADS_PATH } from "#domain/set-videos.ts"

/*
 * The tus protocol (1.0.0) spoken with plain fetch, as any client could: the tests see
 * every header and status tus-js-client would.
 */

export interface ClipMetadata {
  readonly videoId: string
  readonly setId: number | string
  readonly durationMs: number | string
  readonly filename?: string
}

/** Upload-Metadata: each key with its value in base64. */
export const uploadMetadata = (metadata: Record<string, string | number | undefined>) =>
  Object.entries(metadata)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString("base64")}`)
    .join(",")

const authorized = (token: string | undefined, headers: Record<string, string>) =>
  token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` }

export const createClipUpload = (
  baseUrl: string,
  token: string | undefined,
  metadata: ClipMetadata,
  size: number,
  extra: Record<string, string> = {}
) =>
  fetch(`${baseUrl}${VIDEO_UPLOADS_PATH}`, {
    method: "POST",
    headers: authorized(token, {
      "tus-resumable": "1.0.0",
      "upload-length": String(size),
      "upload-metadata": uploadMetadata({ ...metadata }),
      ...extra
    })
  })

export const uploadUrl = (baseUrl: string, videoId: string) => `${baseUrl}${VIDEO_UPLOADS_PATH}/${videoId}`

export const patchClip = (
  baseUrl: string,
  token: string | undefined,
  videoId: string,
  offset: number,
  bytes: Uint8Array
) =>
  fetch(uploadUrl(baseUrl, videoId), {
    method: "PATCH",
    headers: authorized(token, {
      "tus-resumable": "1.0.0",
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream"
    }),
    body: new Uint8Array(bytes)
  })

export const headClip = (baseUrl: string, token: string | undefined, videoId: string) =>
  fetch(uploadUrl(baseUrl, videoId), { method: "HEAD", headers: authorized(token, { "tus-resumable": "1.0.0" }) })

export const deleteClipUpload = (baseUrl: string, token: string | undefined, videoId: string) =>
  fetch(uploadUrl(baseUrl, videoId), { method: "DELETE", headers: authorized(token, { "tus-resumable": "1.0.0" }) })

/** Creates and sends a whole clip; answers its id. Fails the test on any refusal. */
export async function uploadClip(
  baseUrl: string,
  token: string,
  clip: { readonly setId: number; readonly bytes: Uint8Array; readonly durationMs: number; readonly videoId?: string }
): Promise<string> {
  const videoId = clip.videoId ?? randomUUID()
  const created = await createClipUpload(
    baseUrl,
    token,
    { videoId, setId: clip.setId, durationMs: clip.durationMs, filename: "set.mp4" },
    clip.bytes.length
  )
  if (created.status !== 201) throw new Error(`creation: ${created.status} ${await created.text()}`)
  const sent = await patchClip(baseUrl, token, videoId, 0, clip.bytes)
  if (sent.status !== 204) throw new Error(`PATCH: ${sent.status} ${await sent.text()}`)
  return videoId
}
