import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { isLoggedIn, userTypePath } from "#domain/session-user.ts"
import type { SessionUser, UserRecord, UserType } from "#domain/user.ts"
import type { SessionMachine } from "./session.machine.ts"
import { NETWORK_DOWN } from "../failure-text.ts"
import {
  CHECKING_VERIFICATION,
  COACH_SEES_YOU_ONCE_CONFIRMED,
  COACH_SEES_YOU_ONCE_VERIFIED,
  RESET_FAILED,
  RESET_SENT,
  unsentQuestion,
  verifyEmailNotice
} from "./session.messages.ts"
import type { MessageScope, SessionMessage } from "./session.types.ts"

export type SessionSnapshot = SnapshotFrom<SessionMachine>
export type SessionActorRef = ActorRefFrom<SessionMachine>

const messageFor = (snapshot: SessionSnapshot, ...scopes: readonly MessageScope[]): string | null => {
  const message = snapshot.context.message
  return message !== null && scopes.includes(message.scope) ? message.text : null
}

// Whether a button may be pressed is whether the machine takes its event now
// (docs/architecture.md); the payload is a placeholder, every event has an unguarded branch.
const canLogIn = (snapshot: SessionSnapshot) => snapshot.can({ type: "login.submit", email: "", password: "" })
const canStartGoogle = (snapshot: SessionSnapshot) => snapshot.can({ type: "google.start" })
const canLogOut = (snapshot: SessionSnapshot) => snapshot.can({ type: "logout.request" })

const signingInWithGoogle = (snapshot: SessionSnapshot) =>
  snapshot.matches({ signingIn: "withGooglePopup" }) || snapshot.matches({ signingIn: "withGoogleRedirect" })

/** Auth is still being worked out: nothing may be rendered as signed in or out yet. */
export const selectIsLoading = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches("loading") || snapshot.matches("checkingUser")

export const selectUser = (snapshot: SessionSnapshot): SessionUser => snapshot.context.user

/**
 * Still working out who is here: loading, or signing out after the person said so (the
 * sign-in and what the device kept are being removed). The guards and the router wait it
 * out, so /login never shows while a reload could still find them signed in.
 */
export const selectIsSettling = (snapshot: SessionSnapshot): boolean =>
  selectIsLoading(snapshot) || snapshot.matches("loggingOut") || snapshot.matches("erasing")

/** Signed in, or resuming as the person this device remembers while that is confirmed. */
export const selectIsLoggedIn = (snapshot: SessionSnapshot): boolean =>
  (snapshot.matches("signedIn") || snapshot.matches("resuming") || snapshot.matches("leaving")) &&
  isLoggedIn(snapshot.context.user)

export const selectUserType = (snapshot: SessionSnapshot): UserType | null =>
  selectIsLoggedIn(snapshot) ? snapshot.context.user.user_type : null

export const dashboardPath = (userType: UserType): string => `/${userTypePath(userType)}/dashboard`

/**
 * Where a public page (login, signup, forgot-password) must send this person,
 * or null to stay: /{user_type}/dashboard once logged in, /signup while signup
 * needs completing (docs/product.md).
 */
export const selectRedirectTarget = (snapshot: SessionSnapshot): string | null => {
  const userType = selectUserType(snapshot)
  if (userType !== null) return dashboardPath(userType)
  return snapshot.matches("needsSignup") ? "/signup" : null
}

/** What a guarded route needs to decide: wait, let in, or send away. */
export type Access =
  | { readonly status: "loading" }
  | { readonly status: "signedIn"; readonly userType: UserType }
  | { readonly status: "needsSignup" }
  | { readonly status: "signedOut" }

export const selectAccess = (snapshot: SessionSnapshot): Access => {
  if (selectIsLoading(snapshot)) return { status: "loading" }
  const userType = selectUserType(snapshot)
  if (userType !== null) return { status: "signedIn", userType }
  if (snapshot.matches("needsSignup") || snapshot.matches("registering")) return { status: "needsSignup" }
  return { status: "signedOut" }
}

