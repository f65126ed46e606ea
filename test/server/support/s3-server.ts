import { existsSync } from "node:fs"
import fs from "node:fs/promises"
import type { Server } from "node:http"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"

/*
 * A local S3 for the S3 video store's tests and benchmarks: s3rver 3.7.1 on a free port,
 * keeping its buckets in a temp folder.
 *
 * s3rver has no ListParts (GET /:bucket/:key?uploadId=) and no AbortMultipartUpload
 * (DELETE /:bucket/:key?uploadId=): both answer MethodNotAllowed. @tus/s3-store lists the
 * parts on every PATCH and HEAD (it is how it knows an upload's offset) and aborts on
 * DELETE, so the shim below answers those two, in front of s3rver's own middleware, from
 * s3rver's own upload folder (lib/stores/filesystem.js: `<bucket>/._S3rver_uploads/<uploadId>/`
 * holds one file per part, named by its number, with its MD5 in `<number>.md5`). It skips
 * s3rver's signature check, which only makes it more lenient. A completed or aborted upload
 * has no folder, so both then answer NoSuchUpload, as S3 does.
 */

export interface S3TestServer {
  /** http://127.0.0.1:<port>; path-style addressing (forcePathStyle) */
  readonly endpoint: string
  /** a bucket made at start */
  readonly bucket: string
  readonly region: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
  readonly createBucket: (name: string) => Promise<void>
  readonly close: () => Promise<void>
}

/** The little of Koa's context the shim uses (s3rver is a Koa app; it ships no types). */
interface KoaContext {
  readonly method: string
  readonly path: string
  readonly query: Record<string, string | ReadonlyArray<string> | undefined>
  status: number
  body: unknown
  type: string
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>

interface S3rverApp {
  /** Koa's middleware list, composed when the server starts */
  readonly middleware: Array<KoaMiddleware>
  readonly store: { putBucket: (name: string) => Promise<unknown> }
  readonly httpServer: Server
  run: () => Promise<{ port: number }>
  close: () => Promise<void>
}
type S3rverConstructor = new (options: {
  address: string
  port: number
  directory: string
  silent: boolean
  configureBuckets: ReadonlyArray<{ name: string }>
}) => S3rverApp

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor

const UPLOADS_FOLDER = "._S3rver_uploads"

const xmlText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const noSuchUpload = (ctx: KoaContext, uploadId: string) => {
  ctx.status = 404
  ctx.type = "application/xml"
  ctx.body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>` +
    `<Message>The specified upload does not exist.</Message><UploadId>${xmlText(uploadId)}</UploadId></Error>`
}

const multipartShim =
  (directory: string): KoaMiddleware =>
  async (ctx, next) => {
    const uploadId = ctx.query["uploadId"]
    const [, bucket = "", ...keyParts] = ctx.path.split("/")
    if (typeof uploadId !== "string" || keyParts.length === 0 || (ctx.method !== "GET" && ctx.method !== "DELETE")) {
      return next()
    }
    const uploadDir = path.join(directory, decodeURIComponent(bucket), UPLOADS_FOLDER, uploadId)
    if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(uploadDir)) {
      noSuchUpload(ctx, uploadId)
      return
    }

    if (ctx.method === "DELETE") {
      await fs.rm(uploadDir, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    const marker = Number(ctx.query["part-number-marker"] ?? 0)
    const numbers = (await fs.readdir(uploadDir))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((number) => number > marker)
      .sort((a, b) => a - b)
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(uploadDir, String(number))
        const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, "utf8")])
        return (
          `<Part><PartNumber>${number}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified>` +
          `<ETag>&quot;${md5}&quot;</ETag><Size>${stat.size}</Size></Part>`
        )
      })
    )
    ctx.status = 200
    ctx.type = "application/xml"
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${xmlText(decodeURIComponent(bucket))}</Bucket><Key>${xmlText(decodeURIComponent(keyParts.join("/")))}</Key>` +
      `<UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
      `<NextPartNumberMarker>${numbers.at(-1) ?? marker}</NextPartNumberMarker><MaxParts>10000</MaxParts>` +
      `<IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`
  }

export const startS3Server = async (): Promise<S3TestServer> => {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "s3rver-"))
  const bucket = "videos"
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }]
  })
  server.middleware.unshift(multipartShim(directory))
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    // s3rver's one built-in account
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    createBucket: async (name) => {
      await server.store.putBucket(name)
    },
    close: async () => {
      server.httpServer.closeAllConnections()
      await server.close()
      await fs.rm(directory, { recursive: true, force: true })
    }
  }
}
