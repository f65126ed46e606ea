import { Upload } from "@tus/utils"
import { randomBytes, randomUUID } from "node:crypto"
import { Readable } from "node:stream"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { openVideoStorage, videoStorageConfigFromEnv } from "../../server/videos/open-storage.ts"
import type { VideoStorage } from "../../server/videos/video-storage.ts"
import { storesUnderTest, type OpenedStore } from "./support/video-stores.ts"

/*
 * Both video stores through what @tus/server does with them (create, write from an offset,
 * getUpload) and what the rest of server/videos does (read, a range, remove). The clip is
 * 12 MiB and arrives in two PATCHes of 7 and 5 MiB, so on S3 (5 MiB parts) the first leaves
 * 2 MiB as the incomplete `.part` object that the second must put back in front.
 */

const MiB = 1024 * 1024
const CLIP_BYTES = 12 * MiB
const FIRST_PATCH_BYTES = 7 * MiB

/** The bytes as an HTTP body arrives: 64 KiB at a time. */
const body = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024)
    })()
  )

const bytesOf = async (stream: Readable) => Buffer.concat(await stream.toArray())

describe.each(storesUnderTest)("$name", ({ open }) => {
  let opened: OpenedStore
  let storage: VideoStorage

  beforeEach(async () => {
    opened = await open()
    storage = await openVideoStorage(opened.config)
  })
  afterEach(async () => {
    await storage.close()
    await opened.close()
  })

  const startUpload = async (id: string, size: number) => {
    await storage.datastore.create(
      new Upload({ id, size, offset: 0, metadata: { videoId: id, setId: "7", durationMs: "30000" } })
    )
  }

  it("stores a clip sent in two PATCHes and serves it whole and by range", async () => {
    expect(storage.kind).toBe(opened.config.kind)
    const id = randomUUID()
    const clip = randomBytes(CLIP_BYTES)
    await startUpload(id, CLIP_BYTES)

    const afterFirst = await storage.datastore.write(body(clip.subarray(0, FIRST_PATCH_BYTES)), id, 0)
    expect(afterFirst).toBe(FIRST_PATCH_BYTES)
    const halfway = await storage.datastore.getUpload(id)
    expect(halfway.offset).toBe(FIRST_PATCH_BYTES)
    expect(halfway.size).toBe(CLIP_BYTES)
    expect(halfway.metadata).toEqual({ videoId: id, setId: "7", durationMs: "30000" })
    expect(await opened.stored()).toEqual(opened.midUpload(id))
    // Half a clip is not a clip: nothing to serve until the last byte is in.
    await expect(storage.read(id)).rejects.toBeDefined()

    const afterSecond = await storage.datastore.write(body(clip.subarray(halfway.offset)), id, halfway.offset)
    expect(afterSecond).toBe(CLIP_BYTES)
    expect((await storage.datastore.getUpload(id)).offset).toBe(CLIP_BYTES)

    expect((await bytesOf(await storage.read(id))).equals(clip)).toBe(true)
    const range = { start: 5 * MiB - 100, end: 5 * MiB + 99 }
    expect((await bytesOf(await storage.read(id, range))).equals(clip.subarray(range.start, range.end + 1))).toBe(true)
    const tail = { start: CLIP_BYTES - 10, end: CLIP_BYTES - 1 }
    expect((await bytesOf(await storage.read(id, tail))).equals(clip.subarray(tail.start))).toBe(true)

    await storage.remove(id)
    await expect(storage.read(id)).rejects.toBeDefined()
    await expect(storage.datastore.getUpload(id)).rejects.toBeDefined()
    expect(await opened.stored()).toEqual([])
  })

  it("forgets an upload stopped halfway, leaving nothing behind", async () => {
    const id = randomUUID()
    await startUpload(id, CLIP_BYTES)
    await storage.datastore.write(body(randomBytes(FIRST_PATCH_BYTES)), id, 0)
    expect(await opened.stored()).toEqual(opened.midUpload(id))

    await storage.remove(id)
    await expect(storage.datastore.getUpload(id)).rejects.toBeDefined()
    expect(await opened.stored()).toEqual([])
  })

  it("takes the same id again after a removal, with none of the old bytes", async () => {
    const id = randomUUID()
    await startUpload(id, MiB)
    await storage.datastore.write(body(randomBytes(MiB / 2)), id, 0)
    await storage.remove(id)

    const clip = randomBytes(MiB)
    await startUpload(id, MiB)
    expect((await storage.datastore.getUpload(id)).offset).toBe(0)
    expect(await storage.datastore.write(body(clip), id, 0)).toBe(MiB)
    expect((await bytesOf(await storage.read(id))).equals(clip)).toBe(true)
  })

  it("removes an id it never had without complaint, and rejects reading it", async () => {
    await expect(storage.remove(randomUUID())).resolves.toBeUndefined()
    await expect(storage.read(randomUUID())).rejects.toBeDefined()
    await expect(storage.read(randomUUID(), { start: 0, end: 9 })).rejects.toBeDefined()
  })
})

describe("video storage configuration", () => {
  it("is the local disk by default", () => {
    expect(videoStorageConfigFromEnv({})).toEqual({ kind: "file", directory: "./.data/videos" })
    expect(videoStorageConfigFromEnv({ VIDEO_DIR: "/srv/clips" })).toEqual({ kind: "file", directory: "/srv/clips" })
  })

  it("reads S3 from the environment", () => {
    expect(
      videoStorageConfigFromEnv({
        VIDEO_STORE: "s3",
        S3_BUCKET: "clips",
        S3_REGION: "eu-west-1",
        S3_ENDPOINT: "https://s3.example.test",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "1"
      })
    ).toEqual({
      kind: "s3",
      bucket: "clips",
      region: "eu-west-1",
      endpoint: "https://s3.example.test",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true
    })
    // Without keys, the AWS SDK's own credential chain (an instance role, say).
    expect(videoStorageConfigFromEnv({ VIDEO_STORE: "s3", S3_BUCKET: "clips", S3_REGION: "eu-west-1" })).toEqual({
      kind: "s3",
      bucket: "clips",
      region: "eu-west-1"
    })
  })

  it("names what is missing or wrong", () => {
    expect(() => videoStorageConfigFromEnv({ VIDEO_STORE: "s3", S3_REGION: "eu-west-1" })).toThrow(/S3_BUCKET/)
    expect(() => videoStorageConfigFromEnv({ VIDEO_STORE: "s3", S3_BUCKET: "clips" })).toThrow(/S3_REGION/)
    expect(() =>
      videoStorageConfigFromEnv({ VIDEO_STORE: "s3", S3_BUCKET: "clips", S3_REGION: "x", S3_ACCESS_KEY_ID: "id" })
    ).toThrow(/S3_SECRET_ACCESS_KEY/)
    expect(() => videoStorageConfigFromEnv({ VIDEO_STORE: "gcs" })).toThrow(/VIDEO_STORE/)
  })
})
