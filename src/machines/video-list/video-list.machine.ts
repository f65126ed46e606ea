import { assign, fromCallback, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from "xstate"
import type { VideoComment, VideoId } from "#domain/set-videos.ts"
import { describeFailure } from "../failure-text.ts"
import { addVideoComment, mergeVideos, withoutVideo } from "./video-list.merge.ts"
import type { ListedVideo, VideoListContext, VideoListEvent } from "./video-list.types.ts"

// Form-check clips as a screen lists them (docs/decisions/050-form-check-videos.md): one
// lifter's day (their logging page, the coach's day view) or the coach's clients' newest (the
// dashboard). Read once; live `video` and `videoComment` events are merged in by id in every
// state, and each time the live stream opens again the list is read again (kept on screen
// meanwhile), as the comment list does (../comments/comment-list.machine.ts).

type Loaded = DoneActorEvent<ReadonlyArray<ListedVideo>>

export const videoListMachine = setup({
  types: {
    context: {} as VideoListContext,
    events: {} as VideoListEvent
  },
  actors: {
    loadVideos: fromPromise<ReadonlyArray<ListedVideo>>(() => Promise.reject(new Error("loadVideos was not provided"))),
    watchVideos: fromCallback<VideoListEvent>(() => () => undefined)
  },
  guards: {
    /** The list holds a clip once `videos` are merged in. */
    hasVideosWith: ({ context }, { videos }: { videos: ReadonlyArray<ListedVideo> }) =>
      context.videos.length + videos.length > 0,
    /** Removing this clip leaves the list empty. */
    isLastVideo: ({ context }, { videoId }: { videoId: VideoId }) =>
      context.videos.every((video) => video.id === videoId)
  },
  actions: {
    merge: assign(({ context }, { videos }: { videos: ReadonlyArray<ListedVideo> }) => ({
      videos: mergeVideos(context.videos, videos)
    })),
    addComment: assign(({ context }, { comment }: { comment: VideoComment }) => ({
      videos: addVideoComment(context.videos, comment)
    })),
    forget: assign(({ context }, { videoId }: { videoId: VideoId }) => ({
      videos: withoutVideo(context.videos, videoId)
    })),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    clearFailure: assign({ failure: null })
  }
}).createMachine({
  id: "videoList",
  context: { videos: [], failure: null },
  invoke: { id: "watchVideos", src: "watchVideos" },
  on: {
    "video.arrived": { actions: { type: "merge", params: ({ event }) => ({ videos: [event.video] }) } },
    "videoComment.arrived": { actions: { type: "addComment", params: ({ event }) => ({ comment: event.comment }) } },
    "video.removed": { actions: { type: "forget", params: ({ event }) => ({ videoId: event.videoId }) } },
    "videos.reload": { target: ".loading", reenter: true }
  },
  initial: "loading",
  states: {
    loading: {
      entry: "clearFailure",
      invoke: {
        id: "loadVideos",
        src: "loadVideos",
        onDone: [
          {
            guard: { type: "hasVideosWith", params: ({ event }: { event: Loaded }) => ({ videos: event.output }) },
            target: "showing",
            actions: { type: "merge", params: ({ event }: { event: Loaded }) => ({ videos: event.output }) }
          },
          { target: "empty" }
        ],
        onError: {
          target: "failed",
          actions: { type: "noteFailure", params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) }
        }
      }
    },
    empty: {
      on: {
        "video.arrived": {
          target: "showing",
          actions: { type: "merge", params: ({ event }) => ({ videos: [event.video] }) }
        }
      }
    },
    showing: {
      on: {
        "video.removed": [
          {
            guard: { type: "isLastVideo", params: ({ event }) => ({ videoId: event.videoId }) },
            target: "empty",
            actions: { type: "forget", params: ({ event }) => ({ videoId: event.videoId }) }
          },
          { actions: { type: "forget", params: ({ event }) => ({ videoId: event.videoId }) } }
        ]
      }
    },
    failed: { on: { "videos.retry": "loading" } }
  }
})

export type VideoListMachine = typeof videoListMachine
