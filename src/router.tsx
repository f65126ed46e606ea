import { createRouter, type RouterHistory } from "@tanstack/react-router"
import { routeTree } from "./routeTree.gen.ts"
import { NotFound } from "#ui/not-found/not-found.tsx"

/** The app's router; tests pass a memory history, the browser uses the default. */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...options,
    defaultPreload: "intent",
    scrollRestoration: true,
    // Unknown paths under /coach or /client keep their area's frame and bottom bar.
    defaultNotFoundComponent: NotFound
  })
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
