import { useActorRef } from "@xstate/react"
import { useState } from "react"
import type { WorkoutComment } from "#domain/comments.ts"
import type { Delivery } from "#machines/comment-composer/comment-composer.machine.ts"
import { commentComposers } from "#machines/comment-composer/comment-composers.ts"
import { commentListImplementations, type CommentListPorts } from "#machines/comments/comment-list.actors.ts"
import { commentListMachine } from "#machines/comments/comment-list.machine.ts"
import type { ComposerPorts } from "#machines/comment-composer/comment-composer.actors.ts"
import type { CommentsPort } from "./comments-slot.ts"

/**
 * Mounts a screen's comments: the list (read, and kept live) for as long as the screen, and
 * its composers, whose delivered text joins the list at once.
 */
export function useComments(options: {
  readonly list: CommentListPorts
  readonly what: string
  readonly deliverFor: (key: string) => (delivery: Delivery) => Promise<WorkoutComment>
  /** Where notes wait until sent (the lifter's outbox), when they go through one. */
  readonly pending?: CommentsPort["pending"]
  /** What tells a waiting composer to try again: the browser's `online` unless given. */
  readonly watchOnline?: ComposerPorts["watchOnline"] | undefined
}): CommentsPort {
  const [logic] = useState(() => commentListMachine.provide(commentListImplementations(options.list)))
  const list = useActorRef(logic)
  const [composers] = useState(() =>
    commentComposers({
      what: options.what,
      deliverFor: options.deliverFor,
      delivered: (comment) => list.send({ type: "comment.arrived", comment }),
      watchOnline: options.watchOnline
    })
  )
  const [port] = useState<CommentsPort>(() => ({ list, composerFor: composers.composerFor, pending: options.pending }))
  return port
}
