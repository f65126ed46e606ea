/**
 * The clip uploader (#gateway/video-upload.ts) against a tus 1.0 server (@tus/server over
 * a FileStore in a temporary folder; our own server's rules are tested in test/server):
 * the upload is made at the address its id names, with the Upload-Metadata the contract
 * reads and the bearer token on every request; an upload whose creation answer was lost is
 * resumed, not made twice; and each failure arrives as its tagged kind, a refusal with the
 * server's words and code.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { FileStore } from "@tus/file-store"
import { Server as TusServer } from "@tus/server"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import type { SetId } from "#domain/ids.ts"
import { VIDEO_UPLOADS_PATH, type VideoId } from "#domain/set-videos.ts"
import { terminateUpload, uploadVideo, type UploadVideoInput } from "#gateway/video-upload.ts"

const VIDEO = "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c" as VideoId
const bytes = new Uint8Array(300_000).map((_, i) => i % 251)

let directory: string
let http: HttpServer
let baseUrl: string
/** What the server saw: each request's method, path and authorization. */
const seen: Array<{ method: string; path: string; authorization: string | undefined }> = []
/** When set, the server answers this instead of speaking tus. */
let answerInstead: ((req: IncomingMessage, res: ServerResponse) => void) | null = null

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "video-upload-"))
  const tus = new TusServer({
    path: VIDEO_UPLOADS_PATH,
    datastore: new FileStore({ directory }),
    // Our server names an upload by the id the device made (set-videos.ts).
    namingFunction: (_, metadata) => metadata?.["videoId"] ?? "unnamed"
  })
  http = createServer((req, res) => {
    seen.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization })
    if (answerInstead !== null) answerInstead(req, res)
    else void tus.handle(req, res)
  })
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve))
  await rm(directory, { recursive: true, force: true })
})

const upload = (over: Partial<UploadVideoInput> = {}) => {
  const progress: Array<number> = []
  let created = 0
  const done = uploadVideo({
    videoId: VIDEO,
    // tus-js-client's Node build reads a Buffer where the browser's reads the Blob.
    file: Buffer.from(bytes) as unknown as Blob,
    metadata: { videoId: VIDEO, setId: 102 as SetId, durationMs: 42_400, filename: "squat.mp4" },
    getIdToken: () => Promise.resolve("token-1"),
    baseUrl,
    retryDelays: [0],
    onProgress: (sent, total) => progress.push(sent / total),
    onCreated: () => created++,
    signal: new AbortController().signal,
    ...over
  })
  return { done, progress, created: () => created }
}

describe("uploading a clip over tus", () => {
  test("made at its own address with the contract's metadata and the bearer token, every byte stored", async () => {
    seen.length = 0
    const first = upload()
    await first.done
    expect(first.progress.at(-1)).toBe(1)
    expect(first.created()).toBe(1)
    // HEAD at the clip's address first (404: none yet), then the creation, then the bytes.
    expect(seen.map((request) => request.method)).toEqual(["HEAD", "POST", "PATCH"])
    expect(seen[0]?.path).toBe(`${VIDEO_UPLOADS_PATH}/${VIDEO}`)
    expect(seen.every((request) => request.authorization === "Bearer token-1")).toBe(true)
    expect(new Uint8Array(await readFile(join(directory, VIDEO)))).toEqual(bytes)
    const info = JSON.parse(await readFile(join(directory, `${VIDEO}.json`), "utf8")) as {
      metadata: Record<string, string>
    }
    expect(info.metadata).toEqual({ videoId: VIDEO, setId: "102", durationMs: "42400", filename: "squat.mp4" })
  })

  test("a clip the server already holds (its creation answer was lost) is resumed, never made twice", async () => {
    seen.length = 0
    await upload().done
    expect(seen.map((request) => request.method)).toEqual(["HEAD"])
  })

  test("a refusal arrives with the server's words and code, and is not tried again", async () => {
    seen.length = 0
    answerInstead = (req, res) => {
      if (req.method === "HEAD") {
        res.writeHead(404).end()
        return
      }
      res.writeHead(413, { "content-type": "application/json", "tus-resumable": "1.0.0" })
      res.end(JSON.stringify({ error: "Your clips would take more than your 2 GB.", code: "VideoQuotaFull" }))
    }
    try {
      await expect(upload({ videoId: "4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d" as VideoId }).done).rejects.toMatchObject({
        _tag: "Refused",
        code: "VideoQuotaFull",
        message: "Your clips would take more than your 2 GB."
      })
      expect(seen.map((request) => request.method)).toEqual(["HEAD", "POST"])
    } finally {
      answerInstead = null
    }
  })

  test("a 401 is tried once more with a fresh token, then is Unauthorized", async () => {
    seen.length = 0
    const asked: Array<boolean> = []
    answerInstead = (_, res) => res.writeHead(401, { "tus-resumable": "1.0.0" }).end()
    try {
      await expect(
        upload({
          getIdToken: (forceRefresh) => {
            asked.push(forceRefresh === true)
            return Promise.resolve(forceRefresh === true ? "token-2" : "token-1")
          }
        }).done
      ).rejects.toMatchObject({ _tag: "Unauthorized" })
      expect(asked).toContain(true)
      expect(seen.some((request) => request.authorization === "Bearer token-2")).toBe(true)
    } finally {
      answerInstead = null
    }
  })

  test("a server failure is tried again and then is a Defect; no server at all is Offline", async () => {
    answerInstead = (_, res) => res.writeHead(503, { "tus-resumable": "1.0.0", "retry-after": "3" }).end()
    try {
      await expect(upload().done).rejects.toMatchObject({ _tag: "Defect", status: 503, retryAfterMs: 3_000 })
    } finally {
      answerInstead = null
    }
    await expect(upload({ baseUrl: "http://127.0.0.1:9" }).done).rejects.toMatchObject({ _tag: "Offline" })
  })

  test("a cancelled clip's upload is deleted on the server; one it never got is deleted already", async () => {
    await terminateUpload(VIDEO, { getIdToken: () => Promise.resolve("token-1"), baseUrl, retryDelays: [0] })
    await expect(readFile(join(directory, VIDEO))).rejects.toThrow()
    await terminateUpload(VIDEO, { getIdToken: () => Promise.resolve("token-1"), baseUrl, retryDelays: [0] })
  })
})
