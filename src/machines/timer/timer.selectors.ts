import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { elapsedMs, formatElapsed } from "#domain/timer-clock.ts"
import type { TimerMachine } from "./timer.machine.ts"

export type TimerSnapshot = SnapshotFrom<TimerMachine>
export type TimerActorRef = ActorRefFrom<TimerMachine>

export interface TimerView {
  /** "h:mm:ss" */
  readonly elapsed: string
  readonly running: boolean
}

export const selectTimerView = (snapshot: TimerSnapshot): TimerView => ({
  elapsed: formatElapsed(elapsedMs(snapshot.context.clock, snapshot.context.now)),
  running: snapshot.matches("running")
})
