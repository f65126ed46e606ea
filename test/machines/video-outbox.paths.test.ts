/**
 * The app's video outbox (docs/decisions/050-form-check-videos.md) walked by its model:
 * every state and transition, eventless and guarded branches included, replayed on a
 * running actor with its real implementations over a device store in memory and an upload
 * the test answers, with fake timers. Along every walk each clip held is on the device as
 * held, one upload runs at a time (always the oldest clip still to send, by its own id), a
 * clip is announced uploaded once the server holds it and leaves the device then, a
 * refusal stays with the server's words until dismissed, and a cancelled clip leaves the
 * device, and the server once its upload exists there.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { VideoId } from "#domain/set-videos.ts"
import type { KeptClip, KeptVideos } from "#domain/video-outbox.ts"
import { UploadDefect, UploadOffline, UploadRefused, UploadUnauthorized } from "#gateway/video-upload.ts"
import { videoOutboxImplementations, type VideoOutboxPorts } from "#machines/video-outbox/video-outbox.actors.ts"
import {
  benchClip,
  deadliftClip,
  keptClip,
  squatClip,
  TOO_MUCH_FOR_QUOTA
} from "#machines/video-outbox/video-outbox.fixtures.ts"
import { NETWORK_RETRY_MS, nextToUpload, videoOutboxMachine } from "#machines/video-outbox/video-outbox.machine.ts"
import {
  clipState,
  selectVideoUploads,
  type VideoOutboxSnapshot
} from "#machines/video-outbox/video-outbox.selectors.ts"
import type { VideoOutboxEmitted, VideoOutboxEvent } from "#machines/video-outbox/video-outbox.types.ts"
import { delayedEvents, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = VideoOutboxEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const input = { online: true }
const SQUAT_FILE = new Blob(["squat film"], { type: "video/mp4" })
const BENCH_FILE = new Blob(["bench film"], { type: "video/mp4" })
const POSTER = new Blob(["a frame"], { type: "image/jpeg" })
/** Added before a reload, its upload already begun on the server: kept on the device. */
const KEPT: KeptClip = keptClip(deadliftClip, { created: true })

const refused = new UploadRefused("VideoQuotaFull", TOO_MUCH_FOR_QUOTA)
const offline = new UploadOffline("tus: failed to upload chunk at offset 0")
const serverDown = new UploadDefect("tus: unexpected response while uploading chunk", 503, 3_000)
const signedOut = new UploadUnauthorized("tus: unexpected response while creating upload")

const add = (clip: typeof squatClip, file: Blob): ModelEvent => ({ type: "clip.add", clip, file, poster: POSTER })

const eventsFor = (snapshot: VideoOutboxSnapshot): ReadonlyArray<ModelEvent> => {
  const uploadingId = snapshot.context.progress?.videoId
  return [
    add(squatClip, SQUAT_FILE),
    add(benchClip, BENCH_FILE),
    ...snapshot.context.clips.flatMap((kept): Array<ModelEvent> => [
      { type: "clip.cancel", videoId: kept.clip.videoId },
      { type: "clip.dismiss", videoId: kept.clip.videoId }
    ]),
    // The device's store read before, or after, what was added meanwhile was kept on it.
    done("loadKept", [KEPT]),
    done("loadKept", [KEPT, ...snapshot.context.clips]),
    failure("loadKept", new Error("IndexedDB could not be opened")),
    { type: "network.online" },
    { type: "network.offline" },
    ...(uploadingId === undefined
      ? []
      : [
          { type: "upload.progress", videoId: uploadingId, percent: 42 } as const,
          { type: "upload.created", videoId: uploadingId } as const
        ]),
    // A late word from an upload no longer under way is not taken.
    { type: "upload.progress", videoId: benchClip.videoId, percent: 99 },
    done("upload"),
    failure("upload", refused),
    failure("upload", offline),
    failure("upload", serverDown),
    failure("upload", signedOut),
    ...delayedEvents(snapshot)
  ]
}

const serialize = (snapshot: VideoOutboxSnapshot) =>
  JSON.stringify({
    state: leafOf(snapshot),
    clips: snapshot.context.clips.map((kept) => [kept.clip.videoId.slice(0, 2), kept.refused !== null, kept.created]),
    online: snapshot.context.online,
    progress: snapshot.context.progress,
    failing: snapshot.context.attempt > 0
  })

const walk = modelOf<VideoOutboxSnapshot, ModelEvent>(videoOutboxMachine, {
  input,
  events: eventsFor,
  serialize,
  bound: { vertices: 5_000, edges: 60_000 }
})

