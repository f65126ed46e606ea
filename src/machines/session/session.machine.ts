import { assertEvent, assign, fromCallback, fromPromise, setup } from "xstate"
import type { FirebaseUid } from "#domain/ids.ts"
import {
  EMPTY_SESSION_USER,
  isLoggedIn,
  sessionUserFromRecord,
  sessionUserNeedingSignup
} from "#domain/session-user.ts"
import type { SignInMethod, SignupPayload, UserRecord, UserType } from "#domain/user.ts"
import { isNetworkFailure } from "#domain/network-failure.ts"
import { describeFailure } from "../failure-text.ts"
import { erasingState, holdUnsent, leavingGuards, leavingState } from "./session.leaving.ts"
import { resumingOfflineState, unreachedWhileResuming } from "./session.offline.ts"
import {
  FILL_EVERY_FIELD,
  LOGOUT_FAILED,
  NAME_REQUIRED,
  PASSWORDS_DO_NOT_MATCH,
  SIGNUP_UNFINISHED
} from "./session.messages.ts"
import {
  initialSessionContext,
  type AuthIdentity,
  type Credentials,
  type MessageScope,
  type Outcome,
  type ProfileFields,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type SignupFields,
  type TokenVerification,
  type Unsent
} from "./session.types.ts"

// The session lifecycle (docs/product.md, Screens: Public), the whole chart in one file: the
// implementations, the transition pieces every identity call repeats, then the chart.
// Refusals (wrong password, email in use) arrive as data and are routed by `isRefusal`;
// onError is for defects and always lands on a state that shows a message and accepts
// another try. The actors below are placeholders: session.actors.ts fills them in.

/** Unreachable by construction (a guard has already checked); throws if that guard was wrong. */
function never(): never {
  throw new Error("session machine: a guard let through a value it should have stopped")
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`${name} was not provided to the session machine (sessionImplementations)`))

type Identity = { readonly identity: AuthIdentity | null | undefined }
const blank = (text: string) => text.trim() === ""

/**
 * Our server refused the session itself: a 401 (`Unauthorized`, #domain/api-errors.ts) that
 * the gateway's retry with a fresh token got again, or no token to send for any reason but
 * the network (a GatewayDefect "token"). Trying again would be refused again; signing in
 * again is the way out. Told by the error's tags, never its text, and without importing the
 * error classes: they would bring Effect into /login's first load (docs/performance.md).
 */
