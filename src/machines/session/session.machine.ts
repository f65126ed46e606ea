import { assertEvent } from "xstate"
import { SIGNUP_UNFINISHED } from "./session.messages.ts"
import { sessionSetup } from "./session.setup.ts"
import { initialSessionContext } from "./session.types.ts"
import { completeSignup, submitSignup, updateProfile } from "./session.forms.ts"
import {
  checkRememberedUser,
  checkUserAfter,
  checkUserAfterRedirect,
  failedTo,
  followAuthChange,
  lookUpUser,
  never,
  refreshOnAuthChange,
  refusedTo,
  rememberIdentity
} from "./session.transitions.ts"

// The session lifecycle of SPEC.md section 4. Refusals (wrong password, email in
// use) arrive as data and are routed by `isRefusal`; onError is for defects and
// always lands on a state that shows a message and accepts another try.

const logout = { target: "#session.loggingOut", actions: "clearLogoutError" } as const

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
        // Auth changes are remembered, not acted on, until we know whether this load returns from Google.
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
            actions: {
              type: "holdNewAccount",
              params: ({ event }) => ({ identity: event.output.ok ? event.output.value : never() })
            }
          }
        ],
        onError: failedTo("signedOut", "signup")
      }
    },
    checkingUser: {
      invoke: lookUpUser
    },
    // This device remembers who was signed in (docs/decisions/010): their area shows at
    // once from that record while Firebase restores the sign-in and our server confirms it.
    resuming: {
      initial: "awaitingAuth",
      on: { "logout.request": logout },
      states: {
        awaitingAuth: {
          on: { "auth.changed": [...followAuthChange, { target: "confirming" }] }
        },
        confirming: {
          on: { "auth.changed": followAuthChange },
          invoke: lookUpUser
        }
      }
    },
    // Signed in with the identity service but our server did not answer.
    serverUnreachable: {
      on: { "session.retry": "checkingUser", "logout.request": logout, "auth.changed": followAuthChange }
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
          {
            target: "needsSignup",
            actions: { type: "showMessage", params: { scope: "completion", text: SIGNUP_UNFINISHED } }
          }
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
        "profile.update": updateProfile
      },
      states: {
        idle: { entry: "forgetProfileDraft" },
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
        // The profile route navigates to / on seeing this, then acknowledges.
        profileSaved: {
          entry: "forgetProfileDraft",
          on: { "profile.acknowledge": "idle" }
        }
      }
    },
    loggingOut: {
      invoke: {
        id: "signOut",
        src: "signOut",
        onDone: { target: "signedOut", actions: "clearMessage" },
        onError: [
          { guard: "isLoggedIn", target: "signedIn", actions: "recordLogoutFailure" },
          { guard: "awaitsSignup", target: "needsSignup", actions: "recordLogoutFailure" },
          { target: "serverUnreachable", actions: "recordLogoutFailure" }
        ]
      }
    }
  }
})

export type SessionMachine = typeof sessionMachine
