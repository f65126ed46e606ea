import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate } from "#domain/calendar.ts"
import type { LostEdit } from "#domain/logging-outbox.ts"
import type { OutboxDrainMachine } from "./outbox-drain.machine.ts"

export type OutboxDrainSnapshot = SnapshotFrom<OutboxDrainMachine>
export type OutboxDrainActorRef = ActorRefFrom<OutboxDrainMachine>

export interface OutboxView {
  /** Finished workouts the server does not hold yet: never called done before it answers. */
  readonly waitingText: string | null
  /** A send failed and waits for the network. */
  readonly offline: boolean
  readonly lost: ReadonlyArray<LostEdit>
}

const waitingTextOf = (snapshot: OutboxDrainSnapshot): string | null => {
  const { waiting } = snapshot.context
  const [only] = waiting
  if (only === undefined) return null
  const what =
    waiting.length === 1
      ? `Your workout of ${formatLongUsDate(only.date)} is`
      : `${waiting.length} finished workouts are`
  return `${what} kept on this phone and not yet sent. It will be sent when you are back online.`
}

export const selectOutboxView = (snapshot: OutboxDrainSnapshot): OutboxView => ({
  waitingText: waitingTextOf(snapshot),
  offline: snapshot.matches("waitingToRetry"),
  lost: snapshot.context.lost
})

export const sameOutboxView = (a: OutboxView, b: OutboxView): boolean =>
  a.waitingText === b.waitingText && a.offline === b.offline && a.lost === b.lost
