import { fromCallback, fromPromise } from "xstate"
import { drainOutbox, type DrainGateway, type DrainReport } from "./outbox-drain.drain.ts"
import type { Outbox, WorkoutOutbox } from "#domain/logging-outbox.ts"
import type { OutboxDrainEvent } from "./outbox-drain.types.ts"

export interface OutboxDrainPorts {
  readonly gateway: DrainGateway
  readonly outbox: Outbox
  readonly records: WorkoutOutbox
  /** Runs a pass while no other sender of the outbox runs (the logging page, another tab). */
  readonly exclusively: <A>(work: () => Promise<A>) => Promise<A>
  /** Starts reporting the network coming back and the outbox changing; answers the stop. */
  readonly watch: (signals: { readonly online: () => void; readonly changed: () => void }) => () => void
}

/** The drain's real actors and actions, for `outboxDrainMachine.provide(...)`. */
export function outboxDrainImplementations(ports: OutboxDrainPorts) {
  const gateway = ports.gateway
  return {
    actors: {
      drain: fromPromise<DrainReport>(() => ports.exclusively(() => drainOutbox(ports.outbox, ports.records, gateway))),
      watch: fromCallback<OutboxDrainEvent>(({ sendBack }) =>
        ports.watch({
          online: () => sendBack({ type: "network.online" }),
          changed: () => sendBack({ type: "outbox.changed" })
        })
      )
    },
    actions: {
      dismissLost: (_: unknown, { key }: { key: string }) => {
        ports.records.dismissLost(key).catch((error: unknown) => console.error("Could not dismiss a notice", error))
      }
    }
  }
}
