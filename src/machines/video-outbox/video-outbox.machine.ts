import { assign, emit, fromCallback, fromPromise, setup } from "xstate"
import { isNetworkFailure } from "#domain/network-failure.ts"
import { waitBeforeRetryMs } from "#domain/retry-backoff.ts"
import type { VideoId } from "#domain/set-videos.ts"
import type { KeptClip, QueuedClip } from "#domain/video-outbox.ts"
import type {
  ClipAdded,
  UploadInput,
  VideoOutboxContext,
  VideoOutboxEmitted,
  VideoOutboxEvent,
  VideoOutboxInput
} from "./video-outbox.types.ts"

/*
 * The app's one queue of form-check clips (docs/decisions/050-form-check-videos.md): a clip
 * the lifter adds is kept on the device first (IndexedDB, src/device/video-outbox.store.ts),
 * then uploaded over tus, one at a time, in the order added, from whichever screen is open.
 * Offline it waits for the network; a failure of the server's waits and tries again; a
 * refusal stays, with the server's words, until the lifter dismisses it. A cancelled clip
 * leaves the device, and the server too once its upload exists there. The clip's address
 * is made from its id, so each try resumes the same upload.
 */

/** Offline by a failed request while the browser says online: try again this often. */
export const NETWORK_RETRY_MS = 15_000

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

/** The first clip still to upload (refused ones wait for the lifter). */
export const nextToUpload = (clips: ReadonlyArray<KeptClip>): KeptClip | undefined =>
  clips.find((kept) => kept.refused === null)

const added = (event: VideoOutboxEvent): ClipAdded => {
  if (event.type !== "clip.add") throw new Error(`${event.type} is not a clip added`)
  return event
}

const keptWith = (clips: ReadonlyArray<KeptClip>, videoId: VideoId): KeptClip | undefined =>
  clips.find((kept) => kept.clip.videoId === videoId)

/** The clip being uploaded (in `uploading`, until its way out clears the progress). */
const onItsWay = (context: VideoOutboxContext): KeptClip | undefined =>
  context.progress === null ? undefined : keptWith(context.clips, context.progress.videoId)

const onItsWayId = (context: VideoOutboxContext): VideoId => {
  if (context.progress === null) throw new Error("no clip on its way")
  return context.progress.videoId
}

/** A clip added: into the queue, and onto the device (as held, once per id). */
const addClip = [
  { type: "enqueue", params: ({ event }: { event: VideoOutboxEvent }) => added(event) },
  {
    type: "keep",
    params: ({ context, event }: { context: VideoOutboxContext; event: VideoOutboxEvent }) => ({
      kept: keptWith(context.clips, added(event).clip.videoId)
    })
  }
] as const

/** A clip cancelled or dismissed: off the device, out of the queue, and off the server if it got there. */
const removeClip = [
  {
    type: "terminate",
    params: ({ context, event }: { context: VideoOutboxContext; event: { videoId: VideoId } }) => ({
      kept: keptWith(context.clips, event.videoId)
    })
  },
  { type: "forget", params: ({ event }: { event: { videoId: VideoId } }) => ({ videoId: event.videoId }) },
  { type: "drop", params: ({ event }: { event: { videoId: VideoId } }) => ({ videoId: event.videoId }) }
] as const

