/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { createHmac } from "node:crypto"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { VIDEO_LINK_SECONDS, videoFilePath } from "#domain/set-videos.ts"
import { mp4, webm } from "../domain/video-bytes.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { type OpenedStore, storesUnderTest } from "./support/video-stores.ts"
import { createClipUpload, uploadClip } from "./support/video-upload.ts"

const DATE = "2025-04-07"

describe.each(databasesUnderTest)("serving clips on $name", (database) => {
  describe.each(storesUnderTest)("from the $name", (store) => {
    let opened: OpenedStore
    beforeAll(async () => {
      opened = await store.open()
    })
    const api = useApiUnderTest(database, () => ({ videoStorage: opened.config }))
    afterAll(() => opened.close())

    let coach: Account
    let lifter: Account
    let setIds: Array<number>
    const bytes = mp4(7_500, 20_000)
    let videoId: string
    const url = () => api.server().url
    const linkFor = (token: string, id = videoId) => api.call("GET", `/beta/api/videos/${id}/link`, { token })

    beforeAll(async () => {
      coach = await api.signupAs("Coach", "Sol Coach")
      lifter = await api.clientOf(coach, "Lia Lifter")
      const saved = await api.saveWorkout(coach, lifter, DATE, oneExercise("Deadlift", 3))
      setIds = (saved.body as Array<{ id: number }>).map((row) => row.id)
      videoId = await uploadClip(url(), lifter.idToken, { setId: setIds[0] ?? 0, bytes, durationMs: 7_500 })
    })

    it("gives the lifter and their coach a link that plays the whole clip, with its headers", async () => {
      for (const person of [lifter, coach]) {
        const before = Date.now()
        const link = await linkFor(person.idToken)
        expect(link.status).toBe(200)
        expect(link.body.url).toMatch(new RegExp(`^${videoFilePath(videoId as never)}\\?expires=\\d+&signature=`))
        const expiresAt = Date.parse(link.body.expiresAt)
        expect(expiresAt - before).toBeGreaterThan((VIDEO_LINK_SECONDS - 5) * 1000)
        expect(expiresAt - before).toBeLessThanOrEqual((VIDEO_LINK_SECONDS + 1) * 1000)
        const file = await fetch(`${url()}${link.body.url}`)
        expect(file.status).toBe(200)
        expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes)
        expect(Object.fromEntries(file.headers)).toMatchObject({
          "accept-ranges": "bytes",
          "content-type": "video/mp4",
          "content-length": String(bytes.length),
          "x-content-type-options": "nosniff",
          "content-disposition": 'inline; filename="set.mp4"',
          "content-security-policy": "default-src 'none'; sandbox"
        })
        const maxAge = Number(/^private, max-age=(\d+)$/.exec(file.headers.get("cache-control") ?? "")?.[1])
        expect(maxAge).toBeGreaterThan(VIDEO_LINK_SECONDS - 10)
        expect(maxAge).toBeLessThanOrEqual(VIDEO_LINK_SECONDS)
      }
    })

    it("downloads as an attachment with download=1, and serves a WebM as WebM", async () => {
      const link = await linkFor(lifter.idToken)
      const file = await fetch(`${url()}${link.body.url}&download=1`)
      expect(file.headers.get("content-disposition")).toBe('attachment; filename="set.mp4"')
      await file.arrayBuffer()
      const clip = webm(4_000)
      const webmId = await uploadClip(url(), lifter.idToken, { setId: setIds[1] ?? 0, bytes: clip, durationMs: 4_000 })
      const webmLink = await linkFor(lifter.idToken, webmId)
      const served = await fetch(`${url()}${webmLink.body.url}`)
      expect([served.headers.get("content-type"), served.headers.get("content-disposition")]).toEqual([
        "video/webm",
        'inline; filename="set.webm"'
      ])
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(clip)
    })

    it("answers single ranges with 206 and Content-Range, and an unsatisfiable one with 416", async () => {
      const link = (await linkFor(lifter.idToken)).body.url as string
      const ranged = (range: string) => fetch(`${url()}${link}`, { headers: { range } })
      const cases: Array<[string, number, number]> = [
        ["bytes=0-99", 0, 99],
        ["bytes=100-", 100, bytes.length - 1],
        ["bytes=-50", bytes.length - 50, bytes.length - 1],
        [`bytes=10-${bytes.length + 500}`, 10, bytes.length - 1]
      ]
      for (const [range, start, end] of cases) {
        const answer = await ranged(range)
        expect([answer.status, answer.headers.get("content-range"), answer.headers.get("content-length")]).toEqual([
          206,
          `bytes ${start}-${end}/${bytes.length}`,
          String(end - start + 1)
        ])
        expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes.subarray(start, end + 1))
      }
      for (const range of [`bytes=${bytes.length}-`, "bytes=-0", "bytes=50-10"]) {
        const answer = await ranged(range)
        expect([answer.status, answer.headers.get("content-range")]).toEqual([416, `bytes */${bytes.length}`])
        await answer.arrayBuffer()
      }
    })

    it("finds no clip for another coach or another lifter (404), nor one still uploading", async () => {
      const otherCoach = await api.signupAs("Coach", "Olga Other")
      const otherLifter = await api.clientOf(otherCoach, "Otto Other")
      for (const person of [otherCoach, otherLifter]) {
        expect(await linkFor(person.idToken)).toEqual({
          status: 404,
          body: { error: expect.stringMatching(/^videoId: /), code: "VideoNotFound" }
        })
      }
      const pending = "4b0c1f8e-2d3a-4e5f-9a6b-7c8d9e0f1a2b"
      await createClipUpload(url(), lifter.idToken, { videoId: pending, setId: setIds[2] ?? 0, durationMs: 1_000 }, 500)
      expect((await linkFor(lifter.idToken, pending)).status).toBe(404)
      expect((await linkFor(lifter.idToken, "not-a-uuid")).status).toBe(400)
      expect((await api.call("GET", `/beta/api/videos/${videoId}/link`)).status).toBe(401)
    })

    it("refuses a link whose signature is not ours, or that has run out (403), and a removed clip (404)", async () => {
      const link = new URL(`${url()}${(await linkFor(lifter.idToken)).body.url}`)
      const tampered = new URL(link)
      tampered.searchParams.set("signature", `${link.searchParams.get("signature")?.slice(0, -2)}AA`)
      const otherClip = new URL(link)
      otherClip.pathname = videoFilePath("4b0c1f8e-2d3a-4e5f-9a6b-7c8d9e0f1a2b" as never)
      const longer = new URL(link)
      longer.searchParams.set("expires", String(Number(link.searchParams.get("expires")) + 3600))
      const secret = await api
        .server()
        .database.db.execute<{ secret: string }>(sql`select secret from app_secrets where name = 'video-links'`)
      const key = secret.rows[0]?.secret ?? ""
      const past = Math.floor(Date.now() / 1000) - 1
      const expired = new URL(link)
      expired.searchParams.set("expires", String(past))
      expired.searchParams.set("signature", createHmac("sha256", key).update(`${videoId}.${past}`).digest("base64url"))
      for (const refused of [
        tampered,
        otherClip,
        longer,
        expired,
        new URL(`${url()}${videoFilePath(videoId as never)}`)
      ]) {
        const answer = await fetch(refused)
        expect([answer.status, await answer.json()]).toEqual([403, { error: expect.stringContaining("link") }])
      }
      const removable = await uploadClip(url(), lifter.idToken, { setId: setIds[2] ?? 0, bytes, durationMs: 7_500 })
      const removableLink = (await linkFor(lifter.idToken, removable)).body.url as string
      expect((await api.call("DELETE", `/beta/api/videos/${removable}`, { token: lifter.idToken })).status).toBe(204)
      const gone = await fetch(`${url()}${removableLink}`)
      expect([gone.status, await gone.json()]).toEqual([404, { error: expect.any(String) }])
    })
  })
})
