import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatRest, remainingSeconds, REST_STEP_SECONDS } from "#domain/rest-clock.ts"
import type { RestTimerMachine } from "./rest-timer.machine.ts"

export type RestTimerSnapshot = SnapshotFrom<RestTimerMachine>
export type RestTimerActorRef = ActorRefFrom<RestTimerMachine>

export type RestStatus = "idle" | "resting" | "ended"

export interface RestTimerView {
  readonly status: RestStatus
  /** Seconds left while resting; the next rest's length when idle; 0 once over. */
  readonly remainingSeconds: number
  /** The same as "m:ss", e.g. "1:45". */
  readonly remainingText: string
  readonly canAdd: boolean
  readonly canSubtract: boolean
}

const statusOf = (snapshot: RestTimerSnapshot): RestStatus =>
  snapshot.matches("resting") ? "resting" : snapshot.matches("ended") ? "ended" : "idle"

const secondsOf = (snapshot: RestTimerSnapshot, status: RestStatus): number => {
  const { restSeconds, endsAt, now } = snapshot.context
  if (status === "idle") return restSeconds
  return status === "resting" ? remainingSeconds(endsAt, now) : 0
}

/** Plain values only, so `shallowEqual` lets a component re-render once a second, not every tick. */
export const selectRestTimerView = (snapshot: RestTimerSnapshot): RestTimerView => {
  const status = statusOf(snapshot)
  const seconds = secondsOf(snapshot, status)
  return {
    status,
    remainingSeconds: seconds,
    remainingText: formatRest(seconds),
    canAdd: snapshot.can({ type: "rest.add", seconds: REST_STEP_SECONDS }),
    canSubtract: snapshot.can({ type: "rest.add", seconds: -REST_STEP_SECONDS })
  }
}
