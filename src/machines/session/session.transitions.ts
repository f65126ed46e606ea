import type { AuthIdentity, Outcome } from "./session.actors.ts"
import type { SignInMethod, UserRecord } from "#domain/user.ts"
import type { MessageScope, SessionContext } from "./session.types.ts"

// Transition pieces the session machine repeats for every identity call, kept
// here so the machine file reads as the lifecycle and nothing else.

type Done<T> = { readonly event: { readonly output: Outcome<T> } }
type Failed = { readonly event: { readonly error: unknown } }
type Changed = { readonly event: { readonly identity: AuthIdentity | null } }

/** Unreachable by construction (a guard has already checked); throws if that guard was wrong. */
export function never(): never {
  throw new Error("session machine: a guard let through a value it should have stopped")
}

const valueOf = <T>(outcome: Outcome<T>): T => (outcome.ok ? outcome.value : never())

export const isRefusal = {
  type: "isRefusal" as const,
  params: ({ event }: Done<unknown>) => ({ outcome: event.output })
}

/** A refusal shown on the form it came from; `target` is where the person can try again. */
export const refusedTo = (target: string, scope: MessageScope) => ({
  guard: isRefusal,
  target,
  actions: {
    type: "showMessage" as const,
    params: ({ event }: Done<unknown>) => ({ scope, text: event.output.ok ? "" : event.output.message })
  }
})

export const failedTo = (target: string, scope: MessageScope) => ({
  target,
  actions: { type: "showFailure" as const, params: ({ event }: Failed) => ({ scope, error: event.error }) }
})

/** An identity the service confirmed: look the person up on our server next. */
export const checkUserAfter = (method: SignInMethod) => ({
  target: "#session.checkingUser",
  actions: {
    type: "beginSignIn" as const,
    params: ({ event }: Done<AuthIdentity>) => ({ identity: valueOf(event.output), method })
  }
})

const redirectIdentity = (outcome: Outcome<AuthIdentity | null>) => (outcome.ok ? outcome.value : null)

/** This page load came back from a Google redirect: look up who it brought. */
export const checkUserAfterRedirect = {
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

/** A sign-in that already existed when the page loaded (SPEC section 4: method 'refresh'). */
export const checkRememberedUser = {
  target: "#session.checkingUser",
  actions: {
    type: "beginSignIn" as const,
    params: ({ context }: { context: { seenIdentity: AuthIdentity | null | undefined } }) => ({
      identity: context.seenIdentity ?? never(),
      method: "refresh" as const
    })
  }
}

/** SPEC section 4: an auth change with an existing sign-in looks the user up again. */
export const refreshOnAuthChange = {
  target: "#session.checkingUser",
  actions: {
    type: "beginSignIn" as const,
    params: ({ event }: Changed) => ({ identity: event.identity ?? never(), method: "refresh" as const })
  }
}

/** Signed out elsewhere (another tab, expired account) or signed in as someone else. */
export const followAuthChange = [
  { guard: { type: "isSignOut" as const, params: ({ event }: Changed) => event }, target: "#session.signedOut" },
  { guard: { type: "isAnotherIdentity" as const, params: ({ event }: Changed) => event }, ...refreshOnAuthChange }
]

export const rememberIdentity = {
  actions: { type: "rememberIdentity" as const, params: ({ event }: Changed) => ({ identity: event.identity }) }
}

/**
 * Asks our server for the record of the person in context: a complete record signs them
 * in, none (or an incomplete one) asks them to finish signing up.
 */
export const lookUpUser = {
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
  onError: "#session.serverUnreachable"
} as const
