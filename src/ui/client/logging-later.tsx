import { useSyncExternalStore } from "react"
import type { RestSlot } from "./logging-rest.tsx"
import { RestTimer } from "./rest-timer.tsx"

/*
 * The logging page's parts not needed to paint the first exercise, fetched together once the
 * page is idle: the summary, the rest bar, and "last time" with the PR badge (which show once
 * earlier results are read), the question Done asks about an empty field, the offline notice, and what adding or removing a set is doing.
 */
export { LoggingSummary } from "./logging-summary.tsx"
export { SetHistory } from "./set-logger-history.tsx"
export { SetAsk } from "./set-logger-ask.tsx"
export { SyncNotice } from "./logging-sync-notice.tsx"
export { SetChangeStatus } from "./logging-set-change.tsx"

/** The rest bar, once the route's rest timer is in (nothing to show before a set is done anyway). */
export function RestBar({ slot }: { slot: RestSlot }) {
  const rest = useSyncExternalStore(slot.subscribe, slot.current)
  return rest === undefined ? null : <RestTimer rest={rest} />
}
