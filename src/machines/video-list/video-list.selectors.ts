import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatShortUsDate, isoToRouteDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { VideoCommentId, VideoId, VideoMediaType } from "#domain/set-videos.ts"
import { clipTime } from "#domain/video-text.ts"
import type { VideoListMachine } from "./video-list.machine.ts"
import type { ListedVideo } from "./video-list.types.ts"

export type VideoListSnapshot = SnapshotFrom<VideoListMachine>
export type VideoListActorRef = ActorRefFrom<VideoListMachine>

export const VIDEOS_LOADING = "Loading form checks…"
export const NO_VIDEOS = "No form checks yet. When a client films a set, it shows here."

export interface VideoCommentView {
  readonly id: VideoCommentId
  readonly atMs: number
  /** "0:07" */
  readonly at: string
  readonly body: string
}

export interface VideoView {
  readonly id: VideoId
  readonly clientId: UserId
  readonly clientName: string | null
  readonly setId: SetId
  /** "Back Squat, set 2" */
  readonly on: string
  /** "0:12" */
  readonly length: string
  readonly mediaType: VideoMediaType | null
  readonly ready: boolean
  /** The day it is on: "Nov 23". */
  readonly day: string
  /** {userId}/{MM-DD-YYYY}: the client's day in the coach's day view. */
  readonly dayParams: { readonly userId: string; readonly date: string }
  /** Oldest moment first. */
  readonly comments: ReadonlyArray<VideoCommentView>
}

export interface VideoListView {
  readonly status: "loading" | "empty" | "showing" | "failed"
  readonly error: string | null
  readonly canRetry: boolean
  /** Newest first. */
  readonly videos: ReadonlyArray<VideoView>
}

export const videoViewOf = (video: ListedVideo): VideoView => ({
  id: video.id,
  clientId: video.clientId,
  clientName: video.clientName ?? null,
  setId: video.setId,
  on: `${video.exercise}, set ${video.setIndex + 1}`,
  length: clipTime(video.durationMs),
  mediaType: video.mediaType,
  ready: video.status === "ready",
  day: formatShortUsDate(video.date),
  dayParams: { userId: String(video.clientId), date: isoToRouteDate(video.date) },
  comments: video.comments.map((comment) => ({
    id: comment.id,
    atMs: comment.atMs,
    at: clipTime(comment.atMs),
    body: comment.body
  }))
})

export const selectVideoList = (snapshot: VideoListSnapshot): VideoListView => {
  const status = (["loading", "empty", "failed"] as const).find((state) => snapshot.matches(state)) ?? "showing"
  return {
    status,
    error: snapshot.context.failure,
    canRetry: snapshot.can({ type: "videos.retry" }),
    videos: [...snapshot.context.videos].reverse().map(videoViewOf)
  }
}

/** The clips on one set, oldest first. */
export const videosOnSet = (snapshot: VideoListSnapshot, setId: SetId): ReadonlyArray<VideoView> =>
  snapshot.context.videos.filter((video) => video.setId === setId).map(videoViewOf)
