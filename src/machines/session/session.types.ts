import { EMPTY_SESSION_USER, sessionUserFromRecord } from "#domain/session-user.ts"
import type { FirebaseUid } from "#domain/ids.ts"
import type { SessionUser, UserRecord, UserType } from "#domain/user.ts"

/** Who the identity service says is signed in, reduced to what the session needs. */
export interface AuthIdentity {
  readonly uid: FirebaseUid
  readonly email: string
  /** Firebase vouches for the inbox (Google accounts arrive verified; email sign-ups click a link). */
  readonly emailVerified: boolean
}

/**
 * What the ID token our server reads says about the email, once the identity service has
 * brought it in line with its own answer (docs/decisions/037).
 */
export interface TokenVerification {
  /** The token's `email_verified` claim: what our server will believe. */
  readonly verified: boolean
  /** A new token was fetched: the email was verified after the old one was issued. */
  readonly refreshed: boolean
}

/**
 * What an identity call answers: expected refusals (wrong password, email taken, popup
 * closed) are data the machine routes with guards; anything else is a rejection for onError.
 */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string }

export interface Credentials {
  readonly email: string
  readonly password: string
}

/** Which form a message belongs to, so a stale login error never shows on the profile page. */
/** Where a message shows: a form, or ("session") why our server did not confirm the sign-in. */
export type MessageScope = "login" | "signup" | "google" | "completion" | "profile" | "session"

export interface SessionMessage {
  readonly scope: MessageScope
  readonly text: string
  /**
   * The failure was our server refusing the session itself (401): read where the scope is
   * "session", where trying again would be refused too and signing in again is the way out.
   */
  readonly refused?: boolean
}

export interface SessionContext {
  readonly user: SessionUser
  readonly message: SessionMessage | null
  readonly logoutError: string | null
  /** Mobile browsers sign in with Google by redirect, others by popup (docs/product.md). */
  readonly useRedirect: boolean
  /** An auth change seen while the redirect result was still being read: undefined until one arrives. */
  readonly seenIdentity: AuthIdentity | null | undefined
  /** Name and type typed into a signup form, kept until the server stores them. */
  readonly pendingSignup: { readonly name: string; readonly userType: UserType } | null
  /** A profile change in flight; cleared as soon as it succeeds or fails. */
  readonly profileDraft: { readonly email: string; readonly password: string } | null
  /**
   * Whether the identity service has verified the signed-in email. Until it has, a
   * coach's invitation is not linked (docs/decisions/012) and the app says so.
   */
  readonly emailVerified: boolean
  /**
   * The email was verified after the ID token our server last saw was issued, and our
   * server has not answered a user/check made with a token that says so: until it has,
   * the coach may not see this person yet, so the app says it is checking
   * (docs/decisions/037).
   */
  readonly verificationUnconfirmed: boolean
  /** Logged sets the outbox still holds when 'Log Out' is pressed (-1: it could not be read). */
  readonly unsentSets: number
  /** Chat messages the chat outboxes still hold then (-1: they could not be read). */
  readonly unsentMessages: number
}

/** What signing out would erase that has not reached the server: logged sets, chat messages. */
export interface Unsent {
  readonly sets: number
  readonly messages: number
}

export interface SessionInput {
  readonly useRedirect: boolean
  /**
   * The record this device last saw confirmed (src/identity/remembered-user.ts): the
   * session starts in `resuming` as that person instead of waiting in `loading`.
   */
  readonly resumeAs?: UserRecord | null
}

/** How every session starts: nobody known yet, or the person this device remembers. */
export const initialSessionContext = (input: SessionInput = { useRedirect: false }): SessionContext => ({
  user: input.resumeAs == null ? EMPTY_SESSION_USER : sessionUserFromRecord(input.resumeAs, "refresh"),
  message: null,
  logoutError: null,
  useRedirect: input.useRedirect,
  seenIdentity: undefined,
  pendingSignup: null,
  profileDraft: null,
  emailVerified: true,
  verificationUnconfirmed: false,
  unsentSets: 0,
  unsentMessages: 0
})

export interface SignupFields {
  readonly name: string
  readonly email: string
  readonly password: string
  readonly confirmation: string
  readonly userType: UserType
}

export interface ProfileFields {
  readonly email: string
  readonly password: string
  readonly confirmation: string
}

export type SessionEvent =
  | { readonly type: "auth.changed"; readonly identity: AuthIdentity | null }
  | { readonly type: "login.submit"; readonly email: string; readonly password: string }
  | { readonly type: "google.start" }
  | ({ readonly type: "signup.submit" } & SignupFields)
  | { readonly type: "signup.complete"; readonly name: string; readonly userType: UserType }
  | { readonly type: "password.reset"; readonly email: string }
  | ({ readonly type: "profile.update" } & ProfileFields)
  | { readonly type: "logout.request" }
  /** 'Sign out anyway': logged sets not yet sent are erased with the rest. */
  | { readonly type: "logout.confirm" }
  /** 'Stay signed in'. */
  | { readonly type: "logout.cancel" }
  /** The browser is back online (the session's own waitForNetwork says so). */
  | { readonly type: "network.online" }
  | { readonly type: "session.retry" }
  /** Our server refused a call even with a fresh token (the gateway's retry): the session is over. */
  | { readonly type: "session.refused"; readonly error: unknown }
  /** The identity service saw the email verified; the ID token may not say so yet. */
  | { readonly type: "email.verified" }