export const videoOutboxMachine = setup({
  types: {
    context: {} as VideoOutboxContext,
    events: {} as VideoOutboxEvent,
    input: {} as VideoOutboxInput,
    emitted: {} as VideoOutboxEmitted
  },
  actors: {
    /** The clips the device kept (a reload, a closed tab), oldest first; none until provided. */
    loadKept: fromPromise<ReadonlyArray<KeptClip>>(() => Promise.resolve([])),
    upload: fromPromise<undefined, UploadInput>(() => Promise.reject(new Error("upload was not provided"))),
    /** Sends network.online and network.offline as the browser says; silent until provided. */
    watchNetwork: fromCallback<VideoOutboxEvent>(() => () => undefined)
  },
  guards: {
    isOffline: ({ context }) => !context.online,
    hasNext: ({ context }) => nextToUpload(context.clips) !== undefined,
    isKept: ({ context }, { videoId }: { videoId: VideoId }) => keptWith(context.clips, videoId) !== undefined,
    isRefusedClip: ({ context }, { videoId }: { videoId: VideoId }) =>
      (keptWith(context.clips, videoId)?.refused ?? null) !== null,
    isUploading: ({ context }, { videoId }: { videoId: VideoId }) => context.progress?.videoId === videoId,
    /** The server refused the clip for good (VIDEO_UPLOAD_REFUSALS): sending it again changes nothing. */
    isRefusal: (_, { error }: { error: unknown }) => field(error, "_tag") === "Refused",
    isOfflineFailure: (_, { error }: { error: unknown }) =>
      field(error, "_tag") === "Offline" || isNetworkFailure(error)
  },
  actions: {
    enqueue: assign(({ context }, { clip, file, poster }: ClipAdded) => ({
      // The same id twice (a double tap reaching here) is kept once.
      clips:
        keptWith(context.clips, clip.videoId) === undefined
          ? [...context.clips, { clip, file, poster, refused: null, created: false }]
          : context.clips
    })),
    /** What the device kept, before anything added since (which may be among it already). */
    restore: assign(({ context }, { kept }: { kept: ReadonlyArray<KeptClip> }) => ({
      clips: [...kept.filter((stored) => keptWith(context.clips, stored.clip.videoId) === undefined), ...context.clips]
    })),
    drop: assign(({ context }, { videoId }: { videoId: VideoId }) => ({
      clips: context.clips.filter((kept) => kept.clip.videoId !== videoId)
    })),
    startUpload: assign(({ context }) => {
      const next = nextToUpload(context.clips)
      return {
        progress:
          next === undefined ? null : { videoId: next.clip.videoId, percent: context.sent[next.clip.videoId] ?? 0 }
      }
    }),
    endUpload: assign({ progress: null }),
    setProgress: assign(({ context }, { percent }: { percent: number }) => {
      const videoId = context.progress?.videoId
      return {
        progress: context.progress === null ? null : { ...context.progress, percent },
        sent: videoId === undefined ? context.sent : { ...context.sent, [videoId]: percent }
      }
    }),
    markCreated: assign(({ context }, { videoId }: { videoId: VideoId }) => ({
      clips: context.clips.map((kept) => (kept.clip.videoId === videoId ? { ...kept, created: true } : kept))
    })),
    refuse: assign(({ context }, { message }: { message: string }) => {
      const videoId = context.progress?.videoId
      return {
        clips: context.clips.map((kept) => (kept.clip.videoId === videoId ? { ...kept, refused: message } : kept))
      }
    }),
    countFailure: assign(({ context }, { error }: { error: unknown }) => {
      const wait = field(error, "retryAfterMs")
      return { attempt: context.attempt + 1, retryAfterMs: typeof wait === "number" ? wait : undefined }
    }),
    resetAttempts: assign({ attempt: 0, retryAfterMs: undefined }),
    goOnline: assign({ online: true }),
    goOffline: assign({ online: false }),
    announceUploaded: emit((_, { clip }: { clip: QueuedClip | undefined }) => {
      if (clip === undefined) throw new Error("a clip uploaded that the outbox does not hold")
      return { type: "uploaded" as const, videoId: clip.videoId, clip }
    }),
    /** Writes the clip to the device's store; `videoOutboxImplementations` provides it. */
    keep: (_, _params: { kept: KeptClip | undefined }) => undefined,
    /** Deletes the clip from the device's store; `videoOutboxImplementations` provides it. */
    forget: (_, _params: { videoId: VideoId }) => undefined,
    /** Deletes the clip's upload on the server when it has one; `videoOutboxImplementations` provides it. */
    terminate: (_, _params: { kept: KeptClip | undefined }) => undefined
  },
  delays: {
    retryBackoff: ({ context }) => waitBeforeRetryMs(context.attempt, context.retryAfterMs, Math.random()),
    networkRetry: NETWORK_RETRY_MS
  }
}).createMachine({
  id: "videoOutbox",
  context: ({ input }) => ({
    clips: [],
    online: input.online,
    progress: null,
    sent: {},
    attempt: 0,
    retryAfterMs: undefined
  }),
  invoke: { id: "watchNetwork", src: "watchNetwork" },
  on: {
    "clip.add": { actions: addClip },
    "clip.cancel": {
      guard: { type: "isKept", params: ({ event }) => ({ videoId: event.videoId }) },
      actions: removeClip
    },
    "clip.dismiss": {
      guard: { type: "isRefusedClip", params: ({ event }) => ({ videoId: event.videoId }) },
      actions: removeClip
    },
    "network.online": { actions: "goOnline" },
    "network.offline": { actions: "goOffline" }
  },
  initial: "loading",
  states: {
    // What the device kept (added before a reload or in a closed tab) comes back first.
    loading: {
      invoke: {
        id: "loadKept",
        src: "loadKept",
        onDone: { target: "checking", actions: { type: "restore", params: ({ event }) => ({ kept: event.output }) } },
        // The store could not be read (logged by its port): what is added here still uploads.
        onError: "checking"
      }
    },
    checking: {
      always: [{ guard: "isOffline", target: "offline" }, { guard: "hasNext", target: "uploading" }, { target: "idle" }]
    },
    idle: {
      on: { "clip.add": { target: "checking", actions: addClip } }
    },
    uploading: {
      // Every way out clears the progress last: the transition's own actions still read which clip it was.
      entry: "startUpload",
      on: {
        "upload.progress": {
          guard: { type: "isUploading", params: ({ event }) => ({ videoId: event.videoId }) },
          actions: { type: "setProgress", params: ({ event }) => ({ percent: event.percent }) }
        },
        "upload.created": {
          guard: { type: "isUploading", params: ({ event }) => ({ videoId: event.videoId }) },
          actions: [
            { type: "markCreated", params: ({ event }) => ({ videoId: event.videoId }) },
            { type: "keep", params: ({ context, event }) => ({ kept: keptWith(context.clips, event.videoId) }) }
          ]
        },
        // Cancelling the clip on its way stops its upload (leaving the state stops the actor) first.
        "clip.cancel": {
          guard: { type: "isUploading", params: ({ event }) => ({ videoId: event.videoId }) },
          target: "checking",
          actions: [...removeClip, "endUpload"]
        }
      },
      invoke: {
        id: "upload",
        src: "upload",
        input: ({ context, self }) => {
          const next = nextToUpload(context.clips)
          if (next === undefined) throw new Error("uploading with nothing to upload")
          return { clip: next.clip, file: next.file, report: (event) => self.send(event) }
        },
        onDone: {
          target: "checking",
          actions: [
            {
              type: "announceUploaded",
              params: ({ context }) => ({ clip: onItsWay(context)?.clip })
            },
            { type: "forget", params: ({ context }) => ({ videoId: onItsWayId(context) }) },
            { type: "drop", params: ({ context }) => ({ videoId: onItsWayId(context) }) },
            "resetAttempts",
            "endUpload"
          ]
        },
        onError: [
          {
            guard: { type: "isRefusal", params: ({ event }) => ({ error: event.error }) },
            target: "checking",
            actions: [
              { type: "refuse", params: ({ event }) => ({ message: (event.error as Error).message }) },
              // The refusal is kept too: after a reload it is still shown, and not sent again.
              {
                type: "keep",
                params: ({ context }) => ({ kept: onItsWay(context) })
              },
              "resetAttempts",
              "endUpload"
            ]
          },
          {
            guard: { type: "isOfflineFailure", params: ({ event }) => ({ error: event.error }) },
            target: "offline",
            actions: "endUpload"
          },
          {
            target: "waitingToRetry",
            actions: [{ type: "countFailure", params: ({ event }) => ({ error: event.error }) }, "endUpload"]
          }
        ]
      }
    },
    // No network: wait for the browser's online event (or, if it never says offline, try again now and then).
    offline: {
      on: { "network.online": { target: "checking", actions: "goOnline" } },
      after: { networkRetry: "checking" }
    },
    // The server failed on its side (or did not take the sign-in): the same clip again, resumed, after a while.
    waitingToRetry: {
      on: { "network.online": { target: "checking", actions: "goOnline" } },
      after: { retryBackoff: "checking" }
    }
  }
})

export type VideoOutboxMachine = typeof videoOutboxMachine
