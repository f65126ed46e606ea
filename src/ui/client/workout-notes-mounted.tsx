import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import { commentListImplementations, dayCommentPorts } from "#machines/comments/comment-list.actors.ts"
import { commentListMachine } from "#machines/comments/comment-list.machine.ts"
import {
  sameCommentList,
  selectCommentList,
  type CommentListActorRef
} from "#machines/comments/comment-list.selectors.ts"
import { notesOutboxOf } from "#machines/comments/notes-outbox.registry.ts"
import { CommentEntry } from "#ui/comments/comment-entry.tsx"
import type { TalkServices } from "./talk-services.ts"
import "./coach-replies.css"

/** The workout's notes, each with what it is on and the coach's reply under it; nothing when there are none. */
export function WorkoutNotesList({ list, workoutOrder }: { list: CommentListActorRef; workoutOrder: WorkoutOrder }) {
  const view = useSelector(list, selectCommentList, sameCommentList)
  const notes = view.comments.filter((comment) => comment.workoutOrder === workoutOrder)
  if (notes.length === 0) return null
  return (
    <section className="card coach-replies" aria-labelledby="workout-notes-title">
      <h2 id="workout-notes-title">Your notes and your coach's replies</h2>
      <ul className="comment-list" aria-label="Notes on this workout, oldest first">
        {notes.map((note) => (
          <li key={note.id}>
            <CommentEntry comment={note} heading={note.on} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Mounts the day's comment list (kept live) for as long as the workout page. */
export default function MountedWorkoutNotes({
  services,
  me,
  date,
  workoutOrder
}: {
  services: TalkServices
  me: UserId
  date: IsoDate
  workoutOrder: WorkoutOrder
}) {
  const [logic] = useState(() =>
    commentListMachine.provide(
      commentListImplementations(dayCommentPorts({ chat: services.chat, live: services.live, clientId: me, date }))
    )
  )
  const list = useActorRef(logic)
  // Notes a reload left on the device are sent from here too; once stored they join the list.
  useEffect(() => {
    const outbox = notesOutboxOf(services, me)
    return outbox.onStored((comment) => list.send({ type: "comment.arrived", comment }))
  }, [services, me, list])
  return <WorkoutNotesList list={list} workoutOrder={workoutOrder} />
}
