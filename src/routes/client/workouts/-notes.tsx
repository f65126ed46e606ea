import { useEffect } from "react"
import type { IsoDate } from "#domain/calendar.ts"
import type { CommentId, CommentTarget } from "#domain/comments.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import { dayCommentPorts } from "#machines/comments/comment-list.actors.ts"
import { WORKOUT_NOTE_KEY } from "#ui/comments/logging-notes.tsx"
import type { CommentsSlot } from "#ui/comments/comments-slot.ts"
import { useComments } from "#ui/comments/use-comments.ts"
import { useServices } from "../-client-actors.ts"

/**
 * The lifter's notes on this day (issue 17): mounted from a chunk of its own after the
 * logging page paints, and handed to the page's slot. A note goes to the server with the
 * id made on the device; offline, it waits for the network.
 */
export default function Notes({
  slot,
  clientId,
  date,
  workoutOrder
}: {
  slot: CommentsSlot
  clientId: UserId
  date: IsoDate
  workoutOrder: WorkoutOrder
}) {
  const services = useServices()
  const targetOf = (key: string): CommentTarget =>
    key === WORKOUT_NOTE_KEY
      ? { kind: "workout", date, workoutOrder }
      : { kind: "set", setId: Number(key.slice("set:".length)) as SetId }
  const port = useComments({
    list: dayCommentPorts({ chat: services.chat, live: services.live, clientId, date }),
    what: "note",
    deliverFor: (key) => async (delivery) =>
      (await services.chat()).addComment({ id: delivery.id as CommentId, target: targetOf(key), body: delivery.text })
  })
  // Handed over once committed: a render React throws away (a lazy chunk's first render can
  // be) made a port of its own, whose list never started and whose composers nobody keeps.
  useEffect(() => slot.attach(port), [slot, port])
  return null
}
