import { normalizeEmail } from "../users/repository.ts"
import type { FirebaseAccount, TokenVerifier } from "./token-verifier.ts"

/** How long Firebase's word on a uid's email stands before user/check asks again (ADR 035). */
export const EMAIL_CONFIRMATION_MS = 30_000

/** Firebase's account as it answered during this call; undefined when it was not asked. */
export type AskedNow = { readonly account: FirebaseAccount | undefined } | undefined

export interface EmailConfirmation {
  /** Firebase holds this email for the uid, verified */
  readonly verified: boolean
  readonly asked: AskedNow
}

export const holdsVerified = (account: FirebaseAccount | undefined, email: string): boolean =>
  account?.emailVerified === true &&
  account.email !== undefined &&
  normalizeEmail(account.email) === normalizeEmail(email)

/**
 * Asks Firebase whether a uid's email is verified when its token says not (a token minted
 * before the verification link was followed says so for up to an hour), at most once per
 * EMAIL_CONFIRMATION_MS per uid: within the window the last answer stands. In memory, per
 * instance, like the write path's revocation checks: it only bounds what one person's
 * calls cost in Admin SDK round trips, so losing it, or each instance keeping its own,
 * costs a round trip more and nothing else. Throws when Firebase cannot answer.
 */
export function makeEmailConfirmations(
  lookUp: NonNullable<TokenVerifier["account"]>,
  options: { readonly now?: () => number; readonly maxCached?: number } = {}
): (uid: string, email: string) => Promise<EmailConfirmation> {
  const now = options.now ?? Date.now
  const maxCached = options.maxCached ?? 10_000
  const answers = new Map<string, { readonly until: number; readonly account: FirebaseAccount | undefined }>()
  return async (uid, email) => {
    const last = answers.get(uid)
    if (last !== undefined && last.until > now())
      return { verified: holdsVerified(last.account, email), asked: undefined }
    const account = await lookUp(uid)
    answers.delete(uid)
    if (answers.size >= maxCached) {
      const oldest = answers.keys().next()
      if (!oldest.done) answers.delete(oldest.value)
    }
    answers.set(uid, { until: now() + EMAIL_CONFIRMATION_MS, account })
    return { verified: holdsVerified(account, email), asked: { account } }
  }
}
