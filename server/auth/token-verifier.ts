import { type App, getApps, initializeApp } from "firebase-admin/app"
import { getAuth } from "firebase-admin/auth"
import { isFirebaseUid } from "#domain/firebase-uid.ts"
import type { FirebaseUid } from "#domain/ids.ts"

export const FIREBASE_PROJECT_ID = "demo-strength-coach"

/** Who a verified Firebase ID token belongs to. */
export interface VerifiedToken {
  readonly uid: FirebaseUid
  readonly email: string | undefined
  /** the token's `email_verified` claim: Firebase vouches that this person reads that inbox */
  readonly emailVerified: boolean
  /** epoch ms after which the token is no longer accepted */
  readonly expiresAt: number
  /**
   * epoch ms of the sign-in this token's session began with (`auth_time`, whole seconds).
   * Firebase always sets it; a verifier that cannot tell leaves it out, and the session is
   * then never shown to be later than a cut-off (server/auth/session-cut-off.ts).
   */
  readonly authTime?: number
  /** how that sign-in was made (`firebase.sign_in_provider`): "password", "google.com"... */
  readonly signInProvider?: string
}

/** "refused": the account is disabled or deleted, or its sign-ins were revoked. */
export type TokenRejection = "expired" | "invalid" | "refused"

/** What Firebase holds for a uid now (not what some token said). */
export interface FirebaseAccount {
  readonly email: string | undefined
  readonly emailVerified: boolean
  /** the sign-in methods linked to the account ("password", "google.com"...) */
  readonly providers: ReadonlyArray<string>
  /** epoch ms (whole seconds) before which Firebase revoked the account's sessions, if it ever did */
  readonly tokensValidAfter: number | undefined
}

/** Writes trust a good revocation check for this long (docs/decisions/012). */
export const FRESH_CHECK_MS = 60_000

export interface TokenVerifier {
  /** Resolves the token's identity, or the reason it is refused. Never throws. Cheap: for reads. */
  readonly verify: (token: string) => Promise<VerifiedToken | TokenRejection>
  /**
   * As verify, and also refuses a disabled, deleted or revoked account; a good answer for
   * a token is trusted for at most FRESH_CHECK_MS. For writes. Never throws.
   */
  readonly verifyFresh?: (token: string) => Promise<VerifiedToken | TokenRejection>
  /** Firebase's account for a uid now, undefined when there is none. Throws when Firebase cannot answer. */
  readonly account?: (uid: string) => Promise<FirebaseAccount | undefined>
}

const APP_NAME = "strength-coach-api"

function adminApp(projectId: string): App {
  const existing = getApps().find((app) => app.name === APP_NAME)
  // With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin checks tokens against the emulator.
  return existing ?? initializeApp({ projectId }, APP_NAME)
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code

const REFUSED_CODES = new Set(["auth/user-disabled", "auth/id-token-revoked", "auth/user-not-found"])

const rejectionOf = (error: unknown): TokenRejection => {
  const code = codeOf(error)
  if (code === "auth/id-token-expired") return "expired"
  return typeof code === "string" && REFUSED_CODES.has(code) ? "refused" : "invalid"
}

/**
 * Verifies Firebase ID tokens with firebase-admin and remembers good answers until the
 * token expires, so verification does not dominate a request. The cache holds no state
 * that matters: losing it only costs a re-verification. Writes also ask Firebase whether
 * the account is still enabled and not revoked, at most once a minute per token.
 */
export function makeFirebaseTokenVerifier(
  options: {
    readonly projectId?: string
    readonly maxCached?: number
    readonly now?: () => number
  } = {}
): TokenVerifier {
  const auth = getAuth(adminApp(options.projectId ?? process.env.GCLOUD_PROJECT ?? FIREBASE_PROJECT_ID))
  const maxCached = options.maxCached ?? 10_000
  const now = options.now ?? Date.now
  const cache = new Map<string, VerifiedToken>()
  /**
   * token -> epoch ms until which its last good revocation check is trusted. Per token, not
   * per uid: a session Firebase revoked (an older auth_time) must not ride on the good
   * answer another session of the same account got.
   */
  const freshUntil = new Map<string, number>()

  const bounded = <K, V>(map: Map<K, V>, key: K, value: V) => {
    if (map.size >= maxCached) {
      const oldest = map.keys().next()
      if (!oldest.done) map.delete(oldest.value)
    }
    map.set(key, value)
  }

  const verify = async (token: string): Promise<VerifiedToken | TokenRejection> => {
    const cached = cache.get(token)
    if (cached !== undefined) {
      if (cached.expiresAt > now()) return cached
      cache.delete(token)
      return "expired"
    }
    try {
      const decoded = await auth.verifyIdToken(token)
      // Firebase's uids always are; one that is not could name no account here.
      if (!isFirebaseUid(decoded.uid)) return "invalid"
      const verified: VerifiedToken = {
        uid: decoded.uid,
        email: decoded.email,
        emailVerified: decoded.email_verified === true,
        expiresAt: decoded.exp * 1000,
        authTime: decoded.auth_time * 1000,
        signInProvider: decoded.firebase.sign_in_provider
      }
      bounded(cache, token, verified)
      return verified
    } catch (error) {
      return rejectionOf(error)
    }
  }

  return {
    verify,
    async verifyFresh(token) {
      const verified = await verify(token)
      if (typeof verified === "string") return verified
      if ((freshUntil.get(token) ?? 0) > now()) return verified
      try {
        await auth.verifyIdToken(token, true)
      } catch (error) {
        freshUntil.delete(token)
        return rejectionOf(error)
      }
      // Only good answers are kept: a refusal must not outlive a fresh sign-in.
      freshUntil.delete(token)
      bounded(freshUntil, token, now() + FRESH_CHECK_MS)
      return verified
    },
    async account(uid) {
      try {
        const user = await auth.getUser(uid)
        const validAfter = user.tokensValidAfterTime === undefined ? Number.NaN : Date.parse(user.tokensValidAfterTime)
        return {
          email: user.email,
          emailVerified: user.emailVerified,
          providers: user.providerData.map((provider) => provider.providerId),
          tokensValidAfter: Number.isNaN(validAfter) ? undefined : validAfter
        }
      } catch (error) {
        if (codeOf(error) === "auth/user-not-found") return undefined
        throw error
      }
    }
  }
}
