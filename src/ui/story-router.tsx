import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from "@tanstack/react-router"
import { useState, type ReactNode } from "react"

// Lets a component that uses <Link> render outside the app: in stories and in component
// tests. The router only provides context (location, link building); the component is
// rendered as a plain child, so its errors reach Storybook and the tests instead of
// being caught by the router's error screen.

function createStoryRouter(initialPath: string) {
  return createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: [initialPath] })
  })
}

export function StoryRouter({ initialPath, children }: { initialPath: string; children: ReactNode }) {
  const [router] = useState(() => createStoryRouter(initialPath))
  return <RouterContextProvider router={router}>{children}</RouterContextProvider>
}
