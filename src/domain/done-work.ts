import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { UtcOffset } from "./utc-offset.ts"
import { LoggedRow, MAX_READ_DAYS } from "./workout.ts"

/*
 * Work as it was done, not as it was planned (docs/decisions/042-time-honest-summaries.md):
 * a set counts on the day it was done, the earlier of its workout's date and the day it
 * was logged, on the reader's calendar. A workout done ahead of schedule counts on the
 * day it was done, never on its future date.
 */

/** A set the lifter did: the logged row, and `done_on`, the day it counts on. */
export const DoneSet = LoggedRow.mapFields((fields) => ({ ...fields, done_on: IsoDate }))
export type DoneSet = typeof DoneSet.Type

/**
 * Answer of GET /api/doneSets/{clientId}: the sets done from `from` through `today` (by
 * `done_on`, whatever their workouts' dates), and whether any set was done before `from`.
 */
export const DoneWork = Schema.Struct({
  sets: Schema.Array(DoneSet),
  loggedBefore: Schema.Boolean.annotate({ message: "loggedBefore must be true or false" })
})
export type DoneWork = typeof DoneWork.Type

const DAY_MS = 86_400_000

// The span is said of `today`, the end the caller moves.
const spanIssue = ({ from, today }: { readonly from: IsoDate; readonly today: IsoDate }) => {
  if (today < from) return { path: ["today"], issue: "today must not be before from" }
  if ((Date.parse(today) - Date.parse(from)) / DAY_MS + 1 > MAX_READ_DAYS)
    return { path: ["today"], issue: `today must be at most ${MAX_READ_DAYS - 1} days after from` }
  return undefined
}

/** Query of /doneSets: the first day, the reader's today and calendar. */
export const DoneWorkQuery = Schema.Struct({ from: IsoDate, today: IsoDate, utcOffset: UtcOffset }).check(
  Schema.makeFilter(spanIssue)
)
export type DoneWorkQuery = typeof DoneWorkQuery.Type
