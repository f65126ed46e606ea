import { useEffect } from "react"
import type { IsoDate } from "#domain/calendar.ts"
import type { CommentTarget } from "#domain/comments.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import { onBackOnline } from "#device/network.ts"
import { dayCommentPorts } from "#machines/comments/comment-list.actors.ts"
import { noteAbout } from "#machines/comments/notes-outbox.ts"
import { notesOutboxOf } from "#machines/comments/notes-outbox.registry.ts"
import { WORKOUT_NOTE_KEY } from "#ui/comments/logging-notes.tsx"
import type { CommentsSlot } from "#ui/comments/comments-slot.ts"
import { useComments } from "#ui/comments/use-comments.ts"
import { useServices } from "../-client-actors.ts"

/**
 * The lifter's notes on this day: mounted from a chunk of its own after the
 * logging page paints, and handed to the page's slot. A note goes through the lifter's
 * notes outbox (docs/decisions/041): kept on the device with the id made there until the
 * server holds it, across reloads, and sent once the network is back.
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
  const outbox = notesOutboxOf(services, clientId)
  const targetOf = (key: string): CommentTarget =>
    key === WORKOUT_NOTE_KEY
      ? { kind: "workout", date, workoutOrder }
      : { kind: "set", setId: Number(key.slice("set:".length)) as SetId }
  const port = useComments({
    list: dayCommentPorts({ chat: services.chat, live: services.live, clientId, date }),
    what: "note",
    deliverFor: (key) => (delivery) => outbox.deliver(targetOf(key), delivery),
    pending: (key) => ({ outbox: outbox.actor, about: noteAbout(targetOf(key)) }),
    // A note kept for later is stored by the outbox, online or not by the browser's word.
    watchOnline: (online) => {
      const stopOnline = onBackOnline(online)
      const stopStored = outbox.onStored(online)
      return () => {
        stopOnline()
        stopStored()
      }
    }
  })
  // Notes sent by the outbox after a reload have no composer: the list hears of them here.
  useEffect(() => outbox.onStored((comment) => port.list.send({ type: "comment.arrived", comment })), [outbox, port])
  // Handed over once committed: a render React throws away (a lazy chunk's first render can
  // be) made a port of its own, whose list never started and whose composers nobody keeps.
  useEffect(() => slot.attach(port), [slot, port])
  return null
}
