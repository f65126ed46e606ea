import { createRootRouteWithContext, Outlet } from "@tanstack/react-router"
import { NotFound } from "#ui/not-found/not-found.tsx"
import type { RouterContext } from "../router-context.ts"

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound
})
