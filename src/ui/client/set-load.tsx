import { useSelector } from "@xstate/react"
import { useId, useState } from "react"
import type { SetId } from "#domain/ids.ts"
import {
  sameSetLoad,
  selectSetLoad,
  type LoadReferencesActorRef
} from "#machines/load-references/load-references.selectors.ts"
import "./set-load.css"

/**
 * A set's worked-out load beside its prescription: "235 lbs · 75% of max" with its plates
 * per side one tap away, or the percentage and why there is no number yet ("no tested max
 * yet", "log your top set first"). Comes in its own chunk after the page paints.
 */
export default function SetLoad({ loads, setId }: { loads: LoadReferencesActorRef; setId: SetId }) {
  const view = useSelector(loads, (snapshot) => selectSetLoad(snapshot, setId), sameSetLoad)
  const [platesOpen, setPlatesOpen] = useState(false)
  const platesId = useId()
  const { load } = view
  if (view.status === "loading") return <p className="set-load set-load--waiting" aria-hidden="true" />
  if (load.kind === "none") return null
  if (load.kind === "percent-only") {
    return (
      <p className="set-load set-load--percent">
        <span className="set-load__percent">{load.percent}</span>{" "}
        <span className="set-load__reason">({load.reason})</span>
        {view.canRetry ? (
          <button
            type="button"
            className="button button--quiet set-load__retry"
            onClick={() => loads.send({ type: "references.retry" })}
          >
            Try again
          </button>
        ) : null}
      </p>
    )
  }
  return (
    <div className="set-load">
      <p className="set-load__line">
        <strong className="set-load__value">{load.load}</strong>
        {load.source === null ? null : <span className="set-load__source">{load.source}</span>}
        <button
          type="button"
          className="button button--quiet set-load__plates-toggle"
          aria-expanded={platesOpen}
          aria-controls={platesId}
          onClick={() => setPlatesOpen((open) => !open)}
        >
          Plates
        </button>
      </p>
      <p id={platesId} className="set-load__plates" hidden={!platesOpen}>
        {load.plates}
        {load.belowBar ? <span className="set-load__below-bar"> (below the bar)</span> : null}
      </p>
    </div>
  )
}
