import { fromCallback, fromPromise } from "xstate"
import { toFirebaseUid } from "#domain/firebase-uid.ts"
import type { FirebaseUid } from "#domain/ids.ts"
import type { SignupPayload, UserRecord } from "#domain/user.ts"
import { describeRefusal } from "../failure-text.ts"
import type { AuthIdentity, Credentials, Outcome, TokenVerification, Unsent } from "./session.types.ts"

/** The identity service's own answer (src/identity's IdentityUser fits). */
export interface IdentityUserLike {
  readonly uid: string
  readonly email: string | null
  /** Unknown counts as verified: the notice is only shown when the service says otherwise. */
  readonly emailVerified?: boolean
}

/** A uid that is not a valid FirebaseUid throws here: a defect, routed to onError. */
export const toAuthIdentity = (user: IdentityUserLike): AuthIdentity => ({
  uid: toFirebaseUid(user.uid),
  email: user.email ?? "",
  emailVerified: user.emailVerified ?? true
})

/**
 * What the session needs from the identity service (src/identity implements it;
 * both Google methods can call its signInWithGoogle, which picks by the same user agent test).
 * Methods reject with the service's error (an object with a `code`, e.g.
 * "auth/wrong-password"); the actors below turn known refusals into data.
 */
export interface IdentityPort {
  signInWithEmail(email: string, password: string): Promise<IdentityUserLike>
  signUpWithEmail(email: string, password: string): Promise<IdentityUserLike>
  signInWithGooglePopup(): Promise<IdentityUserLike>
  /** Navigates away to Google; resolves only if the browser has not left yet. */
  startGoogleRedirect(): Promise<void>
  /** The identity a Google redirect brought back, or null when this load is not one. */
  getGoogleRedirectResult(): Promise<IdentityUserLike | null>
  sendPasswordReset(email: string): Promise<void>
  updateEmail(email: string): Promise<void>
  updatePassword(password: string): Promise<void>
  signOut(): Promise<void>
  /** Calls the listener with the current identity once known and on every change; returns unsubscribe. */
  onAuthChange(listener: (identity: IdentityUserLike | null) => void): () => void
  /**
   * Calls the listener once the identity service says the signed-in email is verified
   * (the person opened the link, here or anywhere); returns unsubscribe. The ID token may
   * still say otherwise: refreshVerifiedToken brings it in line.
   */
  onEmailVerified?(listener: () => void): () => void
  /**
   * When the service says the email is verified but the signed-in person's ID token does
   * not, fetches a new token; answers what the token our server will read now says.
   */
  refreshVerifiedToken?(): Promise<TokenVerification>
}

/** What the session needs from our API (src/gateway implements it). */
export interface AccountsPort {
  /** GET /api/user/check: the first record of the answer, or null when the server has no such user. */
  checkUser(query: { readonly email: string; readonly firebaseId: FirebaseUid }): Promise<UserRecord | null>
  /** POST /api/signup/{firebaseId}, answering the stored record (check it again if the call answers nothing). */
  signup(payload: SignupPayload): Promise<UserRecord>
}

// SPEC only logged these failures; the machine shows them as well.
const logged = (error: unknown): never => {
  console.error("session:", error)
  throw error
}

const refusalsAsData = async <T>(attempt: () => Promise<T>): Promise<Outcome<T>> => {
  try {
    return { ok: true, value: await attempt() }
  } catch (error) {
    console.error("session:", error)
    const message = describeRefusal(error)
    if (message === null) throw error
    return { ok: false, message }
  }
}

const completed = async (call: Promise<void>): Promise<undefined> => {
  await call
  return undefined
}

/**
 * Where the session sends the person (entry and transition actions of its chart). The app
 * binds it to the router (src/services.ts, src/router.tsx); tests record the calls.
 */
export interface SessionNavigation {
  /** A saved profile goes to / (docs/product.md); the guard there moves the person on. */
  showHome(): void
}

/** What signing out leaves on this device (docs/decisions/027); src/device/device-erase.ts implements it. */
export interface DevicePort {
  /** How many logged sets and chat messages have not reached the server yet. */
  countUnsent(): Promise<Unsent>
  /** Erases everything personal the app keeps in the browser. */
  erase(): Promise<void>
}

