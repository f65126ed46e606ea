import type { WorkoutComment } from "#domain/comments.ts"
import type { Delivery } from "#machines/comment-composer/comment-composer.machine.ts"
import type { CommentListPorts } from "#machines/comments/comment-list.actors.ts"
import type { CommentsSlot } from "./comments-slot.ts"
import { useComments } from "./use-comments.ts"

/**
 * Mounts a screen's comments from a chunk of their own (the composers check text with the
 * chat domain, which comes with the chat client) and hands them to the screen's slot.
 * They live as long as the screen.
 */
export default function CommentsHost({
  slot,
  ...options
}: {
  slot: CommentsSlot
  list: CommentListPorts
  what: string
  deliverFor: (key: string) => (delivery: Delivery) => Promise<WorkoutComment>
}) {
  const port = useComments(options)
  // The same port on every render: handing it over again does nothing.
  slot.attach(port)
  return null
}
