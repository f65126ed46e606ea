// Loaded by scripts/prerender-public.ts through Vite's SSR module loader at build time:
// the public screens as the app's first render shows them to a visitor who is signed out.
// The app's own router, route tree and screens render them, so the HTML cannot drift from
// the forms; src/prerendered.tsx hydrates it in the browser.
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { renderToString } from "react-dom/server"
import type { IdentityPort } from "#machines/session/session.actors.ts"
import { lazyCalls } from "#gateway/lazy-calls.ts"
import { silentLive } from "#gateway/live-feed.ts"
import { createAppRouter } from "../src/router.tsx"
import { lateNavigation, startSession, type AppServices } from "../src/services.ts"

const notAtBuildTime = (): Promise<never> => Promise.reject(new Error("no identity service while prerendering"))

/** An identity service that knows nobody: the session settles as signed out, as a first visit's does. */
const nobody: IdentityPort = {
  signInWithEmail: notAtBuildTime,
  signUpWithEmail: notAtBuildTime,
  signInWithGooglePopup: notAtBuildTime,
  startGoogleRedirect: notAtBuildTime,
  getGoogleRedirectResult: () => Promise.resolve(null),
  sendPasswordReset: notAtBuildTime,
  updateEmail: notAtBuildTime,
  updatePassword: notAtBuildTime,
  signOut: notAtBuildTime,
  onAuthChange: (listener) => {
    queueMicrotask(() => listener(null))
    return () => undefined
  }
}

function signedOutServices(): AppServices {
  const navigation = lateNavigation()
  const session = startSession({
    identity: nobody,
    accounts: { checkUser: notAtBuildTime, signup: notAtBuildTime },
    navigation,
    memory: { recall: () => null, keep: () => undefined },
    useRedirect: false
  })
  return {
    session,
    gateway: lazyCalls(notAtBuildTime),
    preloadGateway: notAtBuildTime,
    chat: lazyCalls(notAtBuildTime),
    coaching: lazyCalls(notAtBuildTime),
    doneWork: lazyCalls(notAtBuildTime),
    data: lazyCalls(notAtBuildTime),
    videos: lazyCalls(notAtBuildTime),
    live: silentLive,
    navigation
  }
}

/** The markup the app renders into #root at `path` for a signed-out visitor. */
export async function renderPublicScreen(path: string): Promise<string> {
  const services = signedOutServices()
  const router = createAppRouter({ services, history: createMemoryHistory({ initialEntries: [path] }) })
  await router.load()
  if (router.state.location.pathname !== path)
    throw new Error(`prerendering ${path} ended at ${router.state.location.pathname}`)
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
  services.session.stop()
  return html
}
