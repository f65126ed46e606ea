/*
 * Rest time is wall-clock time: the machine keeps when the rest ends and when it last
 * looked, never a running count, so a page that was hidden (where timers are throttled)
 * shows the right time the moment it looks again. All times are epoch milliseconds.
 */

/** How long a rest lasts until the lifter changes it. */
export const DEFAULT_REST_SECONDS = 120
/** What one tap on "−30 s" or "+30 s" changes. */
export const REST_STEP_SECONDS = 30
/** No rest, nor what is left of one, is ever longer than this. */
export const MAX_REST_SECONDS = 600
/** The next rest is never shorter than one step: a rest of nothing would alert at once. */
export const MIN_REST_SECONDS = REST_STEP_SECONDS

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value))

export const restEndsAt = (at: number, restSeconds: number): number => at + restSeconds * 1000

/** Milliseconds left, never negative. */
export const remainingMs = (endsAt: number, now: number): number => Math.max(0, endsAt - now)

/** Whole seconds left, rounded up: "0:01" shows until the rest is really over. */
export const remainingSeconds = (endsAt: number, now: number): number => Math.ceil(remainingMs(endsAt, now) / 1000)

/** "m:ss", e.g. "1:45", "0:05", "10:00". */
export const formatRest = (seconds: number): string => {
  const whole = Math.max(0, Math.ceil(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`
}

/** The running rest moved by `seconds`: it ends no earlier than now and no later than the longest rest from now. */
export const adjustedEnd = (endsAt: number, now: number, seconds: number): number =>
  clamp(endsAt + seconds * 1000, now, now + MAX_REST_SECONDS * 1000)

/** The length of the next rests after the lifter moved this one by `seconds`. */
export const adjustedRestLength = (restSeconds: number, seconds: number): number =>
  clamp(restSeconds + seconds, MIN_REST_SECONDS, MAX_REST_SECONDS)

/** Whether moving the running rest by `seconds` would change it at all. */
export const changesRest = (endsAt: number, now: number, seconds: number): boolean =>
  adjustedEnd(endsAt, now, seconds) !== endsAt
