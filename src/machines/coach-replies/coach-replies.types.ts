import type { CoachReplies, CommentId } from "#domain/comments.ts"
import type { UserId } from "#domain/ids.ts"

export interface CoachRepliesInput {
  /** The signed-in lifter: live comments of theirs with a reply bring a new read. */
  readonly me: UserId
}

export interface CoachRepliesContext {
  readonly me: UserId
  /** The replies and the unread count as the server last answered; null before the first read. */
  readonly replies: CoachReplies | null
  readonly failure: string | null
  /** A reply changed while a read mark was on its way: its answer may miss it. */
  readonly stale: boolean
}

export type CoachRepliesEvent =
  | { readonly type: "replies.retry" }
  /** The lifter opened the replies: what is unread is read (up to the newest). */
  | { readonly type: "replies.open" }
  /** A comment of theirs was replied to (the live feed), or the stream reopened: read again. */
  | { readonly type: "replies.changed" }

export interface MarkInput {
  readonly upTo: CommentId
}