describe("the video outbox's model", () => {
  test("reaches every state the machine declares ('checking' is passed through: its eventless branches are the proof)", () => {
    const passedThrough = walk.edges
      .flatMap((edge) => [...edge.taken])
      .filter((transition) => transition.eventType === "")
      .map((transition) => transition.source.path.join("."))
    expect([...new Set([...walk.reachedStates, ...passedThrough])].sort()).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })

  test("holds each clip once, whatever the device's store brought back", () => {
    for (const edge of walk.edges) {
      const ids = edge.path.state.context.clips.map((kept) => kept.clip.videoId)
      expect(ids, edge.name).toEqual([...new Set(ids)])
    }
  })

  test("starts an upload only while online, one clip at a time, the oldest still to send", () => {
    for (const edge of walk.edges) {
      const snapshot = edge.path.state
      if (!snapshot.matches("uploading")) continue
      // Going offline mid-upload leaves the upload to fail (or finish) on its own.
      if (!edge.from.matches("uploading")) expect(snapshot.context.online, edge.name).toBe(true)
      expect(snapshot.context.progress?.videoId, edge.name).toBe(nextToUpload(snapshot.context.clips)?.clip.videoId)
    }
  })
})

/** The device's store, in memory: what the outbox keeps and forgets, KEPT there from before. */
function keptInMemory(list: KeptVideos["list"]) {
  const store = new Map<VideoId, KeptClip>([[KEPT.clip.videoId, KEPT]])
  const kept: KeptVideos = {
    list,
    put: (clip) => {
      store.set(clip.clip.videoId, clip)
      return Promise.resolve()
    },
    remove: (videoId) => {
      store.delete(videoId)
      return Promise.resolve()
    },
    clear: () => {
      store.clear()
      return Promise.resolve()
    }
  }
  return { store, kept }
}

function runningOutbox() {
  const stubs = deferredGateway(["upload", "loadKept"])
  const gateway = stubs.gateway as {
    readonly upload: VideoOutboxPorts["upload"]
    readonly loadKept: () => Promise<ReadonlyArray<KeptClip>>
  }
  const device = keptInMemory(() => gateway.loadKept())
  const terminated: Array<VideoId> = []
  const machine = videoOutboxMachine.provide(
    videoOutboxImplementations({
      kept: device.kept,
      // A stopped upload ends (uploadVideo rejects with an AbortError).
      upload: (upload) => {
        const answer = gateway.upload(upload)
        upload.signal.addEventListener("abort", () => stubs.fail("upload", new DOMException("stopped", "AbortError")))
        return answer
      },
      terminate: (videoId) => {
        terminated.push(videoId)
        return Promise.resolve()
      },
      watchNetwork: () => () => undefined
    })
  )
  const actor = createActor(machine, { input })
  const announced: Array<VideoOutboxEmitted> = []
  actor.on("uploaded", (event) => announced.push(event))
  actor.start()
  return {
    stubs,
    actor,
    announced,
    terminated,
    device: device.store,
    flags: { loadFailed: false },
    answers: { upload: oneCall(stubs, "upload"), loadKept: oneCall(stubs, "loadKept") }
  }
}
type RunningOutbox = ReturnType<typeof runningOutbox>

