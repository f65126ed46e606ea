import { type App, getApps, initializeApp } from "firebase-admin/app"
import { getAuth } from "firebase-admin/auth"

export const FIREBASE_PROJECT_ID = "demo-strength-coach"

/** Who a verified Firebase ID token belongs to. */
export interface VerifiedToken {
  readonly uid: string
  readonly email: string | undefined
  /** epoch ms after which the token is no longer accepted */
  readonly expiresAt: number
}

export type TokenRejection = "expired" | "invalid"

export interface TokenVerifier {
  /** Resolves the token's identity, or the reason it is refused. Never throws. */
  readonly verify: (token: string) => Promise<VerifiedToken | TokenRejection>
}

const APP_NAME = "strength-coach-api"

function adminApp(projectId: string): App {
  const existing = getApps().find((app) => app.name === APP_NAME)
  // With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin checks tokens against the emulator.
  return existing ?? initializeApp({ projectId }, APP_NAME)
}

/**
 * Verifies Firebase ID tokens with firebase-admin and remembers good answers until the
 * token expires, so verification does not dominate a request. The cache holds no state
 * that matters: losing it only costs a re-verification.
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

  const remember = (token: string, verified: VerifiedToken) => {
    if (cache.size >= maxCached) {
      const oldest = cache.keys().next()
      if (!oldest.done) cache.delete(oldest.value)
    }
    cache.set(token, verified)
  }

  return {
    async verify(token) {
      const cached = cache.get(token)
      if (cached !== undefined) {
        if (cached.expiresAt > now()) return cached
        cache.delete(token)
        return "expired"
      }
      try {
        const decoded = await auth.verifyIdToken(token)
        const verified: VerifiedToken = { uid: decoded.uid, email: decoded.email, expiresAt: decoded.exp * 1000 }
        remember(token, verified)
        return verified
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code
        return code === "auth/id-token-expired" ? "expired" : "invalid"
      }
    }
  }
}
