import { useSelector } from "@xstate/react"
import { selectWakeLockNotice, type WakeLockActorRef } from "#machines/wake-lock/wake-lock.selectors.ts"

/** One quiet line about the screen during a workout: kept on, or possibly dimming; otherwise nothing. */
export function WakeLockStatus({ wakeLock }: { wakeLock: WakeLockActorRef }) {
  const notice = useSelector(wakeLock, selectWakeLockNotice)
  if (notice === null) return null
  return <p className="muted wake-lock-status">{notice}</p>
}