/** Everything the session needs from outside. */
export interface SessionPorts {
  readonly identity: IdentityPort
  readonly accounts: AccountsPort
  readonly navigation: SessionNavigation
  /** Without it (tests), nothing is counted or erased. */
  readonly device?: DevicePort
  /** Calls back when the browser is back online; returns the unsubscribe. */
  readonly onBackOnline?: (listener: () => void) => () => void
}

/**
 * The session's actors and actions over its ports, for `sessionMachine.provide(...)`: the
 * one place identity and server calls become actors. A sign-out needs no navigation of
 * its own: the router re-runs its guards when access changes (src/router.tsx), and the
 * area guard sends the person to a plain /login (docs/decisions/006).
 */
export function sessionImplementations({ identity, accounts, navigation, device, onBackOnline }: SessionPorts) {
  return {
    actors: {
      listenToAuth: fromCallback<{ type: "auth.changed"; identity: AuthIdentity | null }>(({ sendBack }) =>
        identity.onAuthChange((current) =>
          sendBack({ type: "auth.changed", identity: current === null ? null : toAuthIdentity(current) })
        )
      ),
      watchEmailVerified: fromCallback<{ type: "email.verified" }>(
        ({ sendBack }) =>
          // A service that cannot tell never reports it; the next sign-in's check links instead.
          identity.onEmailVerified?.(() => sendBack({ type: "email.verified" })) ?? (() => undefined)
      ),
      // A service that cannot refresh leaves the token as it is: what the session already believes.
      refreshToken: fromPromise<TokenVerification, { emailVerified: boolean }>(
        async ({ input }) =>
          (await identity.refreshVerifiedToken?.().catch(logged)) ?? { verified: input.emailVerified, refreshed: false }
      ),
      readRedirectResult: fromPromise(() =>
        refusalsAsData(async () => {
          const user = await identity.getGoogleRedirectResult()
          return user === null ? null : toAuthIdentity(user)
        })
      ),
      signInWithEmail: fromPromise<Outcome<AuthIdentity>, Credentials>(({ input }) =>
        refusalsAsData(async () => toAuthIdentity(await identity.signInWithEmail(input.email, input.password)))
      ),
      signInWithGooglePopup: fromPromise(() =>
        refusalsAsData(async () => toAuthIdentity(await identity.signInWithGooglePopup()))
      ),
      startGoogleRedirect: fromPromise(() => refusalsAsData(() => completed(identity.startGoogleRedirect()))),
      createAccount: fromPromise<Outcome<AuthIdentity>, Credentials>(({ input }) =>
        refusalsAsData(async () => toAuthIdentity(await identity.signUpWithEmail(input.email, input.password)))
      ),
      checkUser: fromPromise<UserRecord | null, { email: string; firebaseId: FirebaseUid }>(({ input }) =>
        accounts.checkUser(input).catch(logged)
      ),
      registerUser: fromPromise<UserRecord, SignupPayload>(({ input }) => accounts.signup(input).catch(logged)),
      sendPasswordReset: fromPromise<undefined, { email: string }>(async ({ input }) => {
        await identity.sendPasswordReset(input.email).catch(logged)
        return undefined
      }),
      updateEmail: fromPromise<Outcome<undefined>, { email: string }>(({ input }) =>
        refusalsAsData(() => completed(identity.updateEmail(input.email)))
      ),
      updatePassword: fromPromise<Outcome<undefined>, { password: string }>(({ input }) =>
        refusalsAsData(() => completed(identity.updatePassword(input.password)))
      ),
      signOut: fromPromise(() => completed(identity.signOut().catch(logged))),
      countUnsent: fromPromise(async (): Promise<Unsent> =>
        device === undefined ? { sets: 0, messages: 0 } : device.countUnsent().catch(logged)
      ),
      eraseDevice: fromPromise(async () =>
        device === undefined ? undefined : completed(device.erase().catch(logged))
      ),
      waitForNetwork: fromCallback<{ type: "network.online" }>(
        ({ sendBack }) => onBackOnline?.(() => sendBack({ type: "network.online" })) ?? (() => undefined)
      )
    },
    actions: {
      showHome: () => navigation.showHome()
    }
  }
}

export type SessionImplementations = ReturnType<typeof sessionImplementations>
