/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mp4 } from "../domain/video-bytes.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { openLiveReader, type ReceivedEvent } from "./support/live-reader.ts"
import { type OpenedStore, storesUnderTest } from "./support/video-stores.ts"
import { createClipUpload, patchClip, uploadClip } from "./support/video-upload.ts"

const DATE = "2025-05-05"
const [fileStore] = storesUnderTest

describe.each(databasesUnderTest)("the form-check contract on $name", (database) => {
  let opened: OpenedStore
  beforeAll(async () => {
    if (fileStore === undefined) throw new Error("no file store under test")
    opened = await fileStore.open()
  })
  const api = useApiUnderTest(database, () => ({ videoStorage: opened.config, videoQuotaBytes: 5_000_000 }))
  afterAll(() => opened.close())

  let coach: Account
  let lifter: Account
  let setIds: Array<number>
  const url = () => api.server().url
  const day = (person: Account | undefined, clientId = lifter.id, date: string = DATE) =>
    api.call("GET", `/beta/api/videos/${clientId}?date=${date}`, { token: person?.idToken })
  const clip = (setIndex = 0, durationMs = 6_000) =>
    uploadClip(url(), lifter.idToken, { setId: setIds[setIndex] ?? 0, bytes: mp4(durationMs, 3_000), durationMs })
  const comment = (person: Account, videoId: string, body: Record<string, unknown>) =>
    api.call("POST", `/beta/api/videos/${videoId}/comments`, { token: person.idToken, body })

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Vera Coach")
    lifter = await api.clientOf(coach, "Vic Lifter")
    const saved = await api.saveWorkout(coach, lifter, DATE, oneExercise("Bench Press", 3))
    setIds = (saved.body as Array<{ id: number }>).map((row) => row.id)
  })

  it("lists a day's clips: every one for the lifter, the ready ones for their coach", async () => {
    const ready = await clip(0)
    const uploading = randomUUID()
    await createClipUpload(url(), lifter.idToken, { videoId: uploading, setId: setIds[1] ?? 0, durationMs: 2_000 }, 900)
    const mine = await day(lifter)
    expect(mine.status).toBe(200)
    expect(mine.body.map((video: { id: string; status: string }) => [video.id, video.status])).toEqual(
      expect.arrayContaining([
        [ready, "ready"],
        [uploading, "uploading"]
      ])
    )
    const coachs = await day(coach)
    expect(coachs.body.map((video: { id: string }) => video.id)).toContain(ready)
    expect(coachs.body.map((video: { id: string }) => video.id)).not.toContain(uploading)
    expect(coachs.body.find((video: { id: string }) => video.id === ready)).toEqual({
      id: ready,
      clientId: lifter.id,
      setId: setIds[0],
      date: DATE,
      workoutOrder: 0,
      exercise: "Bench Press",
      setIndex: 0,
      mediaType: "video/mp4",
      sizeBytes: expect.any(Number),
      durationMs: 6_000,
      status: "ready",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      comments: []
    })
    expect((await day(lifter, lifter.id, "2025-05-06")).body).toEqual([])
  })

  it("refuses a day's clips to another lifter (403), another coach (404), bad input (400) and no token (401)", async () => {
    const otherCoach = await api.signupAs("Coach", "Opal Other")
    const otherLifter = await api.clientOf(otherCoach, "Olaf Other")
    expect((await day(otherLifter)).status).toBe(403)
    expect(await day(otherCoach)).toEqual({ status: 404, body: { error: expect.stringMatching(/^clientId: /) } })
    expect(await day(lifter, lifter.id, "2025-13-40")).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^date: /) }
    })
    expect((await day(undefined)).status).toBe(401)
  })

  it("keeps an archived client's clips in view for their coach, and hides clips of a removed workout until it is back", async () => {
    const { client, setIds: sets } = await (async () => {
      const client = await api.clientOf(coach, "Ari Archived")
      const saved = await api.saveWorkout(coach, client, DATE, oneExercise("Squat", 1))
      return { client, setIds: (saved.body as Array<{ id: number }>).map((row) => row.id) }
    })()
    const videoId = await uploadClip(url(), client.idToken, {
      setId: sets[0] ?? 0,
      bytes: mp4(1_000, 100),
      durationMs: 1_000
    })
    const seen = async () => (await day(coach, client.id)).body.map((video: { id: string }) => video.id)
    await api.call("POST", "/beta/api/clients/archive", { token: coach.idToken, body: { clientId: client.id } })
    expect(await seen()).toEqual([videoId])
    const removed = await api.call("DELETE", `/beta/api/workout/${client.id}/${DATE}/0`, { token: coach.idToken })
    expect(removed.status).toBe(200)
    expect(await seen()).toEqual([])
    expect((await api.call("GET", `/beta/api/videos/${videoId}/link`, { token: client.idToken })).status).toBe(404)
    const restored = await api.call("POST", "/beta/api/workout/restore", {
      token: coach.idToken,
      body: { clientId: client.id, date: DATE, workoutOrder: 0 }
    })
    expect(restored.status).toBe(200)
    // Restored, the clip is back, bytes and all.
    expect(await seen()).toEqual([videoId])
    const link = await api.call("GET", `/beta/api/videos/${videoId}/link`, { token: coach.idToken })
    const file = await fetch(`${url()}${link.body.url}`)
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(mp4(1_000, 100))
  })

  it("tells the lifter and their coach of a clip ready and of a comment, through the live stream", async () => {
    const streams = await Promise.all([lifter, coach].map((person) => openLiveReader(url(), person.idToken)))
    try {
      expect(streams.map((stream) => stream.status)).toEqual([200, 200])
      const bytes = mp4(9_000, 2_000)
      const videoId = randomUUID()
      await createClipUpload(url(), lifter.idToken, { videoId, setId: setIds[2] ?? 0, durationMs: 9_000 }, bytes.length)
      await patchClip(url(), lifter.idToken, videoId, 0, bytes)
      const isClip = (event: ReceivedEvent) => event.data.type === "video" && event.data.video.id === videoId
      for (const stream of streams) {
        const [event] = await stream.waitFor(isClip)
        expect(event?.data).toMatchObject({ type: "video", video: { id: videoId, status: "ready", setId: setIds[2] } })
      }
      const id = randomUUID()
      const answer = await comment(coach, videoId, { id, atMs: 4_250, body: "Bar path drifts forward here" })
      expect(answer).toEqual({
        status: 200,
        body: {
          id,
          videoId,
          clientId: lifter.id,
          coachId: coach.id,
          setId: setIds[2],
          date: DATE,
          workoutOrder: 0,
          atMs: 4_250,
          body: "Bar path drifts forward here",
          createdAt: expect.any(String),
          seq: expect.any(Number)
        }
      })
      for (const stream of streams) {
        const [event] = await stream.waitFor((one) => one.data.type === "videoComment" && one.data.comment.id === id)
        expect(event?.id).toBe(answer.body.seq)
      }
      const listed = (await day(lifter)).body.find((video: { id: string }) => video.id === videoId)
      expect(listed.comments).toEqual([answer.body])
    } finally {
      for (const stream of streams) stream.close()
    }
  })

  it("stores a comment once by its id, and refuses bad input, another comment under it, a client and another coach", async () => {
    const videoId = await clip(1)
    const id = randomUUID()
    const first = await comment(coach, videoId, { id, atMs: 0, body: "Good depth" })
    const again = await comment(coach, videoId, { id, atMs: 0, body: "Good depth" })
    expect([first.status, again.status, again.body]).toEqual([200, 200, first.body])
    expect(await comment(coach, videoId, { id, atMs: 0, body: "Something else" })).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^id: /) }
    })
    expect(await comment(coach, videoId, { id: randomUUID(), atMs: -1, body: "x" })).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^atMs: /) }
    })
    expect(await comment(coach, videoId, { id: randomUUID(), atMs: 10, body: "" })).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^body: /) }
    })
    expect((await comment(lifter, videoId, { id: randomUUID(), atMs: 10, body: "me" })).status).toBe(403)
    const otherCoach = await api.signupAs("Coach", "Omar Other")
    expect(await comment(otherCoach, videoId, { id: randomUUID(), atMs: 10, body: "hi" })).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/^videoId: /), code: "VideoNotFound" }
    })
    const anonymous = await api.call("POST", `/beta/api/videos/${videoId}/comments`, {
      body: { id: randomUUID(), atMs: 10, body: "hi" }
    })
    expect(anonymous.status).toBe(401)
  })

  it("shows the coach their clients' newest ready clips, with names; a client is refused", async () => {
    const newest = await clip(0)
    const recent = await api.call("GET", "/beta/api/videos/recent", { token: coach.idToken })
    expect(recent.status).toBe(200)
    expect(recent.body[0]).toMatchObject({ id: newest, clientName: "Vic Lifter", status: "ready" })
    expect(recent.body.every((video: { status: string }) => video.status === "ready")).toBe(true)
    expect((await api.call("GET", "/beta/api/videos/recent", { token: lifter.idToken })).status).toBe(403)
    expect((await api.call("GET", "/beta/api/videos/recent")).status).toBe(401)
  })

  it("says what the lifter's clips take, and frees it when they remove one; only the lifter removes", async () => {
    const usage = async () => (await api.call("GET", "/beta/api/videos/usage", { token: lifter.idToken })).body
    const videoId = await clip(1)
    const before = await usage()
    expect(before.quotaBytes).toBe(5_000_000)
    expect((await api.call("GET", "/beta/api/videos/usage", { token: coach.idToken })).status).toBe(403)
    const remove = (person: Account | undefined, id = videoId) =>
      api.call("DELETE", `/beta/api/videos/${id}`, { token: person?.idToken })
    expect((await remove(coach)).status).toBe(403)
    const otherLifter = await api.clientOf(coach, "Ona Other")
    expect(await remove(otherLifter)).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/^videoId: /), code: "VideoNotFound" }
    })
    expect(await remove(lifter, "not-a-uuid")).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^videoId: /) }
    })
    expect((await remove(undefined)).status).toBe(401)
    expect((await remove(lifter)).status).toBe(204)
    expect((await usage()).usedBytes).toBe(before.usedBytes - mp4(6_000, 3_000).length)
    expect((await day(lifter)).body.map((video: { id: string }) => video.id)).not.toContain(videoId)
    expect((await opened.stored()).filter((name) => name.startsWith(videoId))).toEqual([])
    expect((await remove(lifter)).status).toBe(404)
  })
})
