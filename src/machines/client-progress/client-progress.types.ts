import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { LoggedRow } from "#domain/workout.ts"
import type { ProgressRange } from "./client-progress.search.ts"

export interface ClientProgressInput {
  readonly clientId: UserId
  /** The last day shown: sets dated after it are never read nor plotted. */
  readonly today: IsoDate
  readonly range?: ProgressRange
  /** The exercise the address asked for (a catalogue id or a coach's own name's key). */
  readonly exercise?: string
}

/** One read of /workoutResults: the client's sets from `from` to `to`, both included. */
export interface ProgressSpan {
  readonly clientId: UserId
  readonly from: IsoDate
  readonly to: IsoDate
}

/** One read: the span's logged sets and the unit the client reads loads in. */
export interface LoadedProgress {
  readonly rows: ReadonlyArray<LoggedRow>
  readonly unit: Unit
}

export interface ClientProgressContext {
  readonly clientId: UserId
  readonly today: IsoDate
  readonly range: ProgressRange
  /** The exercise picked, or asked for by the address; null shows the most recently logged one. */
  readonly exercise: string | null
  /** The logged sets of the span last read. */
  readonly rows: ReadonlyArray<LoggedRow>
  /** The client's unit, read with the rows: the chart's e1RM is converted into it. */
  readonly unit: Unit
  /** Why the last read failed, in words (describeFailure); null otherwise. */
  readonly failure: string | null
}

export type ClientProgressEvent =
  | { readonly type: "range.pick"; readonly range: ProgressRange }
  | { readonly type: "exercise.pick"; readonly exercise: string }
  | { readonly type: "progress.retry" }
