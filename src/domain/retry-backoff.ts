/*
 * How long a device waits before sending again what the server did not take: the logging
 * outbox and its app-wide drain retry on the same schedule (docs/decisions/028).
 */

/** Exponential backoff from 1 s up to 30 s, with jitter so many clients do not retry in step. */
export const retryDelayMs = (attempt: number, random: number): number => {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1))
  return Math.round(base * (0.5 + random / 2))
}

/** Up to this much is added to a wait the server asked for, so clients it held back do not return in step. */
export const RETRY_AFTER_JITTER_MS = 1_000

/** The wait before a retry: what the server asked for (Retry-After) when it did, else the backoff. */
export const waitBeforeRetryMs = (attempt: number, retryAfterMs: number | undefined, random: number): number =>
  retryAfterMs === undefined ? retryDelayMs(attempt, random) : retryAfterMs + Math.round(random * RETRY_AFTER_JITTER_MS)
