import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"

/** Which days of the shown range hold a prescribed workout, and which hold logged results. */
export interface DayMarks {
  readonly workoutDates: ReadonlyArray<IsoDate>
  readonly resultDates: ReadonlyArray<IsoDate>
}

export const NO_MARKS: DayMarks = { workoutDates: [], resultDates: [] }

/**
 * The 28 days on screen, for the client shown. The calendar is only entered with a
 * client chosen, but the context cannot say so; with no client there is nothing to mark.
 */
export interface MarksRequest {
  readonly clientId: UserId | null
  readonly from: IsoDate
  readonly to: IsoDate
}

export interface CoachCalendarContext {
  readonly coachId: UserId
  readonly today: IsoDate
  readonly selectedDay: IsoDate
  readonly clients: ClientLookup
  /** The client shown; null only until the clients have loaded (or when there are none). */
  readonly clientId: UserId | null
  readonly marks: DayMarks
}

export interface CoachCalendarInput {
  readonly coachId: UserId
  readonly today: IsoDate
  /** The client to show first, e.g. the one whose day the coach came back from. */
  readonly clientId?: UserId | null
}

export type CoachCalendarEvent =
  | { readonly type: "client.pick"; readonly clientId: UserId }
  | { readonly type: "week.next" }
  | { readonly type: "week.previous" }
  | { readonly type: "week.today" }
  | { readonly type: "clients.retry" }
  | { readonly type: "days.retry" }
