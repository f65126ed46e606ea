import { useSelector } from "@xstate/react"
import { selectDoneUnknown, type ScheduleActorRef } from "#machines/client-schedule/client-schedule.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"

/**
 * Which workouts are done could not be read, though what is scheduled could: a small
 * notice beside the schedule, never a reason to hide it, with a way to read again.
 */
export function DoneUnknownNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="done-unknown" role="status">
      <p>Could not load which workouts are done.</p>
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

/**
 * 'Loading...' while the client's workouts load, a way to try again if they could not be
 * (offline, when the device has no copy of these days), and the notice when only which of
 * them are done could not be.
 */
export function ScheduleLoadStatus({ status, schedule }: { status: string; schedule: ScheduleActorRef }) {
  const doneUnknown = useSelector(schedule, selectDoneUnknown)
  const retry = () => schedule.send({ type: "schedule.retry" })
  if (status === "loading") return <p role="status">Loading...</p>
  if (status === "failed") return <RetryAlert message="Your workouts could not be loaded." onRetry={retry} />
  if (status === "offline") {
    return <RetryAlert message="You're offline, and these days are not saved on this device." onRetry={retry} />
  }
  return doneUnknown ? <DoneUnknownNotice onRetry={retry} /> : null
}
