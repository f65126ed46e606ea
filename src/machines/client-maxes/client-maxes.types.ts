import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { NewTestedMax, TestedMax } from "#domain/maxes.ts"
import type { Unit } from "#domain/units.ts"
import type { DoneSet } from "#domain/done-work.ts"

export interface ClientMaxesInput {
  /** The coach signed in: their client list names the client. */
  readonly coachId: UserId
  readonly clientId: UserId
  /** The day the form offers as "date set", and the last day a max may have been set on. */
  readonly today: IsoDate
  /** The coach's calendar (minutes east of UTC): which day a set was done on (docs/decisions/042). */
  readonly utcOffset: number
}

/** What the page reads on opening: every entry, newest first, and whose they are. */
export interface LoadedMaxes {
  readonly entries: ReadonlyArray<TestedMax>
  /** The client's name from the coach's list; null when the list could not say. */
  readonly clientName: string | null
  /** The coach's own unit, which a new entry starts in (pounds when their preferences could not be read). */
  readonly unit: Unit
  /**
   * The sets the client did in the working e1RM's window (the 8 weeks up to today, by the day
   * each was done: a workout done ahead of its date counts), for the e1RM each exercise works
   * out to; null when they could not be read (the maxes still show).
   */
  readonly logged: ReadonlyArray<DoneSet> | null
}

/** The form as the coach filled it in: text as typed, checked before anything is sent. */
export interface MaxDraft {
  readonly exercise_id: string
  readonly value: string
  readonly unit: Unit
  readonly set_on: string
}

export type MaxField = keyof MaxDraft

/** Why the form was not sent, naming the field. */
export interface MaxProblem {
  readonly field: MaxField
  readonly message: string
}

export interface ClientMaxesContext extends ClientMaxesInput, LoadedMaxes {
  /** What the form shows: the last draft sent or refused, a fresh one after a save. */
  readonly draft: MaxDraft
  /** Counts fresh forms, so the page can give the form a new key after a save. */
  readonly formVersion: number
  readonly problem: MaxProblem | null
  /** The entry being saved (or that failed to save), so a retry sends the same one. */
  readonly pending: NewTestedMax | null
  readonly saveError: string | null
}

export type ClientMaxesEvent =
  | { readonly type: "maxes.retry" }
  | ({ readonly type: "max.add" } & MaxDraft)
  | { readonly type: "max.save.retry" }
  | { readonly type: "max.save.dismiss" }
