import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import type { ClientLookup } from "#domain/workout.ts"
import type { MovedWorkout, WorkoutPlace } from "#domain/workout-move.ts"

/** Weight x reps logged, summed per unit each weight was entered in (converted only when shown). */
export type Volume = Readonly<Record<Unit, number>>

/** One saved workout of a day, as the three reads of the 28 days tell it. */
export interface WorkoutSummary {
  /** Its workout_order: with the day, its address on the server. */
  readonly workoutOrder: number
  /** The coach's name for it; null: it reads 'Workout N' by its place in the day. */
  readonly title: string | null
  /** Its exercise names, in order. */
  readonly exercises: ReadonlyArray<string>
  /** The lifter submitted it. */
  readonly submitted: boolean
  /** The lifter logged (or skipped) at least one of its sets. */
  readonly logged: boolean
  /** What was lifted in it; null when no logged set has both a weight and reps. */
  readonly volume: Volume | null
}

/** One day of the grid that holds workouts: its workouts in workout_order. */
export interface DaySummary {
  readonly workouts: ReadonlyArray<WorkoutSummary>
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
  /** The workout being moved and the day chosen for it; null when none is. */
  readonly move: WorkoutMove | null
  /** Why the last move failed, in words; null unless it did. */
  readonly moveFailure: string | null
  /** Where the last move put a workout, as the server answered (the screen focuses it); null before any. */
  readonly moved: MovedPlace | null
}

/** A move under way: which workout (its place when picked) and the day it is to go to. */
export interface WorkoutMove {
  readonly from: WorkoutPlace
  readonly target: IsoDate
}

/** A finished move: where the workout is now, and the name it had where it was. */
export interface MovedPlace extends WorkoutPlace {
  readonly name: string
}

/** What the move call is asked: the workout's address and its new day. */
export interface MoveRequest {
  readonly clientId: UserId | null
  readonly from: WorkoutPlace
  readonly toDate: IsoDate
}

export type MoveAnswer = MovedWorkout

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
  /** Pick a shown workout up (its Move button, or a drag starting). */
  | { readonly type: "move.pick"; readonly date: IsoDate; readonly workoutOrder: number }
  /** Choose the day it goes to (arrow keys, or dragging over a day); only a day on the grid. */
  | { readonly type: "move.target"; readonly date: IsoDate }
  /** Move it there (Enter, or the drop); only to another day. */
  | { readonly type: "move.drop" }
  | { readonly type: "move.cancel" }
  | { readonly type: "move.retry" }
