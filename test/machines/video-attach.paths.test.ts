/**
 * One set's "Add video" (docs/decisions/050-form-check-videos.md) walked by its model:
 * every state and transition, guarded branches included, replayed on a running actor with
 * its real implementations over a reading of the clip the test answers. Along every walk
 * a clip too large is told without being read, a clip too long or unreadable says why with
 * its real numbers, and only a clip that passes is handed to the outbox, once, as the
 * outbox's record of that set, with the id it was chosen with.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { VIDEO_MAX_BYTES, type VideoId } from "#domain/set-videos.ts"
import { UNREADABLE_CLIP_TEXT } from "#domain/video-outbox.ts"
import { videoAttachImplementations } from "#machines/video-attach/video-attach.actors.ts"
import {
  CHOSEN_AT,
  CHOSEN_VIDEO,
  chosenFile,
  hevcProbe,
  lengthlessProbe,
  readableProbe,
  squatSet,
  tooLongProbe
} from "#machines/video-attach/video-attach.fixtures.ts"
import { videoAttachMachine } from "#machines/video-attach/video-attach.machine.ts"
import {
  READING_CLIP,
  selectVideoAttach,
  type VideoAttachSnapshot
} from "#machines/video-attach/video-attach.selectors.ts"
import type { ClipProbe, VideoAttachEvent } from "#machines/video-attach/video-attach.types.ts"
import type { ClipAdded } from "#machines/video-outbox/video-outbox.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = VideoAttachEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const input = { set: squatSet }
const SECOND_VIDEO = "9e5dba6c-7f81-42a3-8edf-4a5b6c7d8e9f" as VideoId
const clip = chosenFile("IMG_2041.MOV", 24_000_000)
const hugeClip = chosenFile("IMG_2042.MOV", VIDEO_MAX_BYTES + 1)

const choose = (file: File, videoId: VideoId = CHOSEN_VIDEO): ModelEvent => ({
  type: "clip.choose",
  file,
  videoId,
  chosenAt: CHOSEN_AT
})

const eventsFor = (): ReadonlyArray<ModelEvent> => [
  choose(clip),
  choose(hugeClip, SECOND_VIDEO),
  { type: "clip.retry" },
  done("probe", readableProbe),
  done("probe", hevcProbe),
  done("probe", tooLongProbe),
  done("probe", lengthlessProbe),
  failure("probe", new Error("the video could not be read"))
]

const walk = modelOf<VideoAttachSnapshot, ModelEvent>(videoAttachMachine, {
  input,
  events: eventsFor,
  serialize: (snapshot) =>
    JSON.stringify([leafOf(snapshot), snapshot.context.chosen?.videoId ?? null, snapshot.context.check]),
  bound: { vertices: 500, edges: 5_000 }
})

describe("the video attach's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })

  test("never reads a clip too large to send", () => {
    for (const edge of walk.edges) {
      if (edge.event.type !== "clip.choose") continue
      const large = (edge.event as { file: File }).file.size > VIDEO_MAX_BYTES
      expect(leafOf(edge.path.state), edge.name).toBe(large ? "tooLarge" : "probing")
    }
  })
})

/** What the lifter reads in each state, with the clip's real numbers. */
const expectedProblem = (leaf: string, probe: ClipProbe | undefined): string | null => {
  if (leaf === "tooLarge")
    return "This clip is 201 MB; form checks can be up to 200 MB. Trim it or film at a lower quality and add it again."
  if (leaf === "tooLong") {
    expect(probe).toBe(tooLongProbe)
    return "This clip is 1:42; form checks can be up to 1:30. Trim it and add it again."
  }
  if (leaf === "unreadable") return UNREADABLE_CLIP_TEXT
  return null
}

describe("a running video attach, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const stubs = deferredGateway(["probe"])
    const queued: Array<ClipAdded> = []
    const actor = createActor(
      videoAttachMachine.provide(
        videoAttachImplementations({
          probe: (stubs.gateway as { probe: (file: File) => Promise<ClipProbe> }).probe,
          queue: (added) => queued.push(added)
        })
      ),
      { input }
    ).start()
    const [initial] = initialTransition(videoAttachMachine, input)
    let probe: ClipProbe | undefined
    let queuedBefore = 0
    await replayPath<VideoAttachSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      { probe: oneCall(stubs, "probe") },
      (expected, event) => {
        if (event?.type === "xstate.done.actor.probe") probe = (event as { output: ClipProbe }).output
        const snapshot = actor.getSnapshot()
        const leaf = leafOf(snapshot)
        expect(leaf).toBe(leafOf(expected))
        expect(snapshot.context).toEqual(expected.context)
        const view = selectVideoAttach(snapshot)
        expect(view.reading).toBe(leaf === "probing")
        expect(view.reading ? READING_CLIP : view.problem).toBe(
          leaf === "probing" ? READING_CLIP : expectedProblem(leaf, probe)
        )
        // The clip chosen is the one read.
        expect(stubs.isWaitingFor("probe")).toBe(leaf === "probing")
        if (leaf === "probing") expect(stubs.argsOf("probe")).toEqual([snapshot.context.chosen?.file])
        // Handed to the outbox once, on passing, as that set's record.
        const handedNow = queued.length - queuedBefore
        expect(handedNow).toBe(event?.type === "xstate.done.actor.probe" && leaf === "queued" ? 1 : 0)
        if (handedNow === 1) {
          const added = queued.at(-1)
          expect(added).toEqual({
            clip: {
              videoId: CHOSEN_VIDEO,
              ...squatSet,
              fileName: "IMG_2041.MOV",
              sizeBytes: 24_000_000,
              durationMs: Math.round(probe?.durationMs ?? 0),
              addedAt: CHOSEN_AT
            },
            file: clip,
            poster: probe?.poster ?? null
          })
          expect(view.queuedId).toBe(CHOSEN_VIDEO)
        }
        queuedBefore = queued.length
      }
    )
    await settleMicrotasks()
    actor.stop()
  })
})