export interface SessionStatusView {
  readonly loading: boolean
  /** Signed in with the identity service, but our server did not confirm it: why, as it happened. */
  readonly unreachable: string | null
  /**
   * It refused the session itself (401): trying again would be refused too, so the way on is
   * to sign in again (the same flow as Log Out), not 'Try again'.
   */
  readonly signInAgain: boolean
  readonly canRetry: boolean
  readonly canLogOut: boolean
}

// Entered without a reason only by a story or an older snapshot: the network is the likeliest.
const unconfirmedBecause = (message: SessionMessage | null): string =>
  message?.scope === "session" ? message.text : NETWORK_DOWN

export const selectSessionStatus = (snapshot: SessionSnapshot): SessionStatusView => {
  const unconfirmed = snapshot.matches("serverUnreachable")
  const { message } = snapshot.context
  return {
    loading: selectIsLoading(snapshot),
    unreachable: unconfirmed ? unconfirmedBecause(message) : null,
    signInAgain: unconfirmed && message?.scope === "session" && message.refused === true,
    canRetry: snapshot.can({ type: "session.retry" }),
    canLogOut: canLogOut(snapshot)
  }
}

export interface LoginView {
  /** A sign-in is in flight, or auth is still loading (aria-busy). */
  readonly busy: boolean
  readonly emailBusy: boolean
  readonly googleBusy: boolean
  readonly canLogIn: boolean
  readonly canUseGoogle: boolean
  readonly error: string | null
}

export const selectLoginView = (snapshot: SessionSnapshot): LoginView => {
  const emailBusy = snapshot.matches({ signingIn: "withEmail" })
  const googleBusy = signingInWithGoogle(snapshot)
  return {
    busy: emailBusy || googleBusy || selectIsLoading(snapshot),
    emailBusy,
    googleBusy,
    canLogIn: canLogIn(snapshot),
    canUseGoogle: canStartGoogle(snapshot),
    error: messageFor(snapshot, "login", "google")
  }
}

export interface SignupView {
  /** "completion": a Google (or half-finished) sign-up that only needs name and type. */
  readonly mode: "full" | "completion"
  readonly busy: boolean
  readonly googleBusy: boolean
  /** 'Sign Up' or 'Finish Sign Up', whichever the mode shows. */
  readonly canSubmit: boolean
  readonly canUseGoogle: boolean
  /** 'Use a different account' on the completion form. */
  readonly canLogOut: boolean
  readonly error: string | null
  readonly email: string
  readonly name: string
  readonly userType: UserType
}

export const selectSignupView = (snapshot: SessionSnapshot): SignupView => {
  const { user, pendingSignup } = snapshot.context
  const registering = snapshot.matches("registering")
  const completion = snapshot.matches("needsSignup") || (registering && user.signInMethod !== "email")
  const googleBusy = signingInWithGoogle(snapshot)
  return {
    mode: completion ? "completion" : "full",
    busy: registering || googleBusy || snapshot.matches("creatingAccount") || selectIsLoading(snapshot),
    googleBusy,
    canSubmit: completion
      ? snapshot.can({ type: "signup.complete", name: "", userType: "Client" })
      : snapshot.can({
          type: "signup.submit",
          name: "",
          email: "",
          password: "",
          confirmation: "",
          userType: "Client"
        }),
    canUseGoogle: canStartGoogle(snapshot),
    canLogOut: canLogOut(snapshot),
    error: completion ? messageFor(snapshot, "completion") : messageFor(snapshot, "signup", "google"),
    email: user.email ?? "",
    name: pendingSignup?.name ?? "",
    userType: pendingSignup?.userType ?? "Client"
  }
}

export interface ForgotPasswordView {
  readonly busy: boolean
  readonly success: string | null
  readonly error: string | null
}

export const selectForgotPasswordView = (snapshot: SessionSnapshot): ForgotPasswordView => ({
  busy: snapshot.matches({ signedOut: "resettingPassword" }),
  success: snapshot.matches({ signedOut: "resetSent" }) ? RESET_SENT : null,
  error: snapshot.matches({ signedOut: "resetFailed" }) ? RESET_FAILED : null
})

