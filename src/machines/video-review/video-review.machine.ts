import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from "xstate"
import { saysSomething } from "#domain/chat.ts"
import type { NewVideoComment, VideoComment, VideoCommentId, VideoId, VideoLink } from "#domain/set-videos.ts"
import { describeFailure } from "../failure-text.ts"
import type { VideoReviewContext, VideoReviewEvent, VideoReviewInput } from "./video-review.types.ts"

// One clip being watched (docs/decisions/050-form-check-videos.md): a signed link is asked
// for, the player plays it; when the player fails after the link ran out a new one is asked
// for, otherwise the browser cannot play this clip and the download is offered. The coach
// pins a comment to the moment the player stands at; the lifter may remove their clip.

/** A link this close to its end counts as run out: the player's failure may be the server's refusal. */
const LINK_MARGIN_MS = 10_000

/** A comment's id is made here, once, and kept across retries, so a retry stores it once. */
const newCommentId = (): VideoCommentId => crypto.randomUUID() as VideoCommentId

const failed = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error })

export const videoReviewMachine = setup({
  types: {
    context: {} as VideoReviewContext,
    events: {} as VideoReviewEvent,
    input: {} as VideoReviewInput
  },
  actors: {
    loadLink: fromPromise<VideoLink, { videoId: VideoId }>(() =>
      Promise.reject(new Error("loadLink was not provided"))
    ),
    sendComment: fromPromise<VideoComment, { videoId: VideoId; comment: NewVideoComment }>(() =>
      Promise.reject(new Error("sendComment was not provided"))
    ),
    removeVideo: fromPromise<undefined, { videoId: VideoId }>(() =>
      Promise.reject(new Error("removeVideo was not provided"))
    )
  },
  guards: {
    isCoach: ({ context }) => context.viewer === "coach",
    isLifter: ({ context }) => context.viewer === "lifter",
    linkRanOut: ({ context }, { at }: { at: number }) =>
      context.link !== null && Date.parse(context.link.expiresAt) - LINK_MARGIN_MS <= at,
    draftSaysSomething: ({ context }) => saysSomething(context.draft)
  },
  actions: {
    keepLink: assign((_, { link }: { link: VideoLink }) => ({ link, failure: null })),
    pin: assign(({ context }, { atMs }: { atMs: number }) => ({
      atMs,
      commentId: context.commentId ?? newCommentId()
    })),
    write: assign((_, { text }: { text: string }) => ({ draft: text })),
    forgetDraft: assign({ draft: "", commentId: null, failure: null }),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    clearFailure: assign({ failure: null }),
    /** The sent comment, for the screen's list (it comes live too; the list keeps it once). */
    commented: (_, _params: { comment: VideoComment }) => undefined,
    /** The clip is gone: the screen's list lets it go. */
    removed: (_, _params: { videoId: VideoId }) => undefined
  }
}).createMachine({
  id: "videoReview",
  context: ({ input }) => ({ ...input, link: null, draft: "", atMs: 0, commentId: null, failure: null }),
  initial: "linking",
  states: {
    linking: {
      entry: "clearFailure",
      invoke: {
        id: "loadLink",
        src: "loadLink",
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: {
          target: "ready",
          actions: {
            type: "keepLink",
            params: ({ event }: { event: DoneActorEvent<VideoLink> }) => ({ link: event.output })
          }
        },
        onError: { target: "linkFailed", actions: { type: "noteFailure", params: failed } }
      }
    },
    linkFailed: { on: { "link.retry": "linking" } },
    ready: {
      entry: "clearFailure",
      on: {
        "media.failed": [
          { guard: { type: "linkRanOut", params: ({ event }) => ({ at: event.at }) }, target: "linking" },
          { target: "unplayable" }
        ],
        "comment.start": {
          guard: "isCoach",
          target: "composing",
          actions: { type: "pin", params: ({ event }) => ({ atMs: event.atMs }) }
        },
        "remove.ask": { guard: "isLifter", target: "confirmingRemove" }
      }
    },
    unplayable: { on: { "link.retry": "linking" } },
    composing: {
      entry: "clearFailure",
      on: {
        "draft.change": { actions: { type: "write", params: ({ event }) => ({ text: event.text }) } },
        "comment.start": { actions: { type: "pin", params: ({ event }) => ({ atMs: event.atMs }) } },
        "comment.send": { guard: "draftSaysSomething", target: "sending" },
        "comment.cancel": { target: "ready", actions: "forgetDraft" }
      }
    },
    sending: {
      entry: "clearFailure",
      invoke: {
        id: "sendComment",
        src: "sendComment",
        input: ({ context }) => ({
          videoId: context.videoId,
          comment: {
            id: context.commentId as VideoCommentId,
            atMs: context.atMs,
            body: context.draft.trim()
          }
        }),
        onDone: {
          target: "ready",
          actions: [
            {
              type: "commented",
              params: ({ event }: { event: DoneActorEvent<VideoComment> }) => ({ comment: event.output })
            },
            "forgetDraft"
          ]
        },
        onError: { target: "sendFailed", actions: { type: "noteFailure", params: failed } }
      }
    },
    sendFailed: {
      on: {
        "comment.send": { guard: "draftSaysSomething", target: "sending" },
        "draft.change": {
          target: "composing",
          actions: { type: "write", params: ({ event }) => ({ text: event.text }) }
        },
        "comment.cancel": { target: "ready", actions: "forgetDraft" }
      }
    },
    confirmingRemove: {
      entry: "clearFailure",
      on: { "remove.confirm": "removing", "remove.cancel": "ready" }
    },
    removing: {
      entry: "clearFailure",
      invoke: {
        id: "removeVideo",
        src: "removeVideo",
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: "removed",
        onError: { target: "removeFailed", actions: { type: "noteFailure", params: failed } }
      }
    },
    removeFailed: {
      on: { "remove.confirm": "removing", "remove.cancel": "ready" }
    },
    removed: {
      type: "final",
      entry: { type: "removed", params: ({ context }) => ({ videoId: context.videoId }) }
    }
  }
})

export type VideoReviewMachine = typeof videoReviewMachine
