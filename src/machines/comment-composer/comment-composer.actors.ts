import { fromCallback, fromPromise } from "xstate"
import type { WorkoutComment } from "#domain/comments.ts"
import type { ComposerEvent, Delivery } from "./comment-composer.machine.ts"

/** What a composer needs from outside: how its text reaches the server, and word of the network's return. */
export interface ComposerPorts {
  /** Sends the note (or reply) with its device id; answers what the server stored. */
  readonly deliver: (delivery: Delivery) => Promise<WorkoutComment>
  /** Told of what the server stored, so the list beside the composer shows it at once. */
  readonly delivered?: ((comment: WorkoutComment) => void) | undefined
  /** Calls `online` each time the network comes back; returns the stop. */
  readonly watchOnline: (online: () => void) => () => void
}

/** The composer's real actors, for `commentComposerMachine.provide(...)`. */
export function commentComposerImplementations(ports: ComposerPorts) {
  return {
    actors: {
      deliver: fromPromise<WorkoutComment, Delivery>(async ({ input }) => {
        const comment = await ports.deliver(input)
        ports.delivered?.(comment)
        return comment
      }),
      watchOnline: fromCallback<ComposerEvent>(({ sendBack }) =>
        ports.watchOnline(() => sendBack({ type: "network.online" }))
      )
    }
  }
}
