import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react"
import type {
  RemovalBarView,
  RemovalCardView,
  WorkoutRemovalActorRef
} from "#machines/workout-removal/workout-removal.selectors.ts"
import type { WorkoutRemovalEvent } from "#machines/workout-removal/workout-removal.types.ts"
import "./day-removal.css"

/** One button that sends removal one event: filled red for the one that deletes, quiet otherwise. */
function SendButton({
  removal,
  event,
  danger = false,
  buttonRef,
  children
}: {
  removal: WorkoutRemovalActorRef
  event: WorkoutRemovalEvent
  danger?: boolean
  buttonRef?: RefObject<HTMLButtonElement | null>
  children: ReactNode
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={danger ? "button button--danger" : "button button--quiet"}
      onClick={() => removal.send(event)}
    >
      {children}
    </button>
  )
}

/**
 * In the card of the workout being deleted, in place of its actions: the question with
 * Delete and Cancel (the keyboard lands on Cancel; Escape cancels too), then "Deleting
 * workout…", or why it was not deleted with a retry.
 */
export function RemovalPanel({ view, removal }: { view: RemovalCardView; removal: WorkoutRemovalActorRef }) {
  const questionId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const retry = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (view.kind === "confirming") cancel.current?.focus()
    else if (view.kind === "failed") retry.current?.focus()
    // The buttons went with the question: the panel keeps the keyboard in this card.
    else panel.current?.focus()
  }, [view.kind])
  return (
    <div
      ref={panel}
      className="day-removal"
      tabIndex={-1}
      {...(view.kind === "confirming" ? { role: "group", "aria-labelledby": questionId } : {})}
      onKeyDown={(event) => {
        // Escape answers the question as Cancel does.
        if (event.key === "Escape" && view.kind === "confirming") removal.send({ type: "removal.cancel" })
      }}
    >
      {view.kind === "confirming" ? (
        <>
          <p id={questionId} className="day-removal__question">
            {view.question}
          </p>
          {view.logged === null ? null : <p className="day-removal__logged">{view.logged}</p>}
          <div className="coach-actions">
            <SendButton removal={removal} event={{ type: "removal.confirm" }} danger>
              Delete
            </SendButton>
            <SendButton removal={removal} event={{ type: "removal.cancel" }} buttonRef={cancel}>
              Cancel
            </SendButton>
          </div>
        </>
      ) : view.kind === "removing" ? (
        <p role="status">{view.message}</p>
      ) : (
        <>
          <div role="alert">
            <p className="coach-error">{view.message}</p>
            <p>{view.reason}</p>
          </div>
          <div className="coach-actions">
            <SendButton removal={removal} event={{ type: "removal.retry" }} danger buttonRef={retry}>
              Try again
            </SendButton>
            <SendButton removal={removal} event={{ type: "removal.cancel" }}>
              Cancel
            </SendButton>
          </div>
        </>
      )}
    </div>
  )
}

const barText = (bar: RemovalBarView | null): string =>
  bar === null ? "" : bar.kind === "failed" ? `${bar.message} ${bar.reason}` : bar.message

/**
 * Under the day once the server has removed a workout: "Workout deleted." with Undo, then
 * what became of the undo. Its message is a live region that is always there, so each
 * change is announced; the keyboard moves to Undo (or to the retry) when it appears.
 */
export function UndoBar({ view, removal }: { view: RemovalBarView | null; removal: WorkoutRemovalActorRef }) {
  const bar = useRef<HTMLDivElement>(null)
  const action = useRef<HTMLButtonElement>(null)
  const kind = view?.kind ?? null
  useEffect(() => {
    if (kind === "removed" || kind === "failed") action.current?.focus()
    else if (kind === "restoring") bar.current?.focus()
  }, [kind])
  return (
    <div ref={bar} className={view === null ? "day-undo" : "day-undo day-undo--shown"} tabIndex={-1}>
      <p role="status" className="day-undo__message">
        {barText(view)}
      </p>
      {kind === "removed" ? (
        <SendButton removal={removal} event={{ type: "removal.undo" }} buttonRef={action}>
          Undo
        </SendButton>
      ) : kind === "failed" ? (
        <div className="day-undo__actions">
          <SendButton removal={removal} event={{ type: "removal.retry" }} buttonRef={action}>
            Try again
          </SendButton>
          <SendButton removal={removal} event={{ type: "removal.dismiss" }}>
            Keep it deleted
          </SendButton>
        </div>
      ) : null}
    </div>
  )
}
