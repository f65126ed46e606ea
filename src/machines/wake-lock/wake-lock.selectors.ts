import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { WakeLockMachine } from "./wake-lock.machine.ts"

export type WakeLockSnapshot = SnapshotFrom<WakeLockMachine>
export type WakeLockActorRef = ActorRefFrom<WakeLockMachine>

export const SCREEN_STAYS_ON = "Screen stays on during your workout"
export const SCREEN_MAY_DIM = "Your screen may dim: keep it awake in your phone's settings."

/** The one line the lifter reads about the screen, or null when there is nothing worth saying. */
export const selectWakeLockNotice = (snapshot: WakeLockSnapshot): string | null => {
  if (snapshot.matches("held")) return SCREEN_STAYS_ON
  if (snapshot.matches("failed")) return SCREEN_MAY_DIM
  return null
}
