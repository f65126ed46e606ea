/**
 * Failures that say "the database cannot answer right now" rather than "this request
 * is wrong": it is restarting, frozen, out of connections, or cancelled a statement
 * that ran past its deadline. The request is answered 503 with Retry-After; anything
 * else a query throws stays a defect (500).
 */

// SQLSTATE classes and codes: 08 connection exception, 57P01-03 shutting down or
// starting up, 57014 statement cancelled (statement_timeout), 53300 too many
// connections, 25P03 idle-in-transaction timeout.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|57014|53300|25P03)$/

// What node-postgres and Node's sockets say when there is no answer at all.
const UNAVAILABLE_SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"])
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly|not queryable/i

const field = (value: object, key: string): unknown => (value as Record<string, unknown>)[key]

/** True when `error`, or one of its causes, says the database is unreachable or overloaded. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current !== null && typeof current === "object"; depth++) {
    const code = field(current, "code")
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return true
    const message = field(current, "message")
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true
    current = field(current, "cause")
  }
  return false
}

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5

export const UNAVAILABLE_MESSAGE_TEXT = "The service is busy or restarting; try again in a few seconds"
