import { shallowEqual, useSelector } from "@xstate/react"
import { REST_STEP_SECONDS } from "#domain/rest-clock.ts"
import { selectRestTimerView, type RestTimerActorRef } from "#machines/rest-timer/rest-timer.selectors.ts"
import "./rest-timer.css"

/**
 * The rest between sets: a countdown with −30 s / +30 s / Skip while resting, then an
 * alert until dismissed; nothing while idle. The machine ticks four times a second, so
 * the view is compared field by field and the bar re-renders only when what it shows changes.
 */
export function RestTimer({ rest }: { rest: RestTimerActorRef }) {
  const view = useSelector(rest, selectRestTimerView, shallowEqual)
  if (view.status === "idle") return null
  if (view.status === "ended") {
    return (
      <div className="rest-timer rest-timer--ended" role="alert">
        <p className="rest-timer__message">Rest is over. Time for your next set.</p>
        <button type="button" className="button" onClick={() => rest.send({ type: "rest.dismiss" })}>
          Dismiss
        </button>
      </div>
    )
  }
  return (
    <div className="rest-timer">
      <p className="rest-timer__time" role="timer" aria-label="Rest">
        Rest {view.remainingText}
      </p>
      <button
        type="button"
        className="button button--quiet"
        disabled={!view.canSubtract}
        onClick={() => rest.send({ type: "rest.add", seconds: -REST_STEP_SECONDS })}
      >
        −30 s
      </button>
      <button
        type="button"
        className="button button--quiet"
        disabled={!view.canAdd}
        onClick={() => rest.send({ type: "rest.add", seconds: REST_STEP_SECONDS })}
      >
        +30 s
      </button>
      <button type="button" className="button" onClick={() => rest.send({ type: "rest.skip" })}>
        Skip rest
      </button>
    </div>
  )
}