const refusesSession = (error: unknown): boolean => {
  const { _tag: tag, reason } = (typeof error === "object" && error !== null ? error : {}) as {
    readonly _tag?: unknown
    readonly reason?: unknown
  }
  return tag === "Unauthorized" || (tag === "GatewayDefect" && reason === "token" && !isNetworkFailure(error))
}

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput
  },
  actors: {
    listenToAuth: fromCallback<{ type: "auth.changed"; identity: AuthIdentity | null }>(() => {
      throw new Error("listenToAuth was not provided to the session machine (sessionImplementations)")
    }),
    watchEmailVerified: fromCallback<{ type: "email.verified" }>(() => {
      throw new Error("watchEmailVerified was not provided to the session machine (sessionImplementations)")
    }),
    refreshToken: fromPromise<TokenVerification, { emailVerified: boolean }>(notProvided("refreshToken")),
    readRedirectResult: fromPromise<Outcome<AuthIdentity | null>>(notProvided("readRedirectResult")),
    signInWithEmail: fromPromise<Outcome<AuthIdentity>, Credentials>(notProvided("signInWithEmail")),
    signInWithGooglePopup: fromPromise<Outcome<AuthIdentity>>(notProvided("signInWithGooglePopup")),
    startGoogleRedirect: fromPromise<Outcome<undefined>>(notProvided("startGoogleRedirect")),
    createAccount: fromPromise<Outcome<AuthIdentity>, Credentials>(notProvided("createAccount")),
    checkUser: fromPromise<UserRecord | null, { email: string; firebaseId: FirebaseUid }>(notProvided("checkUser")),
    registerUser: fromPromise<UserRecord, SignupPayload>(notProvided("registerUser")),
    sendPasswordReset: fromPromise<undefined, { email: string }>(notProvided("sendPasswordReset")),
    updateEmail: fromPromise<Outcome<undefined>, { email: string }>(notProvided("updateEmail")),
    updatePassword: fromPromise<Outcome<undefined>, { password: string }>(notProvided("updatePassword")),
    signOut: fromPromise<undefined>(notProvided("signOut")),
    countUnsent: fromPromise<Unsent>(notProvided("countUnsent")),
    eraseDevice: fromPromise<undefined>(notProvided("eraseDevice")),
    waitForNetwork: fromCallback<{ type: "network.online" }>(() => undefined)
  },
  guards: {
    ...leavingGuards,
    isNetworkFailure: (_, { error }: { error: unknown }) => isNetworkFailure(error),
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
    emailUnverified: ({ context }) => !context.emailVerified,
    awaitsSignup: ({ context }) => context.user.needsSignup
  },
  actions: {
    /** Navigation: docs/product.md, a saved profile goes to / (the guard there moves the person on). */
    showHome: () => undefined,
    rememberIdentity: assign((_, { identity }: Identity) => ({ seenIdentity: identity })),
    beginSignIn: assign((_, { identity, method }: { identity: AuthIdentity; method: SignInMethod }) => ({
      user: { ...EMPTY_SESSION_USER, email: identity.email, firebase_id: identity.uid, signInMethod: method },
      emailVerified: identity.emailVerified,
      verificationUnconfirmed: false
    })),
    holdNewAccount: assign((_, { identity }: { identity: AuthIdentity }) => ({
      user: sessionUserNeedingSignup(identity.email, identity.uid, "email"),
      emailVerified: identity.emailVerified
    })),
    noteVerification: assign((_, { identity }: Identity) => ({ emailVerified: identity?.emailVerified ?? true })),
    // The identity service says verified; our server will not know until it is asked with a token that says so.
    noteEmailVerified: assign({ verificationUnconfirmed: true }),
    // From here on the session believes what the token our server reads says, not the local user.
    noteTokenVerification: assign(({ context }, { verification }: { verification: TokenVerification }) => ({
      emailVerified: verification.verified,
      verificationUnconfirmed: verification.verified && (context.verificationUnconfirmed || verification.refreshed)
    })),
    forgetVerificationCheck: assign({ verificationUnconfirmed: false }),
    // Keeps only what the identity service vouches for: a resumed record the server no
    // longer confirms is dropped with the rest.
    markNeedsSignup: assign(({ context }) => ({
      user: sessionUserNeedingSignup(
        context.user.email ?? never(),
        context.user.firebase_id ?? never(),
        context.user.signInMethod ?? "refresh"
      ),
      verificationUnconfirmed: false
    })),
    welcomeUser: assign(({ context }, { record }: { record: UserRecord }) => ({
      user: sessionUserFromRecord(record, context.user.signInMethod ?? "refresh"),
      pendingSignup: null,
      message: null,
      // Our server has answered with the token as it is now.
      verificationUnconfirmed: false
    })),
    forgetUser: assign({
      user: EMPTY_SESSION_USER,
      pendingSignup: null,
      profileDraft: null,
      logoutError: null,
      seenIdentity: undefined,
      emailVerified: true,
      verificationUnconfirmed: false
    }),
    showMessage: assign((_, message: { scope: MessageScope; text: string }) => ({ message })),
    // Whether our server refused the session itself is read only where the scope is "session".
    showFailure: assign((_, { scope, error }: { scope: MessageScope; error: unknown }) => ({
      message: { scope, text: describeFailure(error), refused: refusesSession(error) }
    })),
    clearMessage: assign({ message: null }),
    holdSignup: assign((_, pending: { name: string; userType: UserType }) => ({
      pendingSignup: { name: pending.name.trim(), userType: pending.userType }
    })),
    holdProfileDraft: assign((_, draft: { email: string; password: string }) => ({
      profileDraft: { email: draft.email.trim(), password: draft.password }
    })),
    // A new address is unverified until its owner clicks the link Firebase sends.
    applyEmailChange: assign(({ context }) => ({
      user: { ...context.user, email: context.profileDraft?.email ?? context.user.email },
      emailVerified: false
    })),
    forgetProfileDraft: assign({ profileDraft: null }),
    recordLogoutFailure: assign({ logoutError: LOGOUT_FAILED }),
    holdUnsent: assign(holdUnsent),
    clearLogoutError: assign({ logoutError: null })
  }
})

