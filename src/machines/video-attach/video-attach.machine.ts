import { assign, fromPromise, setup } from "xstate"
import { checkClip, clipFileName, isTooLarge, type ClipCheck } from "#domain/video-outbox.ts"
import type { ClipAdded } from "../video-outbox/video-outbox.types.ts"
import type { ClipProbe, VideoAttachContext, VideoAttachEvent, VideoAttachInput } from "./video-attach.types.ts"

/*
 * One set's "Add video" (docs/decisions/050-form-check-videos.md): the chosen clip is read on
 * the device (its length, a poster frame) and checked against the limits the server keeps,
 * so a clip too large or too long is told at once, offline too; a clip that passes is handed
 * to the app's video outbox, which keeps it on the device and uploads it.
 */

type Chosen = Extract<VideoAttachEvent, { type: "clip.choose" }>

// A clip too large is told without reading it; any other is read first.
const chooseClip = [
  {
    guard: { type: "isTooLarge", params: ({ event }: { event: Chosen }) => ({ sizeBytes: event.file.size }) },
    target: "#videoAttach.tooLarge",
    actions: [
      { type: "choose", params: ({ event }: { event: Chosen }) => event },
      {
        type: "takeCheck",
        params: ({ event }: { event: Chosen }): { check: ClipCheck } => ({
          check: { kind: "tooLarge", sizeBytes: event.file.size }
        })
      }
    ]
  },
  {
    target: "#videoAttach.probing",
    actions: { type: "choose", params: ({ event }: { event: Chosen }) => event }
  }
] as const

const checkOf = (context: VideoAttachContext, probe: ClipProbe): ClipCheck =>
  checkClip({ sizeBytes: context.chosen?.file.size ?? 0, durationMs: probe.durationMs })

/** The outbox's record of the clip that passed its check. */
const clipAdded = (context: VideoAttachContext, probe: ClipProbe): ClipAdded => {
  const check = checkOf(context, probe)
  if (context.chosen === null || check.kind !== "ok") throw new Error("a clip queued that did not pass its check")
  const { file, videoId, chosenAt } = context.chosen
  return {
    clip: {
      videoId,
      ...context.set,
      fileName: clipFileName(file.name),
      sizeBytes: file.size,
      durationMs: check.durationMs,
      addedAt: chosenAt
    },
    file,
    poster: probe.poster
  }
}

export const videoAttachMachine = setup({
  types: { context: {} as VideoAttachContext, events: {} as VideoAttachEvent, input: {} as VideoAttachInput },
  actors: {
    probe: fromPromise<ClipProbe, { file: File }>(() => Promise.reject(new Error("probe was not provided")))
  },
  guards: {
    isTooLarge: (_, { sizeBytes }: { sizeBytes: number }) => isTooLarge(sizeBytes),
    isTooLong: (_, { check }: { check: ClipCheck }) => check.kind === "tooLong",
    isUnknownLength: (_, { check }: { check: ClipCheck }) => check.kind !== "ok"
  },
  actions: {
    choose: assign((_, { file, videoId, chosenAt }: Chosen) => ({ chosen: { file, videoId, chosenAt }, check: null })),
    takeCheck: assign((_, { check }: { check: ClipCheck }) => ({ check })),
    forgetClip: assign({ chosen: null, check: null }),
    /** Hands the clip to the video outbox; `videoAttachImplementations` provides it. */
    queue: (_, _params: ClipAdded) => undefined
  }
}).createMachine({
  id: "videoAttach",
  context: ({ input }) => ({ set: input.set, chosen: null, check: null }),
  initial: "idle",
  states: {
    idle: { on: { "clip.choose": chooseClip } },
    probing: {
      invoke: {
        id: "probe",
        src: "probe",
        input: ({ context }) => {
          if (context.chosen === null) throw new Error("reading with no clip chosen")
          return { file: context.chosen.file }
        },
        onDone: [
          {
            guard: { type: "isTooLong", params: ({ context, event }) => ({ check: checkOf(context, event.output) }) },
            target: "tooLong",
            actions: { type: "takeCheck", params: ({ context, event }) => ({ check: checkOf(context, event.output) }) }
          },
          {
            guard: {
              type: "isUnknownLength",
              params: ({ context, event }) => ({ check: checkOf(context, event.output) })
            },
            target: "unreadable",
            actions: { type: "takeCheck", params: ({ context, event }) => ({ check: checkOf(context, event.output) }) }
          },
          {
            target: "queued",
            actions: [
              { type: "takeCheck", params: ({ context, event }) => ({ check: checkOf(context, event.output) }) },
              { type: "queue", params: ({ context, event }) => clipAdded(context, event.output) }
            ]
          }
        ],
        // Nothing could read it (not a video, or a file the browser cannot open).
        onError: {
          target: "unreadable",
          actions: { type: "takeCheck", params: (): { check: ClipCheck } => ({ check: { kind: "unknownLength" } }) }
        }
      }
    },
    tooLarge: { on: { "clip.choose": chooseClip, "clip.retry": { target: "idle", actions: "forgetClip" } } },
    tooLong: { on: { "clip.choose": chooseClip, "clip.retry": { target: "idle", actions: "forgetClip" } } },
    unreadable: { on: { "clip.choose": chooseClip, "clip.retry": { target: "idle", actions: "forgetClip" } } },
    // Handed to the outbox, which says how its upload goes; another clip of the same set may follow.
    queued: { on: { "clip.choose": chooseClip } }
  }
})

export type VideoAttachMachine = typeof videoAttachMachine
