import { useSelector } from "@xstate/react"
import { useId } from "react"
import {
  sameComposer,
  selectComposer,
  type ComposerActorRef
} from "#machines/comment-composer/comment-composer.selectors.ts"
import "./comments.css"

export interface ComposerLabels {
  /** The button that opens the field: "Add a note", "Reply". */
  readonly open: string
  /** Its accessible name when the button alone does not say what it is on ("Add a note to set 2"). */
  readonly openName?: string | undefined
  /** After a send: "Add another note", "Change reply". */
  readonly again: string
  /** The field's label. */
  readonly field: string
}

/**
 * Writing a note or a reply: the field, what is wrong with the text, and where the sending
 * stands. "Sending…" and "Not sent yet" say so until the server has answered.
 */
export function CommentComposer({ composer, labels }: { composer: ComposerActorRef; labels: ComposerLabels }) {
  const view = useSelector(composer, selectComposer, sameComposer)
  const id = useId()
  if (!view.open) {
    return (
      <div className="comment-composer comment-composer--closed">
        {view.status === "sent" ? (
          <p className="comment-composer__status comment-composer__status--sent" role="status">
            {view.statusText}
          </p>
        ) : null}
        <button
          type="button"
          className="button button--quiet comment-composer__open"
          aria-label={view.status === "sent" ? undefined : labels.openName}
          onClick={() => composer.send({ type: "note.open" })}
        >
          {view.status === "sent" ? labels.again : labels.open}
        </button>
      </div>
    )
  }
  const described = [view.problem === null ? null : `${id}-problem`, `${id}-status`].filter(Boolean).join(" ")
  return (
    <form
      className="comment-composer"
      onSubmit={(event) => {
        event.preventDefault()
        composer.send({ type: "note.send" })
      }}
    >
      <label htmlFor={id}>{labels.field}</label>
      <textarea
        id={id}
        className="comment-composer__field"
        rows={2}
        value={view.text}
        readOnly={!view.editable}
        // Opened by the person's own tap: the keyboard goes where they meant to write.
        autoFocus
        aria-invalid={view.problem === null ? undefined : true}
        aria-describedby={described}
        onChange={(event) => composer.send({ type: "note.change", text: event.currentTarget.value })}
      />
      {view.problem === null ? null : (
        <p id={`${id}-problem`} className="comment-composer__problem" role="alert">
          {view.problem}
        </p>
      )}
      {view.countText === null ? null : <p className="muted comment-composer__count">{view.countText}</p>}
      <p
        id={`${id}-status`}
        className={`comment-composer__status comment-composer__status--${view.status}`}
        role={view.status === "failed" ? "alert" : "status"}
      >
        {view.statusText}
      </p>
      <div className="comment-composer__actions">
        {view.status === "editing" ? (
          <button type="submit" className="button">
            Send
          </button>
        ) : null}
        {view.canRetry ? (
          <button type="button" className="button" onClick={() => composer.send({ type: "note.retry" })}>
            {view.status === "waiting" ? "Send now" : "Try again"}
          </button>
        ) : null}
        {view.canCancel ? (
          <button type="button" className="button button--quiet" onClick={() => composer.send({ type: "note.cancel" })}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  )
}
