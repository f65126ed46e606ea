import { useSelector } from "@xstate/react"
import type { SetId } from "#domain/ids.ts"
import {
  sameSetLoad,
  selectSetLoad,
  type LoadReferencesActorRef
} from "#machines/load-references/load-references.selectors.ts"
import "./coach-day-loads.css"

/**
 * A prescribed set's worked-out load as the client sees it (their unit, their plates):
 * "235 lbs · 75% of max", or the percentage and why there is no number yet.
 */
export function CoachSetLoad({ loads, setId }: { loads: LoadReferencesActorRef; setId: SetId }) {
  const view = useSelector(loads, (snapshot) => selectSetLoad(snapshot, setId), sameSetLoad)
  const { load } = view
  if (view.status === "loading" || load.kind === "none") return null
  if (load.kind === "percent-only") {
    return (
      <span className="day-load day-load--percent">
        {load.percent} <span className="muted">({load.reason})</span>
      </span>
    )
  }
  return (
    <span className="day-load">
      <strong>{load.load}</strong>
      {load.source === null ? null : <span className="muted"> · {load.source}</span>}
      <span className="day-load__plates muted">
        {load.plates}
        {load.belowBar ? " (below the bar)" : ""}
      </span>
    </span>
  )
}
