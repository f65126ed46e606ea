import type { WorkoutCompletion } from "#domain/completion.ts"
import type { DrainReport } from "./outbox-drain.drain.ts"
import type { LostEdit } from "#domain/logging-outbox.ts"

export interface OutboxDrainContext {
  /** Finished workouts still waiting to be sent, as of the last pass. */
  readonly waiting: ReadonlyArray<WorkoutCompletion>
  /** What the server never took, shown until the lifter dismisses it. */
  readonly lost: ReadonlyArray<LostEdit>
  /** Failed passes in a row, for the backoff. */
  readonly attempt: number
  /**
   * Notices dismissed while the pass under way runs: it may have read them from the device
   * before they left it, and its report must not bring them back.
   */
  readonly dismissedDuringPass: ReadonlyArray<string>
}

export type OutboxDrainEvent =
  /** The network came back. */
  | { readonly type: "network.online" }
  /** A workout was queued or something was kept on this device (another screen did it). */
  | { readonly type: "outbox.changed" }
  /** The lifter has read a notice: it may leave the device. */
  | { readonly type: "lost.dismiss"; readonly key: string }

export type { DrainReport }
