import { yieldToBrowser } from "./yield-to-browser.ts"
import "#ui/theme.css"

// The app's code is evaluated in phases, each in a task of its own: the session (XState and
// the session machine), then the router (TanStack Router and the route tree), then React DOM.
// Imported statically, the whole graph ran in one ~220 ms task at 4x CPU before anything else
// could (docs/decisions/047). index.html preloads every phase's chunks (scripts/route-chunks.ts),
// so each import here only evaluates code that has already arrived.
async function start(container: HTMLElement) {
  const { createAppServices } = await import("./services.ts")
  await yieldToBrowser()
  const services = createAppServices()
  await yieldToBrowser()
  const { createAppRouter } = await import("./router.tsx")
  await yieldToBrowser()
  const router = createAppRouter({ services })
  await yieldToBrowser()
  // index.html already shows 'Loading...' (login.html and the other public pages, the
  // screen itself): the first render is the opening page, once its guard has passed and
  // its code has arrived, not a pending screen in between.
  await router.load().catch((error: unknown) => console.error("router:", error))
  await yieldToBrowser()
  const [{ RouterProvider }, { createElement, StrictMode }, { mountApp, rendersAsPrerendered }] = await Promise.all([
    import("@tanstack/react-router"),
    import("react"),
    import("./prerendered.tsx")
  ])
  await yieldToBrowser()
  // createElement, not JSX: JSX would import React's runtime statically, into the first task.
  mountApp(
    container,
    createElement(StrictMode, null, createElement(RouterProvider, { router })),
    rendersAsPrerendered(container, router.state.location.pathname, services.session.getSnapshot())
  )
}

const container = document.getElementById("root")
if (container === null) throw new Error('index.html must contain <div id="root">')
void start(container)
