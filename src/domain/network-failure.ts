/*
 * A read that never reached the server (no signal, the server down, the token not
 * refreshable offline) is answered from the device copy; a server that answered and
 * refused (401, 403, 404, a bad request) is not: a copy would hide the refusal.
 */

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

const NETWORK_CODES = new Set(["auth/network-request-failed", "auth/timeout", "unavailable"])

const isOwnNetworkFailure = (error: unknown): boolean => {
  if (field(error, "_tag") === "GatewayDefect" && field(error, "reason") === "network") return true
  const code = field(error, "code")
  if (typeof code === "string" && NETWORK_CODES.has(code)) return true
  // fetch, and a chunk's dynamic import, reject with a TypeError when the network is down
  return error instanceof TypeError && /fetch|network|load failed|import/i.test(error.message)
}

/** True when the failure (or what it wraps, two levels deep) is the network's, not the server's answer. */
export const isNetworkFailure = (error: unknown): boolean =>
  isOwnNetworkFailure(error) ||
  isOwnNetworkFailure(field(error, "cause")) ||
  isOwnNetworkFailure(field(field(error, "cause"), "cause"))
