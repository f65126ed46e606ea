import { RouterProvider } from "@tanstack/react-router"
import { startTransition, StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createAppRouter } from "./router.tsx"
import { createAppServices } from "./services.ts"
import "#ui/theme.css"

/**
 * Lets the browser run input and paint between the start-up steps. On a slow phone the
 * module code, Firebase's start, the router and the first render together block the page
 * for a few hundred milliseconds; as separate tasks none of them blocks for long.
 */
const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield !== undefined) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

async function start(container: HTMLElement) {
  await yieldToBrowser()
  const services = createAppServices()
  await yieldToBrowser()
  const router = createAppRouter({ services })
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
