import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { commentViewOf, type CommentView } from "../comments/comment-list.selectors.ts"
import type { CoachRepliesMachine } from "./coach-replies.machine.ts"

export type CoachRepliesSnapshot = SnapshotFrom<CoachRepliesMachine>
export type CoachRepliesActorRef = ActorRefFrom<CoachRepliesMachine>

export const REPLIES_LOADING = "Loading your coach's replies…"
export const NO_REPLIES = "No replies from your coach yet. When your coach answers a note, it shows here."
export const MARK_FAILED = "Could not mark the replies read. Open them again to try again."

export interface ReplyView extends CommentView {
  /** {date: MM-DD-YYYY}, ?workout=N: the workout page it is on. */
  readonly routeDate: string
  /** The reply is past the lifter's read mark. */
  readonly unread: boolean
}

export interface CoachRepliesView {
  readonly status: "loading" | "failed" | "ready"
  readonly error: string | null
  /** Unread replies (the badge), 0 when none or not known. */
  readonly unread: number
  /** Newest reply first. */
  readonly replies: ReadonlyArray<ReplyView>
  readonly marking: boolean
  readonly markError: string | null
}

export const selectCoachReplies = (snapshot: CoachRepliesSnapshot): CoachRepliesView => {
  const { replies, failure } = snapshot.context
  const readUpTo = replies?.readUpTo ?? null
  const status = snapshot.matches("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "ready"
  return {
    status,
    error: status === "failed" ? failure : null,
    unread: replies?.unread ?? 0,
    replies: (replies?.replies ?? []).map((comment) => {
      const view = commentViewOf(comment)
      return {
        ...view,
        routeDate: view.dayParams.date,
        unread: comment.reply !== null && (readUpTo === null || comment.reply.repliedAt > readUpTo)
      }
    }),
    marking: snapshot.matches({ ready: "marking" }),
    markError: snapshot.matches({ ready: "markFailed" }) ? MARK_FAILED : null
  }
}

export const sameCoachReplies = (a: CoachRepliesView, b: CoachRepliesView): boolean =>
  a.status === b.status &&
  a.error === b.error &&
  a.unread === b.unread &&
  a.marking === b.marking &&
  a.markError === b.markError &&
  a.replies.length === b.replies.length &&
  a.replies.every((reply, index) => {
    const other = b.replies[index]
    return other?.id === reply.id && other.reply === reply.reply && other.unread === reply.unread
  })