export interface ProfileView {
  readonly email: string
  /** A change is in flight, or the sign-in is still being confirmed ('Updating…'). */
  readonly busy: boolean
  /** The machine takes a change now: only when signed in and nothing is in flight. */
  readonly canUpdate: boolean
  readonly error: string | null
  /**
   * The update went through. The machine shows home (docs/product.md) and is ready again at
   * once, so this is only ever seen where a snapshot is seeded in that state (a story).
   */
  readonly saved: boolean
  readonly dashboardPath: string
}

export const selectProfileView = (snapshot: SessionSnapshot): ProfileView => {
  const userType = selectUserType(snapshot)
  return {
    email: snapshot.context.user.email ?? "",
    // Resuming, the identity service may not have restored the sign-in a change needs.
    busy:
      snapshot.matches({ signedIn: "updatingEmail" }) ||
      snapshot.matches({ signedIn: "updatingPassword" }) ||
      snapshot.matches("resuming"),
    canUpdate: snapshot.can({ type: "profile.update", email: "", password: "", confirmation: "" }),
    error: messageFor(snapshot, "profile"),
    saved: snapshot.matches({ signedIn: "profileSaved" }),
    dashboardPath: userType !== null ? dashboardPath(userType) : "/"
  }
}

/**
 * What this device should remember about who is signed in, for the next visit to resume
 * as (src/identity/remembered-user.ts): the confirmed record; null to forget it once
 * nobody, or nobody with a complete record, is signed in; undefined to leave it as it is.
 */
export const selectUserToRemember = (snapshot: SessionSnapshot): UserRecord | null | undefined => {
  const { user } = snapshot.context
  if (snapshot.matches("signedIn")) return isLoggedIn(user) ? recordOf(user) : null
  if (snapshot.matches("signedOut") || snapshot.matches("needsSignup")) return null
  return undefined
}

const recordOf = (user: UserRecord): UserRecord => ({
  id: user.id,
  name: user.name,
  email: user.email,
  firebase_id: user.firebase_id,
  user_type: user.user_type
})

export interface LogoutView {
  readonly busy: boolean
  readonly canLogOut: boolean
  readonly error: string | null
  /** Logged sets have not reached the coach: what signing out would erase, asked first. */
  readonly question: string | null
}

export const selectLogoutView = (snapshot: SessionSnapshot): LogoutView => ({
  busy:
    snapshot.matches("loggingOut") || snapshot.matches("erasing") || snapshot.matches({ leaving: "countingUnsent" }),
  canLogOut: canLogOut(snapshot),
  error: snapshot.context.logoutError,
  question: snapshot.matches({ leaving: "confirming" })
    ? unsentQuestion(snapshot.context.unsentSets, snapshot.context.unsentMessages)
    : null
})

export interface VerificationNotice {
  /** 'We sent a verification link to …', or 'Checking your verification…' once the link was opened. */
  readonly text: string
  /** For a client: when the coach will see them; null for a coach. */
  readonly coachNote: string | null
  /** The link was opened: the app is asking our server to link them now. */
  readonly checking: boolean
}

/**
 * Shown on every signed-in page (and a returning person's, while resuming) until our
 * server has answered a user/check made with a token that says the email is verified
 * (docs/decisions/012, 037). It follows the server, not Firebase's local user: while the
 * coach may still see 'Invitation pending', the client is told the app is checking.
 */
export const selectVerificationNotice = (snapshot: SessionSnapshot): VerificationNotice | null => {
  if (!snapshot.matches("signedIn") && !snapshot.matches("resuming")) return null
  const { user, emailVerified, verificationUnconfirmed } = snapshot.context
  const client = user.user_type === "Client"
  if (verificationUnconfirmed) {
    return { text: CHECKING_VERIFICATION, coachNote: client ? COACH_SEES_YOU_ONCE_CONFIRMED : null, checking: true }
  }
  if (emailVerified) return null
  return {
    text: verifyEmailNotice(user.email ?? "your email"),
    coachNote: client ? COACH_SEES_YOU_ONCE_VERIFIED : null,
    checking: false
  }
}

/** Calls `stop` once, when the session is no longer signed in (a tab's outboxes end with the sign-in). */
export function onSignedOut(session: SessionActorRef, stop: () => void): void {
  const watching = session.subscribe((snapshot) => {
    if (selectIsLoggedIn(snapshot)) return
    watching.unsubscribe()
    stop()
  })
}
