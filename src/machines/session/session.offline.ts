/*
 * A returning person whose sign-in Firebase restored from its own persistence, while our
 * server cannot be reached (no signal in the gym): they stay in their area as the person
 * this device remembers (docs/decisions/010, 027), and are confirmed once the browser is
 * back online. A server that answers and refuses is not this: that is serverUnreachable's
 * or signup's, as before.
 */

type Failure = { readonly event: { readonly error: unknown } }

/** Where `refreshingToken` and `confirming` go when they fail: offline stays, any other failure `otherwise`. */
export const unreachedWhileResuming = <Otherwise>(otherwise: Otherwise) => [
  {
    guard: { type: "isNetworkFailure" as const, params: ({ event }: Failure) => ({ error: event.error }) },
    target: "#session.resuming.offline"
  },
  otherwise
]

export const resumingOfflineState = {
  invoke: { id: "waitForNetwork", src: "waitForNetwork" as const },
  // The token is brought in line again first: it may be what failed (docs/decisions/037).
  on: { "network.online": "refreshingToken", "session.retry": "refreshingToken" }
} as const
