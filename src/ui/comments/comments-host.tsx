import { useEffect } from "react"
import type { WorkoutComment } from "#domain/comments.ts"
import type { Delivery } from "#machines/comment-composer/comment-composer.machine.ts"
import { dayCommentPorts, recentCommentPorts, type CommentListPorts } from "#machines/comments/comment-list.actors.ts"
import type { CommentsSlot } from "./comments-slot.ts"
import { useComments } from "./use-comments.ts"

/**
 * Mounts a screen's comments from a chunk of their own (the composers check text with the
 * chat domain, which comes with the chat client) and hands them to the screen's slot.
 * They live as long as the screen.
 */
export default function CommentsHost({
  slot,
  read,
  ...options
}: {
  slot: CommentsSlot
  /** Which comments: one client's day, or the coach's clients' latest. */
  read:
    | ({ readonly kind: "day" } & Parameters<typeof dayCommentPorts>[0])
    | ({ readonly kind: "recent" } & Parameters<typeof recentCommentPorts>[0])
  what: string
  deliverFor: (key: string) => (delivery: Delivery) => Promise<WorkoutComment>
}) {
  const list: CommentListPorts = read.kind === "day" ? dayCommentPorts(read) : recentCommentPorts(read)
  const port = useComments({ ...options, list })
  // Handed over once committed: a render React throws away (a lazy chunk's first render can
  // be) made a port of its own, whose list never started and whose composers nobody keeps.
  useEffect(() => slot.attach(port), [slot, port])
  return null
}
