/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { randomUUID } from "node:crypto"
import http from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { VIDEO_MAX_BYTES, VIDEO_UPLOADS_PATH } from "#domain/set-videos.ts"
import { DEFAULT_RATE_LIMITS } from "#server/rate-limit.ts"
import { HTML, mp4, PNG } from "../domain/video-bytes.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { type OpenedStore, storesUnderTest } from "./support/video-stores.ts"
import {
  createClipUpload,
  deleteClipUpload,
  headClip,
  patchClip,
  uploadClip,
  uploadUrl
} from "./support/video-upload.ts"

/** Small, so a few clips fill it. */
const QUOTA = 600_000
const DATE = "2025-03-03"

const refusal = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown })

/** Sends `part` of a PATCH declared `total` long, then cuts the connection as a phone losing signal does. */
async function cutShortPatch(url: string, token: string, part: Uint8Array, total: number): Promise<void> {
  await new Promise<void>((done) => {
    const request = http.request(url, {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${token}`,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "content-length": String(total)
      }
    })
    request.on("error", () => done())
    request.on("response", () => done())
    request.write(part, () => setTimeout(() => request.destroy(), 400))
    request.on("close", () => done())
  })
}

async function offsetOf(baseUrl: string, token: string, videoId: string): Promise<number> {
  const head = await headClip(baseUrl, token, videoId)
  return Number(head.headers.get("upload-offset"))
}

describe.each(databasesUnderTest)("form-check uploads on $name", (database) => {
  describe("rate limits", () => {
    let opened: OpenedStore
    beforeAll(async () => {
      opened = await (storesUnderTest[0] ?? { open: () => Promise.reject(new Error("no store")) }).open()
    })
    const api = useApiUnderTest(database, () => ({
      videoStorage: opened.config,
      rateLimits: { ...DEFAULT_RATE_LIMITS, videoUploads: { points: 2, durationSeconds: 3600 } }
    }))
    afterAll(() => opened.close())

    it("counts creations per lifter per hour, apart from the requests that send the bytes", async () => {
      const coach = await api.signupAs("Coach", "Rae Coach")
      const client = await api.clientOf(coach, "Rex Lifter")
      const saved = await api.saveWorkout(coach, client, DATE, oneExercise("Squat", 1))
      const setId = (saved.body as Array<{ id: number }>)[0]?.id ?? 0
      const created = []
      for (let index = 0; index < 3; index += 1)
        created.push(
          await createClipUpload(
            api.server().url,
            client.idToken,
            { videoId: randomUUID(), setId, durationMs: 1_000 },
            100
          )
        )
      expect(created.map((answer) => answer.status)).toEqual([201, 201, 429])
      expect(await created[2]?.json()).toEqual({ error: expect.stringContaining("clips sent in an hour") })
      const location = created[0]?.headers.get("location") ?? ""
      const head = await fetch(`${api.server().url}${location}`, {
        method: "HEAD",
        headers: { authorization: `Bearer ${client.idToken}`, "tus-resumable": "1.0.0" }
      })
      expect(head.status).toBe(200)
    })
  })

  describe.each(storesUnderTest)("in the $name", (store) => {
    let opened: OpenedStore
    beforeAll(async () => {
      opened = await store.open()
    })
    const api = useApiUnderTest(database, () => ({ videoStorage: opened.config, videoQuotaBytes: QUOTA }))
    afterAll(() => opened.close())

    let coach: Account
    let lifter: Account
    let setIds: Array<number>
    const url = () => api.server().url

    /** A lifter of the coach with a workout of `sets` sets on DATE. */
    const lifterWithSets = async (sets = 4) => {
      const client = await api.clientOf(coach, "Lee Lifter")
      const saved = await api.saveWorkout(coach, client, DATE, oneExercise("Back Squat", sets))
      return { client, setIds: (saved.body as Array<{ id: number }>).map((row) => row.id) }
    }

    beforeAll(async () => {
      coach = await api.signupAs("Coach", "Cora Coach")
      const made = await lifterWithSets()
      lifter = made.client
      setIds = made.setIds
    })

    const storedOf = async (videoId: string) => (await opened.stored()).filter((name) => name.startsWith(videoId))

    it("takes a clip in two PATCHes, says the offset between them, and makes it ready", async () => {
      const bytes = mp4(12_345, 40_000)
      const videoId = randomUUID()
      const created = await createClipUpload(
        url(),
        lifter.idToken,
        { videoId, setId: setIds[0] ?? 0, durationMs: 12_000, filename: "squat.mp4" },
        bytes.length
      )
      expect(created.status).toBe(201)
      expect(created.headers.get("location")).toBe(`${VIDEO_UPLOADS_PATH}/${videoId}`)
      const half = 20_000
      expect((await patchClip(url(), lifter.idToken, videoId, 0, bytes.subarray(0, half))).status).toBe(204)
      const head = await headClip(url(), lifter.idToken, videoId)
      expect([head.status, head.headers.get("upload-offset"), head.headers.get("upload-length")]).toEqual([
        200,
        String(half),
        String(bytes.length)
      ])
      const uploading = await api.call("GET", `/beta/api/videos/${lifter.id}?date=${DATE}`, { token: lifter.idToken })
      expect(uploading.body.map((video: { id: string; status: string }) => [video.id, video.status])).toContainEqual([
        videoId,
        "uploading"
      ])
      const rest = await patchClip(url(), lifter.idToken, videoId, half, bytes.subarray(half))
      expect([rest.status, rest.headers.get("upload-offset")]).toEqual([204, String(bytes.length)])
      const day = await api.call("GET", `/beta/api/videos/${lifter.id}?date=${DATE}`, { token: lifter.idToken })
      const video = day.body.find((one: { id: string }) => one.id === videoId)
      // The container's duration stands over the browser's.
      expect(video).toMatchObject({
        status: "ready",
        mediaType: "video/mp4",
        durationMs: 12_345,
        sizeBytes: bytes.length,
        setId: setIds[0],
        exercise: "Back Squat",
        setIndex: 0,
        date: DATE
      })
    })

    it("keeps what a PATCH cut short had stored, and goes on from there", async () => {
      const bytes = mp4(8_000, 300_000)
      const videoId = randomUUID()
      const created = await createClipUpload(
        url(),
        lifter.idToken,
        { videoId, setId: setIds[1] ?? 0, durationMs: 8_000 },
        bytes.length
      )
      expect(created.status).toBe(201)
      await cutShortPatch(uploadUrl(url(), videoId), lifter.idToken, bytes.subarray(0, 100_000), bytes.length)
      let offset = 0
      for (let tries = 0; tries < 50 && offset === 0; tries += 1) {
        await new Promise((done) => setTimeout(done, 100))
        offset = await offsetOf(url(), lifter.idToken, videoId)
      }
      expect(offset).toBeGreaterThan(0)
      expect(offset).toBeLessThanOrEqual(100_000)
      // Asked again later, the offset is the same: what arrived is kept.
      expect(await offsetOf(url(), lifter.idToken, videoId)).toBe(offset)
      const rest = await patchClip(url(), lifter.idToken, videoId, offset, bytes.subarray(offset))
      expect(rest.status).toBe(204)
      const link = await api.call("GET", `/beta/api/videos/${videoId}/link`, { token: lifter.idToken })
      expect(link.status).toBe(200)
      const file = await fetch(`${url()}${link.body.url}`)
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes)
    })

    it("answers a second creation of the same clip with its address, so the client resumes", async () => {
      const bytes = mp4(5_000, 10_000)
      const videoId = randomUUID()
      const metadata = { videoId, setId: setIds[2] ?? 0, durationMs: 5_000 }
      expect((await createClipUpload(url(), lifter.idToken, metadata, bytes.length)).status).toBe(201)
      expect((await patchClip(url(), lifter.idToken, videoId, 0, bytes.subarray(0, 4_000))).status).toBe(204)
      const again = await createClipUpload(url(), lifter.idToken, metadata, bytes.length)
      expect([again.status, again.headers.get("location")]).toEqual([201, `${VIDEO_UPLOADS_PATH}/${videoId}`])
      expect(await offsetOf(url(), lifter.idToken, videoId)).toBe(4_000)
      expect((await patchClip(url(), lifter.idToken, videoId, 4_000, bytes.subarray(4_000))).status).toBe(204)
      // The same id for another set is another clip: refused, naming the field.
      const other = await createClipUpload(url(), lifter.idToken, { ...metadata, setId: setIds[3] ?? 0 }, bytes.length)
      expect(await refusal(other)).toEqual({
        status: 400,
        body: { error: expect.stringMatching(/^Upload-Metadata\.videoId: /), code: "BadUpload" }
      })
    })

    it.each([
      ["a PNG", PNG],
      ["an HTML page", HTML]
    ])("refuses %s named .mp4 by its bytes (415), keeping nothing of it", async (_, bytes) => {
      const videoId = randomUUID()
      const created = await createClipUpload(
        url(),
        lifter.idToken,
        { videoId, setId: setIds[0] ?? 0, durationMs: 3_000, filename: "clip.mp4" },
        bytes.length
      )
      expect(created.status).toBe(201)
      const sent = await patchClip(url(), lifter.idToken, videoId, 0, bytes)
      expect(await refusal(sent)).toEqual({
        status: 415,
        body: { error: expect.stringContaining("not a video"), code: "NotAVideo" }
      })
      expect((await headClip(url(), lifter.idToken, videoId)).status).toBe(404)
      expect(await storedOf(videoId)).toEqual([])
    })

    it("refuses a clip whose container says it is longer than 90 s, and removes it", async () => {
      const bytes = mp4(100_000, 2_000)
      const videoId = randomUUID()
      await createClipUpload(
        url(),
        lifter.idToken,
        { videoId, setId: setIds[0] ?? 0, durationMs: 30_000 },
        bytes.length
      )
      const sent = await patchClip(url(), lifter.idToken, videoId, 0, bytes)
      expect(await refusal(sent)).toEqual({
        status: 400,
        body: { error: expect.stringContaining("at most 90 s"), code: "VideoTooLong" }
      })
      expect((await headClip(url(), lifter.idToken, videoId)).status).toBe(404)
      expect(await storedOf(videoId)).toEqual([])
    })

    it("refuses before storing: too long by the browser's word, too large, bad metadata, another's set", async () => {
      const create = (metadata: Record<string, unknown>, size: number | null, extra: Record<string, string> = {}) =>
        fetch(`${url()}${VIDEO_UPLOADS_PATH}`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${lifter.idToken}`,
            "tus-resumable": "1.0.0",
            ...(size === null ? {} : { "upload-length": String(size) }),
            "upload-metadata": Object.entries(metadata)
              .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString("base64")}`)
              .join(","),
            ...extra
          }
        }).then(refusal)
      const good = { videoId: randomUUID(), setId: setIds[0] ?? 0, durationMs: 5_000 }
      expect(await create({ ...good, durationMs: 120_000 }, 1000)).toEqual({
        status: 400,
        body: { error: expect.stringContaining("at most 90 s"), code: "VideoTooLong" }
      })
      expect(await create(good, VIDEO_MAX_BYTES + 1)).toEqual({
        status: 413,
        body: { error: expect.stringContaining("at most"), code: "VideoTooLarge" }
      })
      expect(await create({ videoId: good.videoId, durationMs: 5_000 }, 1000)).toEqual({
        status: 400,
        body: { error: expect.stringMatching(/^Upload-Metadata\.setId: /), code: "BadUpload" }
      })
      expect(await create({ ...good, videoId: "not-a-uuid" }, 1000)).toEqual({
        status: 400,
        body: { error: expect.stringMatching(/^Upload-Metadata\.videoId: /), code: "BadUpload" }
      })
      expect(await create({ ...good, filename: `${"x".repeat(300)}.mp4` }, 1000)).toEqual({
        status: 400,
        body: { error: expect.stringMatching(/^Upload-Metadata\.filename: /), code: "BadUpload" }
      })
      expect(await create(good, null)).toEqual({
        status: 400,
        body: { error: expect.stringMatching(/^Upload-Length: /), code: "BadUpload" }
      })
      expect(await create(good, null, { "upload-defer-length": "1" })).toEqual({
        status: 400,
        body: { error: expect.stringMatching(/^Upload-Defer-Length: /), code: "BadUpload" }
      })
      const other = await lifterWithSets(1)
      expect(await create({ ...good, setId: other.setIds[0] ?? 0 }, 1000)).toEqual({
        status: 404,
        body: { error: expect.stringMatching(/^Upload-Metadata\.setId: /), code: "SetNotFound" }
      })
      expect(await storedOf(good.videoId)).toEqual([])
    })

    it("refuses a clip past the lifter's quota, saying what is used and what to do", async () => {
      const { client, setIds: sets } = await lifterWithSets(2)
      await uploadClip(url(), client.idToken, { setId: sets[0] ?? 0, bytes: mp4(4_000, 400_000), durationMs: 4_000 })
      const usage = await api.call("GET", "/beta/api/videos/usage", { token: client.idToken })
      expect(usage.body).toEqual({ usedBytes: expect.any(Number), quotaBytes: QUOTA })
      expect(usage.body.usedBytes).toBeGreaterThan(400_000)
      const over = await createClipUpload(
        url(),
        client.idToken,
        { videoId: randomUUID(), setId: sets[1] ?? 0, durationMs: 4_000 },
        300_000
      )
      expect(await refusal(over)).toEqual({
        status: 413,
        body: {
          error: expect.stringMatching(/Your clips take 0\.4 MB of your 0\.6 MB.*Remove/),
          code: "VideoQuotaFull"
        }
      })
    })

    it("lets two creations racing for the last of the quota not both through", async () => {
      const { client, setIds: sets } = await lifterWithSets(2)
      const answers = await Promise.all(
        sets.map((setId) =>
          createClipUpload(url(), client.idToken, { videoId: randomUUID(), setId, durationMs: 4_000 }, 400_000)
        )
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413])
    })

    it("shows someone else's upload to no one (404), and refuses no token (401) and a coach (403)", async () => {
      const bytes = mp4(3_000, 1_000)
      const videoId = randomUUID()
      await createClipUpload(url(), lifter.idToken, { videoId, setId: setIds[0] ?? 0, durationMs: 3_000 }, bytes.length)
      const other = await lifterWithSets(1)
      for (const answer of [
        await headClip(url(), other.client.idToken, videoId),
        await patchClip(url(), other.client.idToken, videoId, 0, bytes),
        await deleteClipUpload(url(), other.client.idToken, videoId)
      ])
        expect(answer.status).toBe(404)
      expect(await offsetOf(url(), lifter.idToken, videoId)).toBe(0)
      const anonymous = await createClipUpload(url(), undefined, { videoId: randomUUID(), setId: 1, durationMs: 1 }, 10)
      expect(await refusal(anonymous)).toEqual({ status: 401, body: { error: expect.stringContaining("Sign in") } })
      expect((await headClip(url(), undefined, videoId)).status).toBe(401)
      const byCoach = await createClipUpload(
        url(),
        coach.idToken,
        { videoId: randomUUID(), setId: setIds[0] ?? 0, durationMs: 1_000 },
        10
      )
      expect(await refusal(byCoach)).toEqual({ status: 403, body: { error: "Only clients can upload clips" } })
    })

    it("ends an upload when its lifter DELETEs it: row and bytes", async () => {
      const bytes = mp4(3_000, 5_000)
      const videoId = await uploadClip(url(), lifter.idToken, { setId: setIds[0] ?? 0, bytes, durationMs: 3_000 })
      expect(await storedOf(videoId)).not.toEqual([])
      expect((await deleteClipUpload(url(), lifter.idToken, videoId)).status).toBe(204)
      expect((await headClip(url(), lifter.idToken, videoId)).status).toBe(404)
      expect(await storedOf(videoId)).toEqual([])
    })
  })
})