function expectWhatTheLifterSees(
  snapshot: VideoOutboxSnapshot,
  before: VideoOutboxSnapshot,
  running: RunningOutbox,
  event: ModelEvent | undefined
) {
  const leaf = leafOf(snapshot)
  const { clips, progress } = snapshot.context
  // Every clip held is on the device as held (a refusal and a begun upload too).
  for (const kept of clips) expect(running.device.get(kept.clip.videoId)).toEqual(kept)
  const held = new Set(clips.map((kept) => kept.clip.videoId))
  expect([...running.device.keys()].filter((id) => !held.has(id))).toEqual(
    leaf === "loading" || running.flags.loadFailed ? [KEPT.clip.videoId].filter((id) => running.device.has(id)) : []
  )
  expect(running.stubs.isWaitingFor("loadKept")).toBe(leaf === "loading")
  // One upload at a time: the oldest clip still to send, with the id made on the device and its set's metadata.
  expect(running.stubs.isWaitingFor("upload")).toBe(leaf === "uploading")
  if (leaf === "uploading") {
    const next = nextToUpload(clips)
    const [upload] = running.stubs.argsOf("upload") as [Parameters<VideoOutboxPorts["upload"]>[0]]
    expect(upload.videoId).toBe(next?.clip.videoId)
    expect(upload.file).toBe(next?.file)
    expect(upload.metadata).toEqual({
      videoId: next?.clip.videoId,
      setId: next?.clip.setId,
      durationMs: next?.clip.durationMs,
      filename: next?.clip.fileName
    })
    expect(upload.signal.aborted).toBe(false)
  }
  // Each clip says where it stands, never uploaded before the server holds it.
  for (const kept of clips) {
    const state = clipState(snapshot, kept.clip.videoId)
    if (kept.refused !== null) expect(state).toEqual({ status: "refused", message: kept.refused })
    else if (progress?.videoId === kept.clip.videoId)
      expect(state).toEqual({ status: "uploading", percent: progress.percent })
    else expect(state).toEqual({ status: leaf === "offline" || leaf === "waitingToRetry" ? "waiting" : "queued" })
  }
  const view = selectVideoUploads(snapshot)
  expect(view.uploading?.videoId ?? null).toBe(progress?.videoId ?? null)
  expect(view.refused.map((refusal) => refusal.videoId)).toEqual(
    clips.filter((kept) => kept.refused !== null).map((kept) => kept.clip.videoId)
  )
  // Uploaded: announced once, off the device and the queue.
  if (event?.type === "xstate.done.actor.upload") {
    const uploaded = before.context.progress?.videoId
    expect(running.announced.at(-1)?.videoId).toBe(uploaded)
    expect(clips.some((kept) => kept.clip.videoId === uploaded)).toBe(false)
  }
  // Cancelled or dismissed: gone from the device, and from the server once its upload was there.
  if (event?.type === "clip.cancel" || event?.type === "clip.dismiss") {
    const { videoId } = event as { videoId: VideoId }
    const was = before.context.clips.find((kept) => kept.clip.videoId === videoId)
    const removed = was !== undefined && (event.type === "clip.cancel" || was.refused !== null)
    if (removed) {
      expect(running.device.has(videoId)).toBe(false)
      expect(running.terminated.at(-1) === videoId).toBe(was.created)
    }
  }
}

beforeAll(() => {
  // A store that cannot be read is said in the console by design.
  vi.spyOn(console, "error").mockImplementation(() => undefined)
})

describe("a running video outbox, driven along the model", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningOutbox()
    const { actor } = running
    const [initial] = initialTransition(videoOutboxMachine, input)
    let uploads = 0
    let before = actor.getSnapshot()
    await replayPath<VideoOutboxSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      running.answers,
      (expected, event) => {
        if (event?.type === "xstate.done.actor.upload") uploads += 1
        if (event?.type === "xstate.error.actor.loadKept") running.flags.loadFailed = true
        expect(running.announced).toHaveLength(uploads)
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatTheLifterSees(actual, before, running, event)
        before = actual
      },
      { retryBackoff: 60_000, networkRetry: NETWORK_RETRY_MS }
    )
    actor.stop()
  })
})

