import * as Schema from "effect/Schema"

/** The most minutes a calendar is ahead of or behind UTC (UTC+14 .. UTC-12, with room). */
export const MAX_UTC_OFFSET_MINUTES = 840

// One message for every way it can be wrong: this schema ships with every signed-in screen.
const message = `utcOffset must be whole minutes from -${MAX_UTC_OFFSET_MINUTES} to ${MAX_UTC_OFFSET_MINUTES}`

/**
 * The reader's calendar, in minutes east of UTC (`-new Date().getTimezoneOffset()`): the
 * server says which day something was done on it (docs/decisions/042-time-honest-summaries.md).
 */
export const UtcOffset = Schema.Number.annotate({ message }).check(
  Schema.isInt({ message }),
  Schema.isBetween({ minimum: -MAX_UTC_OFFSET_MINUTES, maximum: MAX_UTC_OFFSET_MINUTES }, { message })
)
export type UtcOffset = typeof UtcOffset.Type

/** The calendar of the browser reading. */
export const browserUtcOffset = (now: Date): UtcOffset => -now.getTimezoneOffset()
