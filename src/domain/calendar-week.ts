import { addDays, dayOfWeek, isIsoDate, startOfWeek, type IsoDate } from "#domain/calendar.ts"

/*
 * The grid's place in the address: `?week=` is the grid's first day, a Sunday, as
 * YYYY-MM-DD (the wire's format, so the 28 days read are the address's days). Any other
 * real day stands for its own week; anything else is no week (today's).
 */

/** The Sunday that starts the week of `raw`, or undefined when `raw` is not a real YYYY-MM-DD day. */
export const parseWeek = (raw: unknown): IsoDate | undefined =>
  typeof raw === "string" && isIsoDate(raw) ? startOfWeek(raw) : undefined

/**
 * The day the heading shows for a grid starting on `week`: today's weekday in that week,
 * the day the arrows would have reached from today, so a reload shows the same heading.
 */
export const dayShownIn = (week: IsoDate, today: IsoDate): IsoDate => addDays(startOfWeek(week), dayOfWeek(today))
