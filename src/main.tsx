import { RouterProvider } from "@tanstack/react-router"
import { startTransition, StrictMode } from "react"
import { createRoot } from "react-dom/client"
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
  // index.html already shows 'Loading...': the first render is the opening page itself,
  // once its guard has passed and its code has arrived, not a pending screen in between.
  await router.load().catch((error: unknown) => console.error("router:", error))
  await yieldToBrowser()
  // A transition renders in slices, yielding to the browser between them.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>
    )
  })
}

const container = document.getElementById("root")
if (container === null) throw new Error('index.html must contain <div id="root">')
void start(container)
