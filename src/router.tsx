import { createRouter, type RouterHistory } from "@tanstack/react-router"
import { selectAccess, selectIsSettling } from "#machines/session/session.selectors.ts"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { routeTree } from "./routeTree.gen.ts"
import { accessKey } from "./session-guards.ts"
import type { AppServices } from "./services.ts"

/** While a guard waits for auth to load (docs/product.md: 'Loading...'). */
function Loading() {
  return (
    <main className="page" aria-busy="true" style={{ textAlign: "center" }}>
      <p role="status">Loading...</p>
    </main>
  )
}

/** The app's router; tests pass a memory history, the browser uses the default. */
export function createAppRouter(options: { services: AppServices; history?: RouterHistory }) {
  const router = createRouter({
    routeTree,
    context: { services: options.services },
    ...(options.history === undefined ? {} : { history: options.history }),
    defaultPreload: "intent",
    scrollRestoration: true,
    // Guards wait for auth to load: say so at once rather than show a blank page.
    defaultPendingComponent: Loading,
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    // Unknown paths under /coach or /client keep their area's frame and bottom bar.
    defaultNotFoundComponent: NotFound
  })
  watchSession(router, options.services)
  // The session's navigation actions (a saved profile shows /) go through this router.
  options.services.navigation.bind((path) => void router.navigate({ to: path }))
  return router
}

/**
 * Signing in, signing up or out changes what the guards decide: re-run them so the
 * person is moved on (or sent to /login) without any screen navigating by hand.
 */
function watchSession(router: { invalidate: () => Promise<void> }, { session }: AppServices) {
  const keyOf = (snapshot: ReturnType<typeof session.getSnapshot>) =>
    selectIsSettling(snapshot) ? null : accessKey(selectAccess(snapshot))
  // The first settled answer needs no re-run: the guards are waiting for it themselves.
  let last = keyOf(session.getSnapshot())
  session.subscribe((snapshot) => {
    const key = keyOf(snapshot)
    if (key === null || key === last) return
    if (last !== null) void router.invalidate()
    last = key
  })
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
