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

/*
 * The logging page's notes come in a chunk of their own after it paints (the page is at its
 * size budget): the route mounts them there and hands them over with `attach`; the sets'
 * "Add a note" shows once they are in.
 */
export interface CommentsSlot {
  readonly current: () => CommentsPort | undefined
  readonly subscribe: (changed: () => void) => () => void
  readonly attach: (port: CommentsPort) => void
}

export function commentsSlot(): CommentsSlot {
  let port: CommentsPort | undefined
  const listeners = new Set<() => void>()
  return {
    current: () => port,
    subscribe: (changed) => {
      listeners.add(changed)
      return () => void listeners.delete(changed)
    },
    attach: (attached) => {
      if (port === attached) return
      port = attached
      for (const changed of listeners) changed()
    }
  }
}
