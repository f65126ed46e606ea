import type { SnapshotFrom } from "xstate"
import type { LiveStatus } from "#gateway/live-feed.ts"
import type { LiveStreamMachine } from "./live-stream.machine.ts"

export type { LiveStatus }

export type LiveStreamSnapshot = SnapshotFrom<LiveStreamMachine>

/** The connection as the screens see it (LiveFeed's status). */
export const selectLiveStatus = (snapshot: LiveStreamSnapshot): LiveStatus => {
  if (snapshot.matches({ streaming: "open" })) return "open"
  if (snapshot.matches({ streaming: "connecting" }))
    return snapshot.context.attempt === 0 ? "connecting" : "reconnecting"
  if (snapshot.matches("waitingToReconnect")) return "reconnecting"
  if (snapshot.matches("offline")) return "offline"
  return "stopped"
}
