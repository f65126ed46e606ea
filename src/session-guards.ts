/**
 * The routes' `beforeLoad` gates (TanStack's authenticated-routes pattern): each waits
 * until the session has worked out who is signed in, then lets the route load or throws
 * a redirect. The router re-runs them whenever the session's access changes
 * (see watchSession in router.tsx), so signing in or out moves the person on.
 */
/* eslint-disable @typescript-eslint/only-throw-error -- TanStack Router's redirect() is thrown by design and is not an Error */
import { redirect, type ParsedLocation } from "@tanstack/react-router"
import { waitFor } from "xstate"
import { userTypePath } from "#domain/session-user.ts"
import type { UserType } from "#domain/user.ts"
import {
  dashboardPath,
  selectAccess,
  selectIsSettling,
  type Access,
  type SessionActorRef
} from "#machines/session/session.selectors.ts"
import type { RouterContext } from "./router-context.ts"

/** Search params of the public pages: where to go once signed in (a path of this app). */
export interface PublicSearch {
  readonly redirect?: string | undefined
}

// Only a path on this site: never "//evil.example" or "https://...", so the
// parameter cannot send someone elsewhere after they sign in.
const isLocalPath = (value: unknown): value is string =>
  typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")

// The key is always present: TanStack merges validated search over the raw one, so an
// omitted key would let an unsafe raw value through.
export const validatePublicSearch = (search: Record<string, unknown>): PublicSearch => ({
  redirect: isLocalPath(search["redirect"]) ? search["redirect"] : undefined
})

/** Waits out the loading state and a sign-out under way, then answers who is here. */
export async function settledAccess(session: SessionActorRef): Promise<Access> {
  return selectAccess(await waitFor(session, (snapshot) => !selectIsSettling(snapshot)))
}

/** Whether a person of this type may open this path: only their own area. */
export const opensFor = (userType: UserType, href: string): boolean => {
  const area = `/${userTypePath(userType)}`
  return href === area || href.startsWith(`${area}/`) || href.startsWith(`${area}?`)
}

interface GuardArgs {
  readonly context: RouterContext
  readonly location: ParsedLocation
  readonly cause: "preload" | "enter" | "stay"
}

/** /coach/* and /client/*: only a signed-in person of that type. */
export async function requireSignedIn(userType: UserType, { context, location, cause }: GuardArgs): Promise<void> {
  const access = await settledAccess(context.services.session)
  if (access.status === "signedIn" && access.userType === userType) {
    // Every signed-in screen's code imports the API client's (Effect, the contract). Loaded
    // here first, its module code runs in tasks of its own (src/services.ts) instead of in
    // one long task with the screen's; a failure is the screen's to show, not the guard's.
    await context.services.preloadGateway().catch(() => undefined)
    return
  }
  // Arriving by link, remember where to go; a session that just ended here starts afresh.
  const search: PublicSearch = cause === "stay" ? {} : { redirect: location.href }
  if (access.status === "needsSignup") throw redirect({ to: "/signup", search })
  throw redirect({ to: "/login", search })
}

/**
 * /, /login, /signup, /forgot-password: a signed-in person goes on to where they were
 * heading, if it is in their area, else to their dashboard (docs/product.md); a person who
 * still has to finish signing up goes to /signup.
 *
 * One exception keeps the person on /login: arriving there signed in, from a link into
 * the other area (a Client opening /coach/calendar). Sending them to their own dashboard
 * would hide why the link did not open; /login says who is signed in and offers to log out.
 */
export async function leavePublicPage({
  context,
  location,
  cause,
  search
}: GuardArgs & { readonly search: PublicSearch }): Promise<{ readonly heldSignedIn: boolean }> {
  const access = await settledAccess(context.services.session)
  const stay = { heldSignedIn: false }
  if (access.status === "needsSignup") {
    if (location.pathname !== "/signup") throw redirect({ to: "/signup", search })
    return stay
  }
  if (access.status !== "signedIn") return stay
  const target = search.redirect
  if (target !== undefined && opensFor(access.userType, target)) throw redirect({ href: target })
  if (target !== undefined && cause !== "stay" && location.pathname === "/login") return { heldSignedIn: true }
  throw redirect({ to: dashboardPath(access.userType) })
}

/** The key the router watches: a change means the guards may now decide differently. */
export const accessKey = (access: Access): string =>
  access.status === "signedIn" ? `signedIn:${access.userType}` : access.status
