import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { DoneSet } from "#domain/done-work.ts"
import type { ProgressRange } from "#domain/progress-search.ts"

export interface ClientProgressInput {
  readonly clientId: UserId
  /** The last day shown: sets done after it are never read nor plotted. */
  readonly today: IsoDate
  /** The client's calendar (minutes east of UTC): which day a set was done on (docs/decisions/042). */
  readonly utcOffset: number
  readonly range?: ProgressRange
  /** The exercise the address asked for (a catalogue id or a coach's own name's key). */
  readonly exercise?: string
}

/** One read of /doneSets: the client's sets done from `from` through `today`, on their calendar. */
export interface ProgressSpan {
  readonly clientId: UserId
  readonly from: IsoDate
  readonly today: IsoDate
  readonly utcOffset: number
}

/** One read: the span's sets (each on the day it was done), whether any came before, and the client's unit. */
export interface LoadedProgress {
  readonly rows: ReadonlyArray<DoneSet>
  /** A set was done before the span: the lifter has their own data, so no example is shown. */
  readonly loggedBefore: boolean
  readonly unit: Unit
}

export interface ClientProgressContext {
  readonly clientId: UserId
  readonly today: IsoDate
  readonly utcOffset: number
  readonly range: ProgressRange
  /** The exercise picked, or asked for by the address; null shows the most recently logged one. */
  readonly exercise: string | null
  /** The sets done in the span last read, each with the day it was done. */
  readonly rows: ReadonlyArray<DoneSet>
  /** Whether any set was done before that span. */
  readonly loggedBefore: boolean
  /** The client's unit, read with the rows: the chart's e1RM is converted into it. */
  readonly unit: Unit
  /** Why the last read failed, in words (describeFailure); null otherwise. */
  readonly failure: string | null
}

export type ClientProgressEvent =
  | { readonly type: "range.pick"; readonly range: ProgressRange }
  | { readonly type: "exercise.pick"; readonly exercise: string }
  | { readonly type: "progress.retry" }
