import type { SessionContext, Unsent } from "./session.types.ts"

/*
 * Signing out, and the device it leaves (docs/decisions/027), as pieces of the session's
 * chart (session.machine.ts). Before anything is erased the logging and chat outboxes are
 * counted: sets and messages that have not reached the server are never dropped without asking. After Firebase has
 * signed out, everything personal the app keeps in the browser is erased.
 */

type Counted = { readonly event: { readonly output: Unsent } }

/** 'Log Out' pressed: count what has not been sent, ask if anything, else sign out. */
export const leavingState = {
  initial: "countingUnsent",
  states: {
    countingUnsent: {
      invoke: {
        id: "countUnsent",
        src: "countUnsent" as const,
        onDone: [
          {
            guard: { type: "hasUnsent" as const, params: ({ event }: Counted) => ({ count: event.output }) },
            target: "confirming",
            actions: { type: "holdUnsent" as const, params: ({ event }: Counted) => ({ count: event.output }) }
          },
          { target: "#session.loggingOut" }
        ],
        // The outbox cannot be read: nothing is erased without the person's say.
        onError: {
          target: "confirming",
          actions: { type: "holdUnsent" as const, params: () => ({ count: UNCOUNTED }) }
        }
      }
    },
    // '2 logged sets have not reached your coach yet…': 'Sign out anyway' or 'Stay signed in'.
    confirming: {
      on: {
        "logout.confirm": "#session.loggingOut",
        "logout.cancel": [
          { guard: "isLoggedIn" as const, target: "#session.signedIn" },
          { guard: "awaitsSignup" as const, target: "#session.needsSignup" },
          { target: "#session.serverUnreachable" }
        ]
      }
    }
  }
} as const

/** The outboxes could not be counted: the question is asked without a number. */
export const UNCOUNTED: Unsent = { sets: -1, messages: -1 }

/** Firebase has signed out: the device is erased, then the person is signed out here too. */
export const erasingState = {
  invoke: {
    id: "eraseDevice",
    src: "eraseDevice" as const,
    onDone: { target: "#session.signedOut", actions: "clearMessage" as const },
    // Logged by the port; the sign-out itself went through.
    onError: { target: "#session.signedOut", actions: "clearMessage" as const }
  }
} as const

export const leavingGuards = {
  hasUnsent: (_: unknown, { count }: { count: Unsent }) => count.sets !== 0 || count.messages !== 0
}

export const holdUnsent = (_: unknown, { count }: { count: Unsent }): Partial<SessionContext> => ({
  unsentSets: count.sets,
  unsentMessages: count.messages
})
