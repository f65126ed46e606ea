import { useSelector } from "@xstate/react"
import {
  sameComposer,
  selectComposer,
  type ComposerActorRef
} from "#machines/comment-composer/comment-composer.selectors.ts"
import { samePendingNotes, selectPendingNotes } from "#machines/comments/notes-outbox.selectors.ts"
import type { PendingPlace } from "./comments-slot.ts"
import "./comments.css"

/**
 * The lifter's notes on one place that the server does not hold yet (docs/decisions/041):
 * kept on the device, each saying it is not sent yet (or the server's refusal, with
 * Discard). The composer's own note shows in the composer, not here too.
 */
export function PendingNotes({
  place,
  composer,
  held,
  label
}: {
  place: PendingPlace
  composer: ComposerActorRef
  /** The notes the list shows from the server: held there, so not pending here. */
  held: ReadonlyArray<{ readonly id: string }>
  label: string
}) {
  const { noteId } = useSelector(composer, selectComposer, sameComposer)
  const heldIds = new Set(held.map((note) => note.id))
  const notes = useSelector(
    place.outbox,
    (snapshot) => selectPendingNotes(snapshot, place.about, noteId, heldIds),
    samePendingNotes
  )
  if (notes.length === 0) return null
  return (
    <ul className="comment-list" aria-label={label}>
      {notes.map((note) => (
        <li key={note.id}>
          <article className="comment comment--pending">
            <p className="comment__body">{note.body}</p>
            <p className={`comment__pending muted comment__pending--${note.status}`}>{note.note}</p>
            {note.canDiscard ? (
              <button
                type="button"
                className="button button--quiet"
                onClick={() => place.outbox.send({ type: "message.discard", id: note.id })}
              >
                Discard
              </button>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  )
}