describe("the video outbox over time", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test("offline, a clip waits on the device; back online it uploads by its own id", async () => {
    const uploads: Array<Parameters<VideoOutboxPorts["upload"]>[0]> = []
    let online: (up: boolean) => void = () => undefined
    const device = keptInMemory(() => Promise.resolve([]))
    device.store.clear()
    const actor = createActor(
      videoOutboxMachine.provide(
        videoOutboxImplementations({
          kept: device.kept,
          upload: (upload) => {
            uploads.push(upload)
            return new Promise(() => undefined)
          },
          terminate: () => Promise.resolve(),
          watchNetwork: (listener) => {
            online = listener
            return () => undefined
          }
        })
      ),
      { input: { online: false } }
    ).start()
    actor.send({ type: "clip.add", clip: squatClip, file: SQUAT_FILE, poster: POSTER })
    await settleMicrotasks()
    expect(uploads).toEqual([])
    expect(device.store.get(squatClip.videoId)?.file).toBe(SQUAT_FILE)
    expect(clipState(actor.getSnapshot(), squatClip.videoId)).toEqual({ status: "waiting" })
    expect(selectVideoUploads(actor.getSnapshot()).waitingText).toBe(
      "1 clip waits for a connection; it uploads when you're back online"
    )
    online(true)
    await settleMicrotasks()
    expect(uploads.map((upload) => upload.videoId)).toEqual([squatClip.videoId])
    expect(clipState(actor.getSnapshot(), squatClip.videoId)).toEqual({ status: "uploading", percent: 0 })
    actor.stop()
  })

  test("a clip is on the device before its upload starts", async () => {
    const uploads: Array<VideoId> = []
    let finishWrite: () => void = () => undefined
    const actor = createActor(
      videoOutboxMachine.provide(
        videoOutboxImplementations({
          kept: {
            list: () => Promise.resolve([]),
            put: () => new Promise((resolve) => (finishWrite = resolve)),
            remove: () => Promise.resolve(),
            clear: () => Promise.resolve()
          },
          upload: (upload) => {
            uploads.push(upload.videoId)
            return new Promise(() => undefined)
          },
          terminate: () => Promise.resolve(),
          watchNetwork: () => () => undefined
        })
      ),
      { input }
    ).start()
    await settleMicrotasks()
    actor.send({ type: "clip.add", clip: squatClip, file: SQUAT_FILE, poster: POSTER })
    await settleMicrotasks()
    expect(actor.getSnapshot().matches("uploading")).toBe(true)
    expect(uploads).toEqual([])
    finishWrite()
    await settleMicrotasks()
    expect(uploads).toEqual([squatClip.videoId])
    actor.stop()
  })

  test("progress comes in percent; cancelling the clip on its way stops it and deletes its upload on the server", async () => {
    const signals: Array<AbortSignal> = []
    const terminated: Array<VideoId> = []
    const device = keptInMemory(() => Promise.resolve([]))
    device.store.clear()
    const actor = createActor(
      videoOutboxMachine.provide(
        videoOutboxImplementations({
          kept: device.kept,
          upload: ({ signal, onProgress, onCreated }) => {
            signals.push(signal)
            onCreated?.()
            onProgress(5_000_000, 24_000_000)
            return new Promise(() => undefined)
          },
          terminate: (videoId) => {
            terminated.push(videoId)
            return Promise.resolve()
          },
          watchNetwork: () => () => undefined
        })
      ),
      { input }
    ).start()
    actor.send({ type: "clip.add", clip: squatClip, file: SQUAT_FILE, poster: POSTER })
    actor.send({ type: "clip.add", clip: benchClip, file: BENCH_FILE, poster: null })
    await settleMicrotasks()
    expect(clipState(actor.getSnapshot(), squatClip.videoId)).toEqual({ status: "uploading", percent: 20 })
    expect(device.store.get(squatClip.videoId)?.created).toBe(true)
    actor.send({ type: "clip.cancel", videoId: squatClip.videoId })
    await settleMicrotasks()
    expect(signals[0]?.aborted).toBe(true)
    expect(terminated).toEqual([squatClip.videoId])
    expect(device.store.has(squatClip.videoId)).toBe(false)
    // The next clip goes on.
    expect(clipState(actor.getSnapshot(), benchClip.videoId)).toEqual({ status: "uploading", percent: 20 })
    actor.stop()
  })

  test("a server failure waits and tries the same clip again; a refusal stays until dismissed and is not sent again", async () => {
    vi.useFakeTimers()
    const running = runningOutbox()
    const { stubs, actor } = running
    await settleMicrotasks()
    stubs.settle("loadKept", [])
    await settleMicrotasks()
    actor.send({ type: "clip.add", clip: squatClip, file: SQUAT_FILE, poster: POSTER })
    await settleMicrotasks()
    stubs.fail("upload", serverDown)
    await settleMicrotasks()
    expect(actor.getSnapshot().matches("waitingToRetry")).toBe(true)
    // The server asked for 3 s; no more than 1 s of jitter is added.
    await vi.advanceTimersByTimeAsync(2_999)
    expect(stubs.isWaitingFor("upload")).toBe(false)
    await vi.advanceTimersByTimeAsync(1_001)
    expect((stubs.argsOf("upload") as [{ videoId: VideoId }])[0].videoId).toBe(squatClip.videoId)
    stubs.fail("upload", refused)
    await settleMicrotasks()
    expect(clipState(actor.getSnapshot(), squatClip.videoId)).toEqual({
      status: "refused",
      message: TOO_MUCH_FOR_QUOTA
    })
    expect(running.device.get(squatClip.videoId)?.refused).toBe(TOO_MUCH_FOR_QUOTA)
    expect(stubs.isWaitingFor("upload")).toBe(false)
    actor.send({ type: "clip.dismiss", videoId: squatClip.videoId })
    expect(running.device.has(squatClip.videoId)).toBe(false)
    expect(clipState(actor.getSnapshot(), squatClip.videoId)).toBeNull()
    actor.stop()
  })
})
