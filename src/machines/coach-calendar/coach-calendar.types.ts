import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { ClientLookup } from "#domain/workout.ts"

/** One day of the grid that holds workouts, as the three reads of the 28 days tell it. */
export interface DaySummary {
  /** Each workout's exercise names, in workout then exercise order (a saved workout has no name of its own). */
  readonly workouts: ReadonlyArray<ReadonlyArray<string>>
  /** How many of the day's workouts the lifter submitted. */
  readonly submitted: number
  /** The lifter logged (or skipped) at least one set that day. */
  readonly logged: boolean
  /**
   * Weight x reps of the sets logged that day, summed per unit each weight was entered in
   * (converted only when shown); null when no logged set has both a weight and reps.
   */
  readonly volume: Readonly<Record<Unit, number>> | null
}

/** The grid's days that hold workouts, by date; a day without workouts is absent. */
export type DaySummaries = { readonly [date: IsoDate]: DaySummary }

export const NO_DAYS: DaySummaries = {}

/**
 * The 28 days on screen, for the client shown. The calendar is only entered with a
 * client chosen, but the context cannot say so; with no client there is nothing to read.
 */
export interface DaysRequest {
  readonly clientId: UserId | null
  readonly from: IsoDate
  readonly to: IsoDate
}

/**
 * The days read, or the server's word that this coach may not read this client (removed
 * from their list since it loaded): an expected answer, not a failure.
 */
export type DaysAnswer = { readonly _tag: "days"; readonly days: DaySummaries } | { readonly _tag: "clientNotFound" }

/** The coach's clients and the unit the coach reads loads in (lb when their preferences cannot be read). */
export interface CoachClients {
  readonly clients: ClientLookup
  readonly unit: Unit
}

export interface CoachCalendarContext {
  readonly coachId: UserId
  readonly today: IsoDate
  /** The day the heading shows; the grid starts on its week's Sunday. */
  readonly selectedDay: IsoDate
  readonly clients: ClientLookup
  /** The client shown; null until the clients have loaded, when there are none, or while the one asked for is unknown. */
  readonly clientId: UserId | null
  readonly unit: Unit
  readonly days: DaySummaries
}

export interface CoachCalendarInput {
  readonly coachId: UserId
  readonly today: IsoDate
  /** The client to show first, e.g. the one whose day the coach came back from. */
  readonly clientId?: UserId | null
  /** The grid's first day (a Sunday), e.g. from the address; absent: today's week. */
  readonly week?: IsoDate | null
}

/** Where the calendar is, for the address: the client shown and the grid's first day. */
export interface CalendarPlace {
  readonly clientId: UserId
  readonly week: IsoDate
}

export type CoachCalendarEvent =
  | { readonly type: "client.pick"; readonly clientId: UserId }
  | { readonly type: "week.next" }
  | { readonly type: "week.previous" }
  | { readonly type: "week.today" }
  | { readonly type: "clients.retry" }
  | { readonly type: "days.retry" }
