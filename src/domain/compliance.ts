import * as Schema from "effect/Schema"

/*
 * Compliance: of the workouts a coach scheduled for a client in a window of days up to
 * and including today, how many the client submitted (docs/product.md, the coach
 * dashboard). A workout still to come is in no window; one submitted ahead of its date
 * counts in the window holding its date, once that date has come.
 */

/** The compliance windows, in days ending today. */
export const COMPLIANCE_SHORT_DAYS = 7
export const COMPLIANCE_LONG_DAYS = 28

const count = (what: string) =>
  Schema.Number.annotate({ message: `${what} must be a number` }).check(
    Schema.isInt({ message: `${what} must be a whole number` }),
    Schema.isGreaterThanOrEqualTo(0, { message: `${what} must not be negative` })
  )

const moreDoneThanScheduled = ({ done, scheduled }: { readonly done: number; readonly scheduled: number }) =>
  done <= scheduled ? undefined : { path: ["done"], issue: "done must not be more than scheduled" }

/** Workouts dated in the window and on or before today, and how many of them were submitted. */
export const DoneOfScheduled = Schema.Struct({ done: count("done"), scheduled: count("scheduled") }).check(
  Schema.makeFilter(moreDoneThanScheduled)
)
export type DoneOfScheduled = typeof DoneOfScheduled.Type

/** The last COMPLIANCE_SHORT_DAYS and the last COMPLIANCE_LONG_DAYS days, today included. */
export const Compliance = Schema.Struct({ last7Days: DoneOfScheduled, last28Days: DoneOfScheduled })
export type Compliance = typeof Compliance.Type

export const NOTHING_DONE_OF_NOTHING: DoneOfScheduled = { done: 0, scheduled: 0 }

export const addDoneOfScheduled = (a: DoneOfScheduled, b: DoneOfScheduled): DoneOfScheduled => ({
  done: a.done + b.done,
  scheduled: a.scheduled + b.scheduled
})

/** Several clients' compliance as one: each window's counts added. */
export const totalCompliance = (all: ReadonlyArray<Compliance>): Compliance => ({
  last7Days: all.map((one) => one.last7Days).reduce(addDoneOfScheduled, NOTHING_DONE_OF_NOTHING),
  last28Days: all.map((one) => one.last28Days).reduce(addDoneOfScheduled, NOTHING_DONE_OF_NOTHING)
})

/**
 * The share done as a whole percent, halves rounded up; null when nothing was scheduled
 * (no share of nothing, never 0% or NaN). Rounding never claims more or less than is
 * true at the ends: 100% only when every workout was done, 0% only when none was.
 */
export const percentDone = ({ done, scheduled }: DoneOfScheduled): number | null => {
  if (scheduled === 0) return null
  // In whole numbers, so a half is exactly a half: floor(100 * done / scheduled + 1/2).
  const rounded = Math.floor((200 * done + scheduled) / (2 * scheduled))
  if (rounded === 100 && done < scheduled) return 99
  if (rounded === 0 && done > 0) return 1
  return rounded
}
