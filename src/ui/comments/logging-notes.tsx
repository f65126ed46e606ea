import { useSelector } from "@xstate/react"
import type { SetId } from "#domain/ids.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import {
  commentsOnSet,
  commentsOnWorkout,
  sameCommentList,
  selectCommentList,
  type CommentView
} from "#machines/comments/comment-list.selectors.ts"
import { CommentComposer } from "./comment-composer.tsx"
import { CommentEntry } from "./comment-entry.tsx"
import type { CommentsPort, CommentsSlot } from "./comments-slot.ts"
import { useSlot } from "#ui/slot.ts"
import { PendingNotes } from "./pending-notes.tsx"

/*
 * The lifter's notes while logging (docs/decisions/041), in a chunk fetched after the page paints:
 * under each set its notes with the coach's replies and "Add a note", and under the
 * exercise "Comment on this workout". Nothing shows until the route has mounted them.
 */

export const setNoteKey = (setId: SetId): string => `set:${setId}`
export const WORKOUT_NOTE_KEY = "workout"

const usePort = (slot: CommentsSlot): CommentsPort | undefined => useSlot(slot)

function Notes({ notes, label }: { notes: ReadonlyArray<CommentView>; label: string }) {
  if (notes.length === 0) return null
  return (
    <ul className="comment-list" aria-label={label}>
      {notes.map((note) => (
        <li key={note.id}>
          <CommentEntry comment={note} />
        </li>
      ))}
    </ul>
  )
}

function SetNotesOf({ port, setId, setLabel }: { port: CommentsPort; setId: SetId; setLabel: string }) {
  const view = useSelector(port.list, selectCommentList, sameCommentList)
  const name = setLabel.toLowerCase()
  const key = setNoteKey(setId)
  const notes = commentsOnSet(view, setId)
  return (
    <div className="comment-notes">
      <Notes notes={notes} label={`Notes on ${name}`} />
      {port.pending === undefined ? null : (
        <PendingNotes
          place={port.pending(key)}
          composer={port.composerFor(key)}
          held={notes}
          label={`Notes on ${name} not sent yet`}
        />
      )}
      <CommentComposer
        composer={port.composerFor(key)}
        labels={{
          open: "Add a note",
          openName: `Add a note to ${name}`,
          again: "Add another note",
          field: `Note on ${name}`
        }}
      />
    </div>
  )
}

/** A set's notes and "Add a note", once the notes are in. */
export function SetNotes({ slot, setId, setLabel }: { slot: CommentsSlot; setId: SetId; setLabel: string }) {
  const port = usePort(slot)
  return port === undefined ? null : <SetNotesOf port={port} setId={setId} setLabel={setLabel} />
}

function WorkoutNotesOf({ port, workoutOrder }: { port: CommentsPort; workoutOrder: WorkoutOrder }) {
  const view = useSelector(port.list, selectCommentList, sameCommentList)
  const notes = commentsOnWorkout(view, workoutOrder)
  return (
    <section className="comment-notes logging__notes" aria-label="Notes on this workout">
      <Notes notes={notes} label="Your notes on this workout" />
      {port.pending === undefined ? null : (
        <PendingNotes
          place={port.pending(WORKOUT_NOTE_KEY)}
          composer={port.composerFor(WORKOUT_NOTE_KEY)}
          held={notes}
          label="Your notes on this workout not sent yet"
        />
      )}
      {view.error === null ? null : (
        <p className="muted" role="status">
          Your earlier notes could not be loaded. New notes still reach your coach.
        </p>
      )}
      <CommentComposer
        composer={port.composerFor(WORKOUT_NOTE_KEY)}
        labels={{ open: "Comment on this workout", again: "Add another comment", field: "Comment on this workout" }}
      />
    </section>
  )
}

/** The workout's notes and "Comment on this workout", once the notes are in. */
export function WorkoutNotes({ slot, workoutOrder }: { slot: CommentsSlot; workoutOrder: WorkoutOrder }) {
  const port = usePort(slot)
  return port === undefined ? null : <WorkoutNotesOf port={port} workoutOrder={workoutOrder} />
}
