/**
 * "Offline, as of 7:42": when the device copy was last refreshed, in the person's own
 * locale; the date too when that was not today.
 */
export const asOfText = (asOf: number, now: Date = new Date(), locale?: string): string => {
  const at = new Date(asOf)
  const time = at.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" })
  if (at.toDateString() === now.toDateString()) return time
  return `${at.toLocaleDateString(locale, { month: "short", day: "numeric" })}, ${time}`
}

/** What a screen says about how fresh its data is. */
export type Freshness =
  | { readonly status: "fresh" }
  /** The copy is shown while the server is asked: "Updating…". */
  | { readonly status: "updating" }
  /** The server could not be reached: "Offline, as of 7:42". */
  | { readonly status: "offline"; readonly asOf: number }

/** Equal when a screen would say the same. */
export const sameFreshness = (a: Freshness, b: Freshness): boolean =>
  a.status === b.status && (a.status !== "offline" || b.status !== "offline" || a.asOf === b.asOf)
