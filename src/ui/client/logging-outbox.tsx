import { useSelector } from "@xstate/react"
import {
  sameOutboxView,
  selectOutboxView,
  type OutboxDrainActorRef
} from "#machines/outbox-drain/outbox-drain.selectors.ts"
import "./logging-outbox.css"

/**
 * What the outbox has to tell the lifter on every client screen: a finished workout the
 * server does not hold yet, and what it never took (a set the coach removed meanwhile),
 * each kept until the lifter dismisses it (docs/decisions/028).
 */
export function OutboxNotices({ drain }: { drain: OutboxDrainActorRef }) {
  const view = useSelector(drain, selectOutboxView, sameOutboxView)
  if (view.waitingText === null && view.lost.length === 0) return null
  return (
    <aside className="outbox-notices" aria-label="Not saved on the server yet">
      {view.waitingText === null ? null : (
        <p className="outbox-notices__waiting" role="status">
          {view.waitingText}
        </p>
      )}
      {view.lost.map((lost) => (
        <div key={lost.key} className="outbox-notices__lost" role="alert">
          <p>{lost.text}</p>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => drain.send({ type: "lost.dismiss", key: lost.key })}
          >
            Dismiss
          </button>
        </div>
      ))}
    </aside>
  )
}
