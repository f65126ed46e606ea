import { makeSlot, type Slot } from "#ui/slot.ts"
import type { CommentComposers } from "#machines/comment-composer/comment-composers.ts"
import type { ChatOutboxActorRef } from "#machines/chat-outbox/chat-outbox.selectors.ts"
import type { CommentListActorRef } from "#machines/comments/comment-list.selectors.ts"

/** Where a composer's notes wait until the server holds them: the lifter's outbox, and what they are on there. */
export interface PendingPlace {
  readonly outbox: ChatOutboxActorRef
  readonly about: string
}

/** A screen's comments: the list, and a composer for each thing written on. */
export interface CommentsPort extends CommentComposers {
  readonly list: CommentListActorRef
  /** The lifter's notes not sent yet on a composer's key (docs/decisions/041); none on a coach's screen. */
  readonly pending?: ((key: string) => PendingPlace) | undefined
}

/* The page's comments come in a chunk of their own after it paints (../slot.ts). */
export type CommentsSlot = Slot<CommentsPort>

export const commentsSlot = (): CommentsSlot => makeSlot<CommentsPort>()
