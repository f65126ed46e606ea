/**
 * The one place a failure becomes text a person reads: an identity refusal (Firebase's
 * `auth/*` codes), our API's `{"error": …}` message, or "the network is down". Every
 * machine that shows a failure asks here.
 */

export const NETWORK_DOWN = "We couldn't reach the server. Check your connection and try again."
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again."
export const SERVER_BUSY = "The server is busy. Wait a moment and try again."

const REFUSALS: Readonly<Record<string, string>> = {
  "auth/wrong-password": "Wrong email or password. Please try again.",
  "auth/invalid-credential": "Wrong email or password. Please try again.",
  "auth/invalid-login-credentials": "Wrong email or password. Please try again.",
  "auth/user-not-found": "Wrong email or password. Please try again.",
  "auth/invalid-email": "That email address doesn't look right. Please check it.",
  "auth/missing-email": "Please enter your email.",
  "auth/missing-password": "Please enter your password.",
  "auth/email-already-in-use": "That email is already in use. Try logging in instead.",
  "auth/weak-password": "Please choose a stronger password (at least 6 characters).",
  "auth/too-many-requests": "Too many attempts. Please wait a moment and try again.",
  "auth/user-disabled": "This account has been disabled.",
  "auth/popup-closed-by-user": "Google sign-in was cancelled.",
  "auth/cancelled-popup-request": "Google sign-in was cancelled.",
  "auth/popup-blocked": "Your browser blocked the Google sign-in window. Allow pop-ups and try again.",
  "auth/account-exists-with-different-credential":
    "An account already exists with this email. Log in with your password instead.",
  "auth/requires-recent-login":
    "For your security, please log out and log in again before changing your email or password."
}

const NETWORK_CODES = new Set(["auth/network-request-failed", "auth/timeout", "unavailable"])

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

const codeOf = (error: unknown): string | undefined => {
  const code = field(error, "code")
  return typeof code === "string" ? code : undefined
}

/** The human message of an expected refusal, or null when the error is not one. */
export const describeRefusal = (error: unknown): string | null => {
  const code = codeOf(error)
  return code !== undefined ? (REFUSALS[code] ?? null) : null
}

// API errors carry the server's {"error": "<message a person can act on>"} body.
const apiMessage = (error: unknown): string | undefined => {
  const message = field(error, "error")
  return typeof field(error, "_tag") === "string" && typeof message === "string" && message !== "" ? message : undefined
}

const looksLikeNetwork = (error: unknown): boolean => {
  const code = codeOf(error)
  if (code !== undefined && NETWORK_CODES.has(code)) return true
  if (field(error, "_tag") === "GatewayDefect" && field(error, "reason") === "network") return true
  // fetch rejects with a TypeError when the network is down
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message)
}

/** A message for any failure (onError), walking one level into `cause` wrappers. */
export const describeFailure = (error: unknown): string => {
  for (const candidate of [error, field(error, "cause")]) {
    if (candidate === undefined) continue
    const refusal = describeRefusal(candidate)
    if (refusal !== null) return refusal
    const fromApi = apiMessage(candidate)
    if (fromApi !== undefined) return fromApi
    if (looksLikeNetwork(candidate)) return NETWORK_DOWN
    // A 429, or a 503 while the database restarts: nothing was refused, try again later.
    if (field(candidate, "_tag") === "GatewayDefect" && field(candidate, "retryAfterMs") !== undefined)
      return SERVER_BUSY
  }
  return SOMETHING_WENT_WRONG
}
