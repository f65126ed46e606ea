import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatShortUsDate, isoToRouteDate } from "#domain/calendar.ts"
import type { CommentId } from "#domain/comments.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import type { CommentListMachine, ListedComment } from "./comment-list.machine.ts"

export type CommentListSnapshot = SnapshotFrom<CommentListMachine>
export type CommentListActorRef = ActorRefFrom<CommentListMachine>

export const COMMENTS_LOADING = "Loading comments…"
export const NO_COMMENTS = "No comments yet. When a client leaves a note on a workout or a set, it shows here."
/** How many the dashboard's panel shows. */
export const RECENT_SHOWN = 20

export interface CommentView {
  readonly id: CommentId
  readonly clientId: UserId
  readonly clientName: string | null
  readonly setId: SetId | null
  readonly workoutOrder: WorkoutOrder
  /** "Workout" or "Squat, set 2". */
  readonly on: string
  readonly body: string
  /** "Nov 23, 5:05 PM", in the reader's time zone. */
  readonly when: string
  /** For a <time dateTime>. */
  readonly createdAt: string
  readonly reply: string | null
  /** The day it is on: "Nov 23". */
  readonly day: string
  /** {userId}/{MM-DD-YYYY}: the client's day in the coach's day view. */
  readonly dayParams: { readonly userId: string; readonly date: string }
}

export interface CommentListView {
  readonly status: "loading" | "empty" | "showing" | "failed"
  readonly error: string | null
  readonly canRetry: boolean
  /** In the server's order of writing: oldest first. */
  readonly comments: ReadonlyArray<CommentView>
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit"
})

export const formatCommentTime = (instant: string): string => timeFormat.format(new Date(instant))

/** What a comment is on, as a coach reads it. */
export const commentTargetText = (comment: ListedComment): string =>
  comment.setId === null
    ? "Workout"
    : `${comment.exercise ?? "A set"}${comment.setIndex === null ? "" : `, set ${comment.setIndex + 1}`}`

export const commentViewOf = (comment: ListedComment): CommentView => ({
  id: comment.id,
  clientId: comment.clientId,
  clientName: comment.clientName ?? null,
  setId: comment.setId,
  workoutOrder: comment.workoutOrder,
  on: commentTargetText(comment),
  body: comment.body,
  when: formatCommentTime(comment.createdAt),
  createdAt: comment.createdAt,
  reply: comment.reply?.body ?? null,
  day: formatShortUsDate(comment.date),
  dayParams: { userId: String(comment.clientId), date: isoToRouteDate(comment.date) }
})

const statusOf = (snapshot: CommentListSnapshot): CommentListView["status"] =>
  snapshot.matches("failed")
    ? "failed"
    : snapshot.matches("showing")
      ? "showing"
      : snapshot.matches("empty")
        ? "empty"
        : "loading"

export const selectCommentList = (snapshot: CommentListSnapshot): CommentListView => {
  const status = statusOf(snapshot)
  return {
    status,
    error: status === "failed" ? snapshot.context.failure : null,
    canRetry: snapshot.can({ type: "comments.retry" }),
    comments: [...snapshot.context.comments].sort((a, b) => a.seq - b.seq).map(commentViewOf)
  }
}

/** The dashboard's panel: newest first, the latest few. */
export const selectRecentComments = (snapshot: CommentListSnapshot): CommentListView => {
  const view = selectCommentList(snapshot)
  return { ...view, comments: [...view.comments].reverse().slice(0, RECENT_SHOWN) }
}

export const sameCommentList = (a: CommentListView, b: CommentListView): boolean =>
  a.status === b.status &&
  a.error === b.error &&
  a.comments.length === b.comments.length &&
  a.comments.every((comment, index) => {
    const other = b.comments[index]
    return other?.id === comment.id && other.reply === comment.reply && other.clientName === comment.clientName
  })

/** A set's comments, oldest first. */
export const commentsOnSet = (view: CommentListView, setId: SetId): ReadonlyArray<CommentView> =>
  view.comments.filter((comment) => comment.setId === setId)

/** A workout's own comments (not its sets'), oldest first. */
export const commentsOnWorkout = (view: CommentListView, workoutOrder: WorkoutOrder): ReadonlyArray<CommentView> =>
  view.comments.filter((comment) => comment.setId === null && comment.workoutOrder === workoutOrder)
