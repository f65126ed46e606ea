import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { mountApp, rendersAsPrerendered } from "./prerendered.tsx"
import { createAppRouter } from "./router.tsx"
import { createAppServices } from "./services.ts"
import { yieldToBrowser } from "./yield-to-browser.ts"
import "#ui/theme.css"

async function start(container: HTMLElement) {
  await yieldToBrowser()
  const services = createAppServices()
  await yieldToBrowser()
  const router = createAppRouter({ services })
  await yieldToBrowser()
  // index.html already shows 'Loading...' (login.html and the other public pages, the
  // screen itself): the first render is the opening page, once its guard has passed and
  // its code has arrived, not a pending screen in between.
  await router.load().catch((error: unknown) => console.error("router:", error))
  await yieldToBrowser()
  mountApp(
    container,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
    rendersAsPrerendered(container, router.state.location.pathname, services.session.getSnapshot())
  )
}

const container = document.getElementById("root")
if (container === null) throw new Error('index.html must contain <div id="root">')
void start(container)
