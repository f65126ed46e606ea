import type { IsoDate } from "#domain/calendar.ts"
import type { CoachOverview } from "#domain/coach-overview.ts"

export interface CoachOverviewInput {
  /** The coach's own date: the overview counts the week, missed and coming days from it. */
  readonly today: IsoDate
  /** The coach's calendar (minutes east of UTC): the day work was done is said on it (docs/decisions/042). */
  readonly utcOffset: number
}

/** What one read asks for. */
export type OverviewRead = CoachOverviewInput

export interface CoachOverviewContext {
  readonly today: IsoDate
  readonly utcOffset: number
  /** The last overview read; null until one is. Kept while a refresh is under way. */
  readonly overview: CoachOverview | null
  /** Why the last read failed, as a person reads it; null when it did not. */
  readonly failure: string | null
}

export type CoachOverviewEvent =
  | { readonly type: "overview.retry" }
  /** The coach added someone to their list: the overview may have a new row. */
  | { readonly type: "client.added" }