// ---------------------------------------------------------------------------
// Transition pieces every identity call repeats.

type Done<T> = { readonly event: { readonly output: Outcome<T> } }
type Failed = { readonly event: { readonly error: unknown } }
type Changed = { readonly event: { readonly identity: AuthIdentity | null } }
type Submitted<T> = { readonly event: T }
const withEvent = <T>({ event }: Submitted<T>): T => event

const valueOf = <T>(outcome: Outcome<T>): T => (outcome.ok ? outcome.value : never())

/** A refusal shown on the form it came from; `target` is where the person can try again. */
const refusedTo = (target: string, scope: MessageScope) => ({
  guard: { type: "isRefusal" as const, params: ({ event }: Done<unknown>) => ({ outcome: event.output }) },
  target,
  actions: {
    type: "showMessage" as const,
    params: ({ event }: Done<unknown>) => ({ scope, text: event.output.ok ? "" : event.output.message })
  }
})

const failedTo = (target: string, scope: MessageScope) => ({
  target,
  actions: { type: "showFailure" as const, params: ({ event }: Failed) => ({ scope, error: event.error }) }
})

/**
 * Our server did not confirm the sign-in: why is said as it is (the network, a refusal of
 * the session, a server fault), never "unreachable" for a server that answered; a refusal
 * is recorded as one, so the screen offers signing in again instead of trying again.
 */
const unconfirmed = failedTo("#session.serverUnreachable", "session")

const show = (scope: MessageScope, text: string) => ({ type: "showMessage" as const, params: { scope, text } })

/** An identity the service confirmed: look the person up on our server next. */
const checkUserAfter = (method: SignInMethod) => ({
  target: "#session.checkingUser",
  actions: {
    type: "beginSignIn" as const,
    params: ({ event }: Done<AuthIdentity>) => ({ identity: valueOf(event.output), method })
  }
})

const redirectIdentity = (outcome: Outcome<AuthIdentity | null>) => (outcome.ok ? outcome.value : null)

/** This page load came back from a Google redirect: look up who it brought. */
const checkUserAfterRedirect = {
  guard: {
    type: "hasIdentity" as const,
    params: ({ event }: Done<AuthIdentity | null>) => ({ identity: redirectIdentity(event.output) })
  },
  target: "#session.checkingUser",
  actions: {
    type: "beginSignIn" as const,
    params: ({ event }: Done<AuthIdentity | null>) => ({
      identity: redirectIdentity(event.output) ?? never(),
      method: "google redirect" as const
    })
  }
}

/** A sign-in that already existed when the page loaded (docs/product.md: method 'refresh'). */
const checkRememberedUser = {
  target: "#session.checkingUser",
  actions: {
    type: "beginSignIn" as const,
    params: ({ context }: { context: SessionContext }) => ({
      identity: context.seenIdentity ?? never(),
      method: "refresh" as const
    })
  }
}

/** docs/product.md: an auth change with an existing sign-in looks the user up again. */
const refreshOnAuthChange = {
  target: "#session.checkingUser",
  actions: {
    type: "beginSignIn" as const,
    params: ({ event }: Changed) => ({ identity: event.identity ?? never(), method: "refresh" as const })
  }
}

/** Signed out elsewhere (another tab, expired account) or signed in as someone else. */
const followAuthChange = [
  { guard: { type: "isSignOut" as const, params: withEvent<Identity> }, target: "#session.signedOut" },
  { guard: { type: "isAnotherIdentity" as const, params: withEvent<Identity> }, ...refreshOnAuthChange }
]

/** Auth changes are remembered, not acted on, until we know whether this load returns from Google. */
const rememberIdentity = {
  actions: { type: "rememberIdentity" as const, params: ({ event }: Changed) => ({ identity: event.identity }) }
}

/**
 * Asks our server for the record of the person in context: a complete record signs them
 * in, none (or an incomplete one) asks them to finish signing up.
 */
const lookUpUser = {
  id: "checkUser",
  src: "checkUser",
  input: ({ context }: { context: SessionContext }) => ({
    email: context.user.email ?? "",
    firebaseId: context.user.firebase_id ?? never()
  }),
  onDone: [
    {
      guard: {
        type: "isCompleteUser" as const,
        params: ({ event }: { event: { output: UserRecord | null } }) => ({ record: event.output })
      },
      target: "#session.signedIn",
      actions: {
        type: "welcomeUser" as const,
        params: ({ event }: { event: { output: UserRecord | null } }) => ({ record: event.output ?? never() })
      }
    },
    { target: "#session.needsSignup", actions: "markNeedsSignup" as const }
  ],
  onError: unconfirmed
} as const

