import { createRootRouteWithContext, Outlet } from "@tanstack/react-router"
import { lazy, Suspense, useEffect, useState } from "react"
import { NotFound } from "#ui/not-found/not-found.tsx"
import type { RouterContext } from "../router-context.ts"

const AppUpdate = lazy(() => import("./-app-update.tsx"))

/** Every screen, and above them, in production, the app's update offer once the page is idle. */
function Root() {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (!import.meta.env.PROD) return
    // Safari has no requestIdleCallback.
    if (!("requestIdleCallback" in window)) return void setTimeout(() => setIdle(true), 1_000)
    const id = requestIdleCallback(() => setIdle(true), { timeout: 5_000 })
    return () => cancelIdleCallback(id)
  }, [])
  return (
    <>
      {idle && (
        <Suspense fallback={null}>
          <AppUpdate />
        </Suspense>
      )}
      <Outlet />
    </>
  )
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound
})
