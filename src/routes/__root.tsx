import { createRootRoute, Outlet } from "@tanstack/react-router"
import { NotFound } from "#ui/not-found/not-found.tsx"

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound
})
