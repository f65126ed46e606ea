import type { FirebaseAccount } from "./token-verifier.ts"

/** The sign-in method of an email and password, the one an unverified sign-up uses. */
export const PASSWORD_PROVIDER = "password"

/** What a token says about the session it belongs to. */
export interface Session {
  /** epoch ms of the sign-in the session began with (`auth_time`) */
  readonly authTime: number | undefined
  readonly signInProvider: string | undefined
}

/**
 * The session began before the record's cut-off (`users.sessions_valid_after`,
 * docs/decisions/035-provisional-accounts.md): it is someone's who held this uid before the
 * address's verified owner made the record, so it is refused on every call.
 *
 * Firebase counts in whole seconds, and a password session of the cut-off's own second is
 * refused too: the cut-off is only set on a record whose account had no password by then,
 * so such a session began under the password Firebase dropped. (The Auth emulator, unlike
 * Firebase, still refreshes that password session, stamping the account's latest sign-in
 * as its auth_time.)
 */
export function isCutOff(validAfter: Date | null, session: Session): boolean {
  if (validAfter === null) return false
  if (session.authTime === undefined) return true
  const cutOff = validAfter.getTime()
  if (session.authTime < cutOff) return true
  return session.signInProvider === PASSWORD_PROVIDER && session.authTime <= cutOff
}

/**
 * What Firebase says now about a session that is about to make a record: refused when its
 * sign-in was revoked (auth_time before tokensValidAfterTime), when the account is gone,
 * or when it is a password session of an account that no longer has a password (a
 * squatter's, after the address's owner came in through Google).
 */
export function isRevokedBy(account: FirebaseAccount | undefined, session: Session): boolean {
  if (account === undefined) return true
  if (account.tokensValidAfter !== undefined && (session.authTime ?? 0) < account.tokensValidAfter) return true
  return session.signInProvider === PASSWORD_PROVIDER && !account.providers.includes(PASSWORD_PROVIDER)
}

/**
 * The cut-off a new record keeps: Firebase's tokensValidAfterTime, when the account has no
 * password (anyone who signed in with one before is not this person). An account with a
 * password made the record through it, and needs none.
 */
export function cutOffFor(account: FirebaseAccount): Date | null {
  if (account.providers.includes(PASSWORD_PROVIDER) || account.tokensValidAfter === undefined) return null
  return new Date(account.tokensValidAfter)
}
