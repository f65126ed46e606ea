import * as Data from "effect/Data"

/**
 * Anything the contract does not declare: the network is down, the server answered a
 * status the call does not declare (500, 413...), or a body did not match the Schema.
 * Not data to branch on: a machine routes it to a visible error state the user can
 * recover from (retry, sign in again). The one exception is "rateLimited" (429): the
 * server refused nothing, it asks for the same call again later, and says when in
 * `retryAfterMs` (also set on any other answer carrying Retry-After, e.g. a 503).
 */
export class GatewayDefect extends Data.TaggedError("GatewayDefect")<{
  readonly reason: "network" | "status" | "contract" | "token" | "rateLimited"
  readonly message: string
  readonly status?: number | undefined
  /** How long the server asked us to wait before trying again (its Retry-After). */
  readonly retryAfterMs?: number | undefined
  readonly cause?: unknown
}> {}

/** True for a 429: the call was not refused, only asked to come back after `retryAfterMs`. */
export const isRateLimited = (error: unknown): error is GatewayDefect & { readonly reason: "rateLimited" } =>
  error instanceof GatewayDefect && error.reason === "rateLimited"

/**
 * A Retry-After header as milliseconds from `now`: delay-seconds or an HTTP date;
 * undefined when absent or unreadable.
 */
export const retryAfterMs = (header: string | null, now: number = Date.now()): number | undefined => {
  if (header === null || header.trim() === "") return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
