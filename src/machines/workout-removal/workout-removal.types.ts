import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"

/** Whose day the removals are on. */
export interface WorkoutRemovalInput {
  readonly clientId: UserId
  readonly date: IsoDate
}

/** The workout the coach is removing (or has removed), and what of it the client logged. */
export interface RemovalTarget {
  readonly workoutOrder: WorkoutOrder
  /** Sets of it with anything logged: they go with it, so the question says how many. */
  readonly loggedSets: number
}

export interface WorkoutRemovalContext extends WorkoutRemovalInput {
  /** Null only while nothing is being asked, removed or put back. */
  readonly target: RemovalTarget | null
  /** Why the last removal or restore failed, in words (describeFailure). */
  readonly error: string | null
}

export type WorkoutRemovalEvent =
  | ({ readonly type: "removal.request" } & RemovalTarget)
  | { readonly type: "removal.confirm" }
  | { readonly type: "removal.cancel" }
  | { readonly type: "removal.undo" }
  | { readonly type: "removal.retry" }
  | { readonly type: "removal.dismiss" }
