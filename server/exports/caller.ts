import { NO_ACCOUNT } from "../account.ts"
import { MISSING, TOKEN_REFUSALS } from "../auth/authentication.ts"
import { isCutOff } from "../auth/session-cut-off.ts"
import type { TokenVerifier } from "../auth/token-verifier.ts"
import type { Db } from "../db/client.ts"
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE_TEXT } from "../db/unavailable.ts"
import { bearerToken } from "../rate-limit.ts"
import { findAccountByFirebaseId, type UserRow } from "../users/repository.ts"

/*
 * Who calls a streamed route beside the contract (server/exports), checked as the
 * contract's middleware checks every call (server/auth/authentication.ts) and as the live
 * event stream does (server/live/streams.ts): the bearer token, the session cut-off, the
 * account. Refusals are the contract's `{"error": ...}` bodies.
 */

export const refusal = (status: number, error: string, headers: Record<string, string> = {}): Response =>
  Response.json({ error }, { status, headers })

/** The caller's account, or the refusal to answer instead. */
export async function callerOf(request: Request, db: Db, tokens: TokenVerifier): Promise<UserRow | Response> {
  const token = bearerToken(request.headers.get("authorization") ?? undefined)
  if (token === undefined) return refusal(401, MISSING)
  const verified = await tokens.verify(token)
  if (typeof verified === "string") return refusal(401, TOKEN_REFUSALS[verified])
  try {
    const account = await findAccountByFirebaseId(db, verified.uid)
    if (account === undefined) return refusal(403, NO_ACCOUNT)
    if (isCutOff(account.sessionsValidAfter, { authTime: verified.authTime, signInProvider: verified.signInProvider }))
      return refusal(401, TOKEN_REFUSALS.refused)
    return account.user
  } catch (error) {
    if (isDatabaseUnavailable(error))
      return refusal(503, UNAVAILABLE_MESSAGE_TEXT, { "retry-after": String(RETRY_AFTER_SECONDS) })
    throw error
  }
}
