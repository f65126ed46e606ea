import type { ScheduleActorRef } from "#machines/client-schedule/client-schedule.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"

/** 'Loading...' while the client's workouts load, and a way to try again if they could not be. */
export function ScheduleLoadStatus({ status, schedule }: { status: string; schedule: ScheduleActorRef }) {
  if (status === "loading") return <p role="status">Loading...</p>
  if (status !== "failed") return null
  return (
    <RetryAlert
      message="Your workouts could not be loaded."
      onRetry={() => schedule.send({ type: "schedule.retry" })}
    />
  )
}
