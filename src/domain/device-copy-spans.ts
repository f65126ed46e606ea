import { addDays, type IsoDate } from "#domain/calendar.ts"

/*
 * Which days of one kind of read (workouts, results, completions) the copy covers: one
 * unbroken span, so a day inside it that holds nothing really held nothing when it was read.
 */

export interface Span {
  readonly from: IsoDate
  readonly to: IsoDate
}

/** The copy keeps two weeks back (the week strip's week and the one before) and two months ahead. */
export const KEPT_BACK_DAYS = 14
export const KEPT_AHEAD_DAYS = 62

export const keptWindow = (today: IsoDate): Span => ({
  from: addDays(today, -KEPT_BACK_DAYS),
  to: addDays(today, KEPT_AHEAD_DAYS)
})

export const clip = (span: Span, window: Span): Span | null => {
  const from = span.from > window.from ? span.from : window.from
  const to = span.to < window.to ? span.to : window.to
  return from <= to ? { from, to } : null
}

/** A fresh read joins the span it touches; one apart from it is not kept (it would leave a gap). */
export const joined = (kept: Span | null, fresh: Span): Span | null => {
  if (kept === null) return fresh
  if (fresh.from > addDays(kept.to, 1) || fresh.to < addDays(kept.from, -1)) return null
  return { from: fresh.from < kept.from ? fresh.from : kept.from, to: fresh.to > kept.to ? fresh.to : kept.to }
}

/**
 * Whether the span answers for `range`: it holds its first day and its next fortnight
 * (a year's read for the next workout is answered by the days the copy keeps).
 */
export const covers = (span: Span | null, range: Span): boolean => {
  if (span === null) return false
  const end = addDays(range.from, 13) < range.to ? addDays(range.from, 13) : range.to
  return span.from <= range.from && span.to >= end
}

export const within = (date: IsoDate, span: Span): boolean => date >= span.from && date <= span.to
