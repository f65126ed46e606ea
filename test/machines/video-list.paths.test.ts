/**
 * A list of form-check clips (a lifter's day, the coach's dashboard), walked by its model
 * and replayed on a running list with its real implementations: a videos gateway the test
 * answers and a live feed the test speaks through. Live clips and comments are merged by id
 * in every state, one that lands during the read included; a comment goes to its clip, at
 * its moment; a removed clip leaves; a failed read is shown with a retry.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { dayVideoPorts, recentVideoPorts, videoListImplementations } from "#machines/video-list/video-list.actors.ts"
import {
  commentedClip,
  depthGood,
  kneesCave,
  recentFromSam,
  samId,
  squatClip,
  squatSetTwo,
  uploadingClip,
  videoDay
} from "#machines/video-list/video-list.fixtures.ts"
import { videoListMachine } from "#machines/video-list/video-list.machine.ts"
import { selectVideoList, videosOnSet, type VideoListSnapshot } from "#machines/video-list/video-list.selectors.ts"
import type { VideoListEvent } from "#machines/video-list/video-list.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"
import { scriptedLive } from "./scripted-live.ts"

type ModelEvent = VideoListEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }

const events: ReadonlyArray<ModelEvent> = [
  { type: "videos.retry" },
  { type: "videos.reload" },
  { type: "video.arrived", video: squatClip },
  { type: "videoComment.arrived", comment: kneesCave },
  { type: "video.removed", videoId: squatClip.id },
  { type: "video.removed", videoId: uploadingClip.id },
  done("loadVideos", [uploadingClip]),
  done("loadVideos", []),
  failure("loadVideos", serverDown)
]

const serialize = (snapshot: VideoListSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    videos: snapshot.context.videos.map((video) => [video.id, video.comments.map((comment) => comment.id)])
  })

const walk = modelOf<VideoListSnapshot, ModelEvent>(videoListMachine, {
  input: undefined,
  events: () => events,
  serialize
})

describe("the clip list's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, the guarded ones too", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

function runningDayList() {
  const stubs = deferredGateway(["dayVideos"])
  const feed = scriptedLive("connecting")
  const machine = videoListMachine.provide(
    videoListImplementations(dayVideoPorts({ videos: stubs.gateway, live: feed.live, clientId: samId, date: videoDay }))
  )
  const actor = createActor(machine).start()
  // Clips and comments arrive the way the server sends them: through the live feed.
  const driver = {
    send: (event: ModelEvent) => {
      if (event.type === "video.arrived") feed.emit({ type: "video", video: event.video })
      else if (event.type === "videoComment.arrived") feed.emit({ type: "videoComment", comment: event.comment })
      // The stream opening again is what reloads the list.
      else if (event.type === "videos.reload") feed.status("open")
      else actor.send(event as VideoListEvent)
    }
  } as unknown as AnyActorRef
  return { stubs, actor, driver, feed, answers: { loadVideos: oneCall(stubs, "dayVideos") } }
}

describe("a running day list, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningDayList()
    const [initial] = initialTransition(videoListMachine, undefined)
    await replayPath<VideoListSnapshot, ModelEvent>(initial, edge.path, running.driver, running.answers, (expected) => {
      const actual = running.actor.getSnapshot()
      const leaf = leafOf(actual)
      expect(leaf).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      const view = selectVideoList(actual)
      expect(view.status).toBe(leaf)
      expect(view.error).toBe(leaf === "failed" ? NETWORK_DOWN : null)
      expect(view.canRetry).toBe(leaf === "failed")
      // One read at a time, of the day asked for.
      expect(running.stubs.isWaitingFor("dayVideos")).toBe(leaf === "loading")
      if (leaf === "loading") expect(running.stubs.argsOf("dayVideos")).toEqual([samId, videoDay])
      // Each clip once; an empty list is never "showing".
      expect(new Set(view.videos.map((video) => video.id)).size).toBe(view.videos.length)
      if (leaf === "showing") expect(view.videos.length).toBeGreaterThan(0)
      if (leaf === "empty") expect(view.videos).toEqual([])
    })
    running.actor.stop()
    expect(running.feed.listening()).toBe(0)
  })
})

describe("what the lists show", () => {
  test("a day's list keeps that lifter's clips of that day, and each comment at its moment on its clip", async () => {
    const running = runningDayList()
    await settleMicrotasks()
    running.stubs.settle("dayVideos", [uploadingClip])
    await settleMicrotasks()
    running.feed.emit({ type: "video", video: { ...squatClip, clientId: 99 as UserId } })
    running.feed.emit({ type: "video", video: { ...squatClip, date: "2026-11-24" as IsoDate } })
    running.feed.emit({ type: "video", video: squatClip })
    running.feed.emit({ type: "videoComment", comment: kneesCave })
    running.feed.emit({ type: "videoComment", comment: depthGood })
    // The same comment twice (live, then from the coach's own screen) is kept once.
    running.actor.send({ type: "videoComment.arrived", comment: kneesCave })
    const snapshot = running.actor.getSnapshot()
    expect(selectVideoList(snapshot).videos.map((video) => video.id)).toEqual([uploadingClip.id, squatClip.id])
    expect(videosOnSet(snapshot, squatSetTwo)).toMatchObject([
      {
        on: "Back Squat, set 2",
        length: "0:12",
        ready: true,
        dayParams: { userId: "7", date: "11-23-2026" },
        comments: [
          { at: "0:02", body: depthGood.body },
          { at: "0:07", body: kneesCave.body }
        ]
      }
    ])
    // An older copy of a clip (a read begun before it was ready) does not make it uploading again.
    running.actor.send({ type: "video.arrived", video: { ...squatClip, status: "uploading" } })
    expect(videosOnSet(running.actor.getSnapshot(), squatSetTwo)[0]?.ready).toBe(true)
    running.actor.stop()
  })

  test("the dashboard's clips are newest first, naming each live clip's client", async () => {
    const stubs = deferredGateway(["recentVideos"])
    const feed = scriptedLive("connecting")
    const actor = createActor(
      videoListMachine.provide(
        videoListImplementations(
          recentVideoPorts({
            videos: stubs.gateway,
            live: feed.live,
            nameOf: (id) => (id === samId ? "Sam Lifter" : undefined)
          })
        )
      )
    ).start()
    await settleMicrotasks()
    stubs.settle("recentVideos", recentFromSam)
    await settleMicrotasks()
    feed.emit({ type: "video", video: { ...uploadingClip, status: "ready", createdAt: "2026-11-24T08:00:00.000Z" } })
    const view = selectVideoList(actor.getSnapshot())
    expect(view.videos.map((video) => [video.id, video.clientName, video.comments.length])).toEqual([
      [uploadingClip.id, "Sam Lifter", 0],
      [commentedClip.id, "Sam Lifter", 2]
    ])
    actor.stop()
  })
})
