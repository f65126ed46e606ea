import { initializeApp } from "firebase/app"
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getRedirectResult,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut as firebaseSignOut,
  updateEmail as firebaseUpdateEmail,
  updatePassword as firebaseUpdatePassword,
  type Auth,
  type User
} from "firebase/auth"
import { firebaseConfigFromEnv } from "./firebase-config.ts"

/**
 * The Firebase Auth adapter: the only module that talks to Firebase in the browser.
 * It hands out plain data (never Firebase's User) so machines and tests need no SDK.
 * Firebase is initialised on first use, so importing this module costs nothing.
 */

/** What the app needs to know about the signed-in identity. */
export interface IdentityUser {
  readonly uid: string
  readonly email: string | null
  readonly displayName: string | null
  /** Firebase vouches for the inbox: Google accounts arrive verified, email sign-ups click a link. */
  readonly emailVerified: boolean
}

let auth: Auth | undefined

function getAuth(): Auth {
  if (auth !== undefined) return auth
  const config = firebaseConfigFromEnv(import.meta.env)
  const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId })
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver
  })
  if (config.emulatorUrl !== null) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })
  return auth
}

const toIdentityUser = (user: User): IdentityUser => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
  emailVerified: user.emailVerified
})

function currentUserOrFail(): User {
  const user = getAuth().currentUser
  if (user === null) throw new Error("No one is signed in")
  return user
}

export async function signInWithEmail(email: string, password: string): Promise<IdentityUser> {
  const credential = await signInWithEmailAndPassword(getAuth(), email, password)
  return toIdentityUser(credential.user)
}

/** Sends Firebase's verification email; the account works without it, so a failure is only logged. */
async function askToVerify(user: User): Promise<void> {
  await sendEmailVerification(user).catch((error: unknown) => console.error("identity: verification email", error))
}

/** Creates the account and sends Firebase's verification email to it. */
export async function signUpWithEmail(email: string, password: string): Promise<IdentityUser> {
  const credential = await createUserWithEmailAndPassword(getAuth(), email, password)
  await askToVerify(credential.user)
  return toIdentityUser(credential.user)
}

// Popup or redirect is the session machine's choice (its useRedirect input, docs/product.md):
// the adapter offers both and decides nothing.

/** Google sign-in in a popup window; rejects with Firebase's error if it is closed or blocked. */
export async function signInWithGooglePopup(): Promise<IdentityUser> {
  const credential = await signInWithPopup(getAuth(), new GoogleAuthProvider())
  return toIdentityUser(credential.user)
}

/**
 * Sends the browser to Google; the person comes back on a fresh page load, where
 * getGoogleRedirectResult hands over who signed in. Resolves only if the page has not left yet.
 */
export async function startGoogleRedirect(): Promise<void> {
  await signInWithRedirect(getAuth(), new GoogleAuthProvider())
}

/** The user coming back from a Google redirect sign-in, or null when there was none. */
export async function getGoogleRedirectResult(): Promise<IdentityUser | null> {
  const credential = await getRedirectResult(getAuth())
  return credential === null ? null : toIdentityUser(credential.user)
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(getAuth(), email)
}

/** Changes the email, then sends the verification link: our server stores it once verified. */
export async function updateEmail(newEmail: string): Promise<void> {
  const user = currentUserOrFail()
  await firebaseUpdateEmail(user, newEmail)
  await askToVerify(user)
}

/** How often an open, visible page asks Firebase whether the link has been opened. */
export const VERIFICATION_POLL_MS = 3000

/**
 * Calls back once Firebase says the signed-in person's email is verified. The link may
 * be opened in another tab or on a phone: the page asks Firebase again when it is shown
 * or focused, and every few seconds while it is visible. The ID token still says
 * otherwise then: refreshVerifiedToken brings it in line. Returns the unsubscribe.
 */
export function onEmailVerified(listener: () => void): () => void {
  // An object, not two lets: stop() may run while a look is awaiting Firebase.
  const watch = { stopped: false, checking: false }
  const stopped = () => watch.stopped
  const check = async () => {
    const user = getAuth().currentUser
    if (watch.stopped || watch.checking || user === null || document.visibilityState === "hidden") return
    watch.checking = true
    try {
      await user.reload()
      if (!user.emailVerified || stopped()) return
      stop()
      listener()
    } catch (error) {
      // Offline or throttled: the next look will tell.
      console.error("identity: checking email verification", error)
    } finally {
      watch.checking = false
    }
  }
  const look = () => void check()
  const timer = setInterval(look, VERIFICATION_POLL_MS)
  window.addEventListener("focus", look)
  document.addEventListener("visibilitychange", look)
  function stop() {
    watch.stopped = true
    clearInterval(timer)
    window.removeEventListener("focus", look)
    document.removeEventListener("visibilitychange", look)
  }
  return stop
}

/** What the ID token our server reads says about the email, once brought in line with Firebase. */
export interface TokenVerification {
  /** The token's `email_verified` claim: what our server will believe. */
  readonly verified: boolean
  /** A new token was fetched: Firebase verified the email after the old one was issued. */
  readonly refreshed: boolean
}

const claimsVerified = (claims: Record<string, unknown>) => claims["email_verified"] === true

/**
 * Brings the ID token in line with Firebase's own answer about the email. Our server
 * reads only the token's `email_verified` claim, and a token issued before the link was
 * opened keeps saying false for up to an hour; Firebase's user says true as soon as it
 * is reloaded (every page load does). So when the user is verified and the token is
 * not, a new token is fetched; otherwise nothing leaves the device.
 */
export async function refreshVerifiedToken(): Promise<TokenVerification> {
  await getAuth().authStateReady()
  const user = currentUserOrFail()
  const current = await user.getIdTokenResult()
  if (claimsVerified(current.claims) || !user.emailVerified) {
    return { verified: claimsVerified(current.claims), refreshed: false }
  }
  const fresh = await user.getIdTokenResult(true)
  return { verified: claimsVerified(fresh.claims), refreshed: true }
}

export async function updatePassword(newPassword: string): Promise<void> {
  await firebaseUpdatePassword(currentUserOrFail(), newPassword)
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(getAuth())
}

/** Calls back with the identity now, and on every sign-in or sign-out; returns the unsubscribe. */
export function onAuthChange(callback: (user: IdentityUser | null) => void): () => void {
  return onAuthStateChanged(getAuth(), (user) => {
    callback(user === null ? null : toIdentityUser(user))
  })
}

/** A fresh-enough ID token for the API's Authorization header; null when signed out. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  // Right after a page load the persisted session is still being restored.
  await getAuth().authStateReady()
  const user = getAuth().currentUser
  return user === null ? null : user.getIdToken(forceRefresh)
}

/** The Firebase error code ("auth/wrong-password", ...) of a failed call, if it has one. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null
  return typeof error.code === "string" ? error.code : null
}
