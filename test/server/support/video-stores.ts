import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3"
import fs from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { afterAll } from "vitest"
import type { VideoStorageConfig } from "../../../server/videos/open-storage.ts"
import { s3ClientConfigFor } from "../../../server/videos/storage-s3.ts"
import { startS3Server, type S3TestServer } from "./s3-server.ts"

/*
 * The two video stores every storage test runs on (server/videos/video-storage.ts): the
 * local disk in a fresh temp folder, and S3 in a fresh bucket of one s3rver per test file
 * (./s3-server.ts), started on first use. For `describe.each(storesUnderTest)("$name", ...)`.
 */

export interface OpenedStore {
  readonly config: VideoStorageConfig
  /** the names the store holds (files, or object keys), to see that nothing is left behind */
  readonly stored: () => Promise<ReadonlyArray<string>>
  /**
   * What `stored` shows of an upload that has some bytes but not all: on S3 the tus record
   * and the bytes short of a part (the completed parts sit in the multipart upload, unlisted).
   */
  readonly midUpload: (id: string) => ReadonlyArray<string>
  readonly close: () => Promise<void>
}

export interface StoreUnderTest {
  readonly name: "file store" | "S3 store"
  readonly open: () => Promise<OpenedStore>
}

let s3Server: Promise<S3TestServer> | undefined
afterAll(async () => {
  await (await s3Server)?.close()
  s3Server = undefined
})

/** The smallest part S3 takes, so a clip of a few MiB already runs multipart. */
const S3_PART_BYTES = 5 * 1024 * 1024

let buckets = 0

export const storesUnderTest: ReadonlyArray<StoreUnderTest> = [
  {
    name: "file store",
    open: async () => {
      const directory = await fs.mkdtemp(path.join(os.tmpdir(), "videos-"))
      return {
        config: { kind: "file", directory },
        stored: async () => (await fs.readdir(directory)).sort(),
        midUpload: (id) => [id, `${id}.json`],
        close: () => fs.rm(directory, { recursive: true, force: true })
      }
    }
  },
  {
    name: "S3 store",
    open: async () => {
      s3Server ??= startS3Server()
      const server = await s3Server
      const bucket = `videos-${process.pid}-${++buckets}`
      await server.createBucket(bucket)
      const config: VideoStorageConfig = {
        kind: "s3",
        bucket,
        region: server.region,
        endpoint: server.endpoint,
        accessKeyId: server.accessKeyId,
        secretAccessKey: server.secretAccessKey,
        forcePathStyle: true,
        partSize: S3_PART_BYTES
      }
      const client = new S3Client(s3ClientConfigFor(config))
      return {
        config,
        stored: async () => {
          const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
          return (listed.Contents ?? []).map((object) => object.Key ?? "").sort()
        },
        midUpload: (id) => [`${id}.info`, `${id}.part`],
        close: () => {
          client.destroy()
          return Promise.resolve()
        }
      }
    }
  }
]