type CheckDone = { readonly event: { readonly output: UserRecord | null } }

/**
 * Before our server is asked, the ID token is brought in line with the identity service
 * (docs/decisions/037): our server reads only the token's `email_verified`, and a token
 * issued before the link was opened says false for up to an hour. A no-op (nothing leaves
 * the device) unless the service says verified and the token does not.
 */
const refreshTokenThen = (target: string) => ({
  id: "refreshToken",
  src: "refreshToken" as const,
  input: ({ context }: { context: SessionContext }) => ({ emailVerified: context.emailVerified }),
  onDone: {
    target,
    actions: {
      type: "noteTokenVerification" as const,
      params: ({ event }: { event: { output: TokenVerification } }) => ({ verification: event.output })
    }
  }
})

const logout = { target: "#session.leaving", actions: "clearLogoutError" } as const

// ---------------------------------------------------------------------------
// What a submitted form does, branch by branch: validation first (docs/product.md), then the call.

/** Signup: every field required, passwords must match, then the identity service creates the account. */
const submitSignup = [
  {
    guard: { type: "signupIncomplete" as const, params: withEvent<SignupFields> },
    target: ".idle",
    actions: show("signup", FILL_EVERY_FIELD)
  },
  {
    guard: { type: "passwordsDiffer" as const, params: withEvent<SignupFields> },
    target: ".idle",
    actions: show("signup", PASSWORDS_DO_NOT_MATCH)
  },
  {
    target: "#session.creatingAccount",
    actions: ["clearMessage" as const, { type: "holdSignup" as const, params: withEvent<SignupFields> }]
  }
]

/** Google-completion signup needs only the name (docs/product.md). */
const completeSignup = [
  {
    guard: { type: "nameMissing" as const, params: withEvent<{ name: string }> },
    actions: show("completion", NAME_REQUIRED)
  },
  {
    target: "#session.registering",
    actions: [
      "clearMessage" as const,
      { type: "holdSignup" as const, params: withEvent<{ name: string; userType: UserType }> }
    ]
  }
]

/**
 * Profile (from signedIn.idle only, so a change in flight cannot be sent twice): passwords
 * must match; the email changes only if different, the password only if given.
 */
const updateProfile = [
  {
    guard: { type: "passwordsDiffer" as const, params: withEvent<ProfileFields> },
    actions: show("profile", PASSWORDS_DO_NOT_MATCH)
  },
  {
    guard: { type: "emailChanged" as const, params: withEvent<ProfileFields> },
    target: "updatingEmail",
    actions: ["clearMessage" as const, { type: "holdProfileDraft" as const, params: withEvent<ProfileFields> }]
  },
  {
    guard: { type: "passwordGiven" as const, params: withEvent<ProfileFields> },
    target: "updatingPassword",
    actions: ["clearMessage" as const, { type: "holdProfileDraft" as const, params: withEvent<ProfileFields> }]
  },
  { target: "profileSaved", actions: "clearMessage" as const }
]

// ---------------------------------------------------------------------------
// The chart.

