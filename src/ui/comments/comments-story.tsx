import { useState, type ReactNode } from "react"
import { fromCallback, fromPromise } from "xstate"
import type { WorkoutComment } from "#domain/comments.ts"
import { commentComposers } from "#machines/comment-composer/comment-composers.ts"
import { commentListMachine, type CommentListContext } from "#machines/comments/comment-list.machine.ts"
import { SeededActor } from "#ui/coach/seeded-actor.tsx"
import { commentsSlot, type CommentsSlot } from "./comments-slot.ts"

// Stories' comments: a list seeded in one state, with a read and a delivery that never
// answer unless a story says so, handed to a slot as the route's host does.

const never = <T,>() => new Promise<T>(() => undefined)

export const storyListMachine = commentListMachine.provide({
  actors: {
    loadComments: fromPromise<ReadonlyArray<WorkoutComment>>(() => never()),
    watchComments: fromCallback(() => () => undefined)
  }
})

export function StoryComments({
  state,
  context,
  what = "reply",
  children
}: {
  state: string
  context: CommentListContext
  /** "reply" (the coach's screens) or "note" (the lifter's). */
  what?: string
  children: (slot: CommentsSlot) => ReactNode
}) {
  const [slot] = useState(() => commentsSlot())
  const [composers] = useState(() =>
    commentComposers({
      what,
      deliverFor: () => () => never(),
      delivered: () => undefined,
      watchOnline: () => () => undefined
    })
  )
  return (
    <SeededActor machine={storyListMachine} state={state} context={context} input={undefined}>
      {(list) => {
        slot.attach({ list, composerFor: composers.composerFor })
        return children(slot)
      }}
    </SeededActor>
  )
}
