import type { ActiveLoggingView, LoggingActorRef } from "#machines/logging/logging.selectors.ts"

/** Adding or removing a set: what is under way, or why it failed, with Try again and Dismiss. */
export function SetChangeStatus({ view, logging }: { view: ActiveLoggingView; logging: LoggingActorRef }) {
  const { busyText, failure } = view.setChange
  if (failure !== null) {
    return (
      <div className="logging__set-change" role="alert">
        <p>{failure}</p>
        <div className="logging__actions">
          <button
            type="button"
            className="button button--quiet"
            onClick={() => logging.send({ type: "setChange.dismiss" })}
          >
            Dismiss
          </button>
          <button type="button" className="button" onClick={() => logging.send({ type: "setChange.retry" })}>
            Try again
          </button>
        </div>
      </div>
    )
  }
  return (
    <p className="logging__set-change muted" role="status">
      {busyText}
    </p>
  )
}
