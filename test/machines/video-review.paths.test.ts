/**
 * Watching one clip, walked by its model for a coach and for a lifter, and replayed on a
 * running actor whose videos gateway the test answers. The link is asked for once per
 * linking; a player failing after the link ran out asks again, before that it means the
 * browser cannot play the clip; a comment goes out with its moment and one id across
 * retries, and reaches the screen's list once stored; only the lifter removes, after asking.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { VideoComment } from "#domain/set-videos.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { kneesCave, squatClip } from "#machines/video-list/video-list.fixtures.ts"
import { videoReviewImplementations } from "#machines/video-review/video-review.actors.ts"
import { coachWatches, lifterWatches, storyLink } from "#machines/video-review/video-review.fixtures.ts"
import { videoReviewMachine } from "#machines/video-review/video-review.machine.ts"
import { selectVideoReview, type VideoReviewSnapshot } from "#machines/video-review/video-review.selectors.ts"
import type { VideoReviewEvent, VideoReviewInput } from "#machines/video-review/video-review.types.ts"
import { combinedCoverage, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = VideoReviewEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const LINK_ENDS = Date.parse("2026-11-23T18:30:00.000Z")
const link = storyLink("/beta/api/videos/x/file?expires=1&signature=s", new Date(LINK_ENDS).toISOString())

const events: ReadonlyArray<ModelEvent> = [
  { type: "link.retry" },
  { type: "media.failed", at: LINK_ENDS - 60_000 },
  { type: "media.failed", at: LINK_ENDS },
  { type: "comment.start", atMs: 2_000 },
  { type: "comment.start", atMs: 7_200 },
  { type: "draft.change", text: "knees cave here" },
  { type: "draft.change", text: "   " },
  { type: "comment.send" },
  { type: "comment.cancel" },
  { type: "remove.ask" },
  { type: "remove.confirm" },
  { type: "remove.cancel" },
  done("loadLink", link),
  failure("loadLink", serverDown),
  done("sendComment", kneesCave),
  failure("sendComment", serverDown),
  done("removeVideo"),
  failure("removeVideo", serverDown)
]

const serialize = (snapshot: VideoReviewSnapshot) =>
  JSON.stringify([leafOf(snapshot), { ...snapshot.context, commentId: snapshot.context.commentId !== null }])

const walkFor = (input: VideoReviewInput) =>
  modelOf<VideoReviewSnapshot, ModelEvent>(videoReviewMachine, { input, events: () => events, serialize })

const walks = { coach: walkFor(coachWatches), lifter: walkFor(lifterWatches) }

describe("the clip review's model", () => {
  test("reaches every state, between the coach's and the lifter's walks", () => {
    expect(walks.coach.leafStates.length).toBeGreaterThan(0)
    expect(combinedCoverage([walks.coach, walks.lifter]).unreached).toEqual([])
  })

  test("takes every transition, the guarded ones both ways", () => {
    expect(combinedCoverage([walks.coach, walks.lifter]).untaken).toEqual([])
  })

  test("the coach never reaches removal and the lifter never writes", () => {
    expect(walks.coach.reachedStates).not.toContain("confirmingRemove")
    expect(walks.lifter.reachedStates).not.toContain("composing")
  })
})

describe.each([
  ["coach", coachWatches],
  ["lifter", lifterWatches]
] as const)("a running review by the %s, driven along the model", (viewer, input) => {
  test.each(walks[viewer].walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const stubs = deferredGateway(["videoLink", "commentVideo", "removeVideo"])
    const commented: Array<VideoComment> = []
    const removed: Array<string> = []
    const actor = createActor(
      videoReviewMachine.provide(
        videoReviewImplementations({
          videos: stubs.gateway,
          commented: (comment) => commented.push(comment),
          removed: (videoId) => removed.push(videoId)
        })
      ),
      { input }
    ).start()
    const answers = {
      loadLink: { done: () => stubs.settle("videoLink", link), error: (e: unknown) => stubs.fail("videoLink", e) },
      sendComment: {
        done: () => stubs.settle("commentVideo", kneesCave),
        error: (e: unknown) => stubs.fail("commentVideo", e)
      },
      removeVideo: {
        done: () => stubs.settle("removeVideo", undefined),
        error: (e: unknown) => stubs.fail("removeVideo", e)
      }
    }
    const expectedComments: Array<VideoComment> = []
    const sentIds = new Set<string>()
    const [initial] = initialTransition(videoReviewMachine, input)
    let before = actor.getSnapshot()
    await replayPath<VideoReviewSnapshot, ModelEvent>(initial, edge.path, actor, answers, (expected, event) => {
      const actual = actor.getSnapshot()
      const leaf = leafOf(actual)
      expect(leaf).toBe(leafOf(expected))
      expect({ ...actual.context, commentId: null }).toEqual({ ...expected.context, commentId: null })
      expect(stubs.isWaitingFor("videoLink")).toBe(leaf === "linking")
      if (leaf === "linking") expect(stubs.argsOf("videoLink")).toEqual([squatClip.id])
      expect(stubs.isWaitingFor("commentVideo")).toBe(leaf === "sending")
      if (leaf === "sending") {
        const [videoId, comment] = stubs.argsOf("commentVideo") as [string, { id: string; atMs: number; body: string }]
        expect(videoId).toBe(squatClip.id)
        expect(comment).toMatchObject({ atMs: before.context.atMs, body: before.context.draft.trim() })
        // A retry sends the same id: the server stores the comment once.
        sentIds.add(comment.id)
        expect(sentIds.size).toBe(1)
      }
      expect(stubs.isWaitingFor("removeVideo")).toBe(leaf === "removing")
      if (event?.type === "xstate.done.actor.sendComment") expectedComments.push(kneesCave)
      expect(commented).toEqual(expectedComments)
      expect(removed).toEqual(leaf === "removed" ? [squatClip.id] : [])
      const view = selectVideoReview(actual)
      expect(view.status).toBe(leaf)
      expect(view.src).toBe(actual.context.link?.url ?? null)
      if (view.src !== null) expect(view.downloadUrl).toBe(`${link.url}&download=1`)
      expect(view.error).toBe(["linkFailed", "sendFailed", "removeFailed"].includes(leaf) ? NETWORK_DOWN : null)
      expect(view.canComment).toBe(viewer === "coach" && (leaf === "ready" || leaf === "composing"))
      expect(view.canRemove).toBe(viewer === "lifter" && leaf === "ready")
      expect(view.composer !== null).toBe(["composing", "sending", "sendFailed"].includes(leaf))
      before = actual
    })
    actor.stop()
  })
})
