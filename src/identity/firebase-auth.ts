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
  displayName: user.displayName
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

export async function signUpWithEmail(email: string, password: string): Promise<IdentityUser> {
  const credential = await createUserWithEmailAndPassword(getAuth(), email, password)
  return toIdentityUser(credential.user)
}

// Popup or redirect is the session machine's choice (its useRedirect input, SPEC section 4):
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

export async function updateEmail(newEmail: string): Promise<void> {
  await firebaseUpdateEmail(currentUserOrFail(), newEmail)
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