export const sessionMachine = sessionSetup.createMachine({
  id: "session",
  context: ({ input }) => initialSessionContext(input),
  invoke: { id: "listenToAuth", src: "listenToAuth" },
  initial: "loading",
  states: {
    loading: {
      always: { guard: "remembersUser", target: "resuming" },
      initial: "readingRedirect",
      states: {
        readingRedirect: {
          on: { "auth.changed": rememberIdentity },
          invoke: {
            id: "readRedirectResult",
            src: "readRedirectResult",
            onDone: [refusedTo("#session.signedOut", "google"), checkUserAfterRedirect, { target: "awaitingAuth" }],
            onError: failedTo("#session.signedOut", "google")
          }
        },
        awaitingAuth: {
          always: [
            { guard: "seenSignedIn", ...checkRememberedUser },
            { guard: "seenSignedOut", target: "#session.signedOut" }
          ],
          on: { "auth.changed": rememberIdentity }
        }
      }
    },
    signedOut: {
      entry: "forgetUser",
      initial: "idle",
      on: {
        "auth.changed": { guard: { type: "hasIdentity", params: ({ event }) => event }, ...refreshOnAuthChange },
        "login.submit": { target: "signingIn.withEmail", actions: "clearMessage" },
        "google.start": [
          { guard: "prefersRedirect", target: "signingIn.withGoogleRedirect", actions: "clearMessage" },
          { target: "signingIn.withGooglePopup", actions: "clearMessage" }
        ],
        "signup.submit": submitSignup,
        "password.reset": { target: ".resettingPassword", actions: "clearMessage" }
      },
      states: {
        idle: {},
        resettingPassword: {
          invoke: {
            id: "sendPasswordReset",
            src: "sendPasswordReset",
            input: ({ event }) => {
              assertEvent(event, "password.reset")
              return { email: event.email.trim() }
            },
            onDone: "resetSent",
            onError: "resetFailed"
          }
        },
        resetSent: {},
        resetFailed: {}
      }
    },
    signingIn: {
      initial: "withEmail",
      states: {
        withEmail: {
          invoke: {
            id: "signInWithEmail",
            src: "signInWithEmail",
            input: ({ event }) => {
              assertEvent(event, "login.submit")
              return { email: event.email.trim(), password: event.password }
            },
            onDone: [refusedTo("#session.signedOut", "login"), checkUserAfter("email")],
            onError: failedTo("#session.signedOut", "login")
          }
        },
        withGooglePopup: {
          invoke: {
            id: "signInWithGooglePopup",
            src: "signInWithGooglePopup",
            onDone: [refusedTo("#session.signedOut", "google"), checkUserAfter("google popup")],
            onError: failedTo("#session.signedOut", "google")
          }
        },
        // The browser leaves for Google here; the next page load reads the result in loading.
        withGoogleRedirect: {
          invoke: {
            id: "startGoogleRedirect",
            src: "startGoogleRedirect",
            onDone: refusedTo("#session.signedOut", "google"),
            onError: failedTo("#session.signedOut", "google")
          }
        }
      }
    },
    creatingAccount: {
      invoke: {
        id: "createAccount",
        src: "createAccount",
        input: ({ event }) => {
          assertEvent(event, "signup.submit")
          return { email: event.email.trim(), password: event.password }
        },
        onDone: [
          refusedTo("signedOut", "signup"),
          {
            target: "registering",
            actions: { type: "holdNewAccount", params: ({ event }) => ({ identity: valueOf(event.output) }) }
          }
        ],
        onError: failedTo("signedOut", "signup")
      }
    },
    checkingUser: {
      initial: "refreshingToken",
      states: {
        refreshingToken: {
          invoke: { ...refreshTokenThen("asking"), onError: unconfirmed }
        },
        asking: {
          invoke: lookUpUser
        }
      }
    },
    // This device remembers who was signed in (docs/decisions/010): their area shows at
    // once from that record while Firebase restores the sign-in and our server confirms it.
    resuming: {
      initial: "awaitingAuth",
      on: { "logout.request": logout },
      states: {
        awaitingAuth: {
          on: {
            "auth.changed": [
              ...followAuthChange,
              {
                target: "refreshingToken",
                actions: { type: "noteVerification", params: ({ event }) => ({ identity: event.identity }) }
              }
            ]
          }
        },
        refreshingToken: {
          on: { "auth.changed": followAuthChange },
          invoke: { ...refreshTokenThen("confirming"), onError: unreachedWhileResuming(unconfirmed) }
        },
        confirming: {
          on: { "auth.changed": followAuthChange },
          invoke: { ...lookUpUser, onError: unreachedWhileResuming(unconfirmed) }
        },
        // Our server cannot be reached: still this person, confirmed once back online.
        offline: {
          ...resumingOfflineState,
          on: { ...resumingOfflineState.on, "auth.changed": followAuthChange }
        }
      }
    },
    // Signed in with the identity service but our server did not confirm it: unreachable, or
    // answering with a refusal or a fault (the session message says which, and whether it
    // was a refusal; `unconfirmed`).
    // Trying again drops that reason: it belongs to the last try, and a new failure says its own.
    serverUnreachable: {
      on: {
        "session.retry": { target: "checkingUser", actions: "clearMessage" },
        "logout.request": logout,
        "auth.changed": followAuthChange
      }
    },
    needsSignup: {
      on: { "signup.complete": completeSignup, "logout.request": logout, "auth.changed": followAuthChange }
    },
    registering: {
      invoke: {
        id: "registerUser",
        src: "registerUser",
        input: ({ context }) => ({
          name: context.pendingSignup?.name ?? "",
          userType: context.pendingSignup?.userType ?? "Client",
          email: context.user.email ?? "",
          firebaseId: context.user.firebase_id ?? never()
        }),
        onDone: [
          {
            guard: { type: "isCompleteUser", params: ({ event }) => ({ record: event.output }) },
            target: "signedIn",
            actions: { type: "welcomeUser", params: ({ event }) => ({ record: event.output }) }
          },
          { target: "needsSignup", actions: show("completion", SIGNUP_UNFINISHED) }
        ],
        onError: failedTo("needsSignup", "completion")
      }
    },
    signedIn: {
      entry: "clearMessage",
      initial: "idle",
      on: {
        "logout.request": logout,
        "auth.changed": followAuthChange,
        // Any screen's call refused with a fresh token: the whole app says so, once, in place
        // of every panel failing on its own.
        "session.refused": unconfirmed
      },
      states: {
        idle: {
          entry: "forgetProfileDraft",
          always: { guard: "emailUnverified", target: "awaitingVerification" },
          on: { "profile.update": updateProfile }
        },
        // Signed in and using the app, but Firebase has not verified the email yet: the
        // app says so, and watches for the link being opened (any tab, any device).
        awaitingVerification: {
          entry: "forgetProfileDraft",
          invoke: { id: "watchEmailVerified", src: "watchEmailVerified" },
          on: {
            "profile.update": updateProfile,
            "email.verified": { target: "refreshingToken", actions: "noteEmailVerified" }
          }
        },
        // Firebase says verified; the ID token, issued before, does not yet.
        refreshingToken: {
          invoke: {
            ...refreshTokenThen("confirmingVerification"),
            // Offline: watch again, the next look tells.
            onError: { target: "awaitingVerification", actions: "forgetVerificationCheck" }
          }
        },
        // The ID token now says verified: our server links a pending invitation and stores
        // the verified email when asked (docs/decisions/012), so ask again.
        confirmingVerification: {
          invoke: {
            ...lookUpUser,
            onDone: [
              {
                guard: { type: "isCompleteUser", params: ({ event }: CheckDone) => ({ record: event.output }) },
                target: "idle",
                actions: {
                  type: "welcomeUser",
                  params: ({ event }: CheckDone) => ({ record: event.output ?? never() })
                }
              },
              { target: "#session.needsSignup", actions: "markNeedsSignup" }
            ]
          }
        },
        updatingEmail: {
          invoke: {
            id: "updateEmail",
            src: "updateEmail",
            input: ({ context }) => ({ email: context.profileDraft?.email ?? "" }),
            onDone: [
              refusedTo("idle", "profile"),
              { guard: "draftHasPassword", target: "updatingPassword", actions: "applyEmailChange" },
              { target: "profileSaved", actions: "applyEmailChange" }
            ],
            onError: failedTo("idle", "profile")
          }
        },
        updatingPassword: {
          invoke: {
            id: "updatePassword",
            src: "updatePassword",
            input: ({ context }) => ({ password: context.profileDraft?.password ?? "" }),
            onDone: [refusedTo("idle", "profile"), { target: "profileSaved" }],
            onError: failedTo("idle", "profile")
          }
        },
        // The update went through: show home (docs/product.md) and be ready for the next
        // change at once, so the profile screen never needs to acknowledge anything.
        profileSaved: {
          entry: "showHome",
          always: "idle"
        }
      }
    },
    leaving: leavingState,
    loggingOut: {
      invoke: {
        id: "signOut",
        src: "signOut",
        onDone: "erasing",
        onError: [
          { guard: "isLoggedIn", target: "signedIn", actions: "recordLogoutFailure" },
          { guard: "awaitsSignup", target: "needsSignup", actions: "recordLogoutFailure" },
          { target: "serverUnreachable", actions: "recordLogoutFailure" }
        ]
      }
    },
    erasing: erasingState
  }
})

export type SessionMachine = typeof sessionMachine
