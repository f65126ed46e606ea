import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { clipTime } from "#domain/video-text.ts"
import type { VideoReviewMachine } from "./video-review.machine.ts"

export type VideoReviewSnapshot = SnapshotFrom<VideoReviewMachine>
export type VideoReviewActorRef = ActorRefFrom<VideoReviewMachine>

export const VIDEO_LINKING = "Getting the clip…"
export const VIDEO_UNPLAYABLE =
  "This browser can't play this clip (phones often record in HEVC). Download it to watch it in your video player."

type Status =
  | "linking"
  | "linkFailed"
  | "ready"
  | "unplayable"
  | "composing"
  | "sending"
  | "sendFailed"
  | "confirmingRemove"
  | "removing"
  | "removeFailed"
  | "removed"

const STATUSES: ReadonlyArray<Status> = [
  "linking",
  "linkFailed",
  "ready",
  "unplayable",
  "composing",
  "sending",
  "sendFailed",
  "confirmingRemove",
  "removing",
  "removeFailed",
  "removed"
]

export interface VideoReviewView {
  readonly status: Status
  /** What the player plays; null until a link is in. */
  readonly src: string | null
  /** The same clip as a download. */
  readonly downloadUrl: string | null
  readonly error: string | null
  readonly canRetryLink: boolean
  /** The coach may pin a comment here. */
  readonly canComment: boolean
  /** A comment being written (composing, sending, or failed to send). */
  readonly composer: {
    readonly at: string
    readonly draft: string
    readonly sending: boolean
    readonly canSend: boolean
  } | null
  readonly canRemove: boolean
  readonly confirmingRemove: boolean
}

export const selectVideoReview = (snapshot: VideoReviewSnapshot): VideoReviewView => {
  const status = STATUSES.find((state) => snapshot.matches(state)) ?? "linking"
  const { link, draft, atMs, failure } = snapshot.context
  const writing = status === "composing" || status === "sending" || status === "sendFailed"
  return {
    status,
    src: link?.url ?? null,
    downloadUrl: link === null ? null : `${link.url}${link.url.includes("?") ? "&" : "?"}download=1`,
    error: failure,
    canRetryLink: snapshot.can({ type: "link.retry" }),
    canComment: snapshot.can({ type: "comment.start", atMs: 0 }),
    composer: writing
      ? { at: clipTime(atMs), draft, sending: status === "sending", canSend: snapshot.can({ type: "comment.send" }) }
      : null,
    canRemove: snapshot.can({ type: "remove.ask" }),
    confirmingRemove: status === "confirmingRemove" || status === "removing" || status === "removeFailed"
  }
}
