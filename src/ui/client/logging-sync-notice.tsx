import { useSelector } from "@xstate/react"
import { selectSyncView, type AutosaveActorRef } from "#machines/autosave/autosave.selectors.ts"

/** Offline with logs waiting: how many, and that they will be sent (docs/decisions/028). */
export function SyncNotice({ autosave }: { autosave: AutosaveActorRef }) {
  const sync = useSelector(
    autosave,
    selectSyncView,
    (a, b) => a.offline === b.offline && a.waitingCount === b.waitingCount
  )
  if (!sync.offline || sync.waitingCount === 0) return null
  return (
    <p className="sync-notice" role="status">
      Offline: {sync.waitingCount} {sync.waitingCount === 1 ? "set is" : "sets are"} waiting to sync. Keep logging; they
      will be sent when you are back online.
    </p>
  )
}
