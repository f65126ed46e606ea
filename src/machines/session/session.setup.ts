import { assign, setup } from "xstate"
import {
  EMPTY_SESSION_USER,
  isLoggedIn,
  sessionUserFromRecord,
  sessionUserNeedingSignup
} from "#domain/session-user.ts"
import type { SignInMethod, UserRecord, UserType } from "#domain/user.ts"
import {
  createSessionActors,
  unconnectedAccounts,
  unconnectedIdentity,
  type AuthIdentity,
  type Outcome
} from "./session.actors.ts"
import { describeFailure } from "../failure-text.ts"
import { LOGOUT_FAILED } from "./session.messages.ts"
import { never } from "./session.transitions.ts"
import type { MessageScope, SessionContext, SessionEvent, SessionInput, SignupFields } from "./session.types.ts"

type Identity = { readonly identity: AuthIdentity | null | undefined }
const blank = (text: string) => text.trim() === ""

export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput
  },
  actors: createSessionActors(unconnectedIdentity, unconnectedAccounts),
  guards: {
    hasIdentity: (_, { identity }: Identity) => identity != null,
    isSignOut: (_, { identity }: Identity) => identity === null,
    isAnotherIdentity: ({ context }, { identity }: Identity) =>
      identity != null && identity.uid !== context.user.firebase_id,
    seenSignedIn: ({ context }) => context.seenIdentity != null,
    remembersUser: ({ context }) => isLoggedIn(context.user),
    seenSignedOut: ({ context }) => context.seenIdentity === null,
    isRefusal: (_, { outcome }: { outcome: Outcome<unknown> }) => !outcome.ok,
    prefersRedirect: ({ context }) => context.useRedirect,
    signupIncomplete: (_, fields: SignupFields) =>
      [fields.name, fields.email, fields.password, fields.confirmation].some(blank),
    passwordsDiffer: (_, { password, confirmation }: { password: string; confirmation: string }) =>
      password !== confirmation,
    nameMissing: (_, { name }: { name: string }) => blank(name),
    isCompleteUser: (_, { record }: { record: UserRecord | null }) => record !== null && isLoggedIn(record),
    emailChanged: ({ context }, { email }: { email: string }) => !blank(email) && email.trim() !== context.user.email,
    passwordGiven: (_, { password }: { password: string }) => password !== "",
    draftHasPassword: ({ context }) => (context.profileDraft?.password ?? "") !== "",
    isLoggedIn: ({ context }) => isLoggedIn(context.user),
    awaitsSignup: ({ context }) => context.user.needsSignup
  },
  actions: {
    rememberIdentity: assign((_, { identity }: Identity) => ({ seenIdentity: identity })),
    beginSignIn: assign((_, { identity, method }: { identity: AuthIdentity; method: SignInMethod }) => ({
      user: { ...EMPTY_SESSION_USER, email: identity.email, firebase_id: identity.uid, signInMethod: method }
    })),
    holdNewAccount: assign((_, { identity }: { identity: AuthIdentity }) => ({
      user: sessionUserNeedingSignup(identity.email, identity.uid, "email")
    })),
    // Keeps only what the identity service vouches for: a resumed record the server no
    // longer confirms is dropped with the rest.
    markNeedsSignup: assign(({ context }) => ({
      user: sessionUserNeedingSignup(
        context.user.email ?? never(),
        context.user.firebase_id ?? never(),
        context.user.signInMethod ?? "refresh"
      )
    })),
    welcomeUser: assign(({ context }, { record }: { record: UserRecord }) => ({
      user: sessionUserFromRecord(record, context.user.signInMethod ?? "refresh"),
      pendingSignup: null,
      message: null
    })),
    forgetUser: assign({
      user: EMPTY_SESSION_USER,
      pendingSignup: null,
      profileDraft: null,
      logoutError: null,
      seenIdentity: undefined
    }),
    showMessage: assign((_, message: { scope: MessageScope; text: string }) => ({ message })),
    showFailure: assign((_, { scope, error }: { scope: MessageScope; error: unknown }) => ({
      message: { scope, text: describeFailure(error) }
    })),
    clearMessage: assign({ message: null }),
    holdSignup: assign((_, pending: { name: string; userType: UserType }) => ({
      pendingSignup: { name: pending.name.trim(), userType: pending.userType }
    })),
    holdProfileDraft: assign((_, draft: { email: string; password: string }) => ({
      profileDraft: { email: draft.email.trim(), password: draft.password }
    })),
    applyEmailChange: assign(({ context }) => ({
      user: { ...context.user, email: context.profileDraft?.email ?? context.user.email }
    })),
    forgetProfileDraft: assign({ profileDraft: null }),
    recordLogoutFailure: assign({ logoutError: LOGOUT_FAILED }),
    clearLogoutError: assign({ logoutError: null })
  }
})
