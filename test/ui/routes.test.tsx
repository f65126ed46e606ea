import { createMemoryHistory, RouterProvider } from "@tanstack/react-router"
import { render, screen, within } from "@testing-library/react"
import { describe, expect, test } from "vitest"
import { createAppRouter } from "../../src/router.tsx"

// Every route of SPEC.md section 2 exists. Until the screens arrive each shows its
// heading; once the session guards land these paths are visited signed in.

async function visit(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) })
  render(<RouterProvider router={router} />)
  return (await screen.findByRole("heading", { level: 1 })).textContent
}

const navLinks = () =>
  within(screen.getByRole("navigation", { name: "Main" }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")])

const publicRoutes = [
  ["/", "Sign in"],
  ["/login", "Sign in"],
  ["/signup", "Sign up"],
  ["/forgot-password", "Forgot password"]
] as const

const areaRoutes = [
  ["/coach", "Dashboard"],
  ["/coach/dashboard", "Dashboard"],
  ["/coach/profile", "Profile"],
  ["/coach/calendar", "Calendar"],
  ["/coach/progress", "Progress"],
  ["/coach/chat", "Chat"],
  ["/coach/workouts/7/03-14-2024", "Workouts"],
  ["/coach/workoutbuilder/7/03-14-2024", "Workout builder"],
  ["/client", "Dashboard"],
  ["/client/dashboard", "Dashboard"],
  ["/client/calendar", "Calendar"],
  ["/client/progress", "Progress"],
  ["/client/chat", "Chat"],
  ["/client/profile", "Profile"],
  ["/client/workouts/03-14-2024", "Your workout"],
  ["/client/workouts/03-14-2024/0", "Workout logging"]
] as const

describe("the public route", () => {
  test.each(publicRoutes)("%s shows the heading %s and no bottom navigation", async (path, heading) => {
    expect(await visit(path)).toBe(heading)
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull()
  })
})

describe("the signed-in route", () => {
  test.each(areaRoutes)(
    "%s shows the heading %s above a bottom bar of dashboard and calendar",
    async (path, heading) => {
      expect(await visit(path)).toBe(heading)
      const area = path.split("/")[1] ?? ""
      expect(navLinks()).toEqual([
        ["Dashboard", `/${area}/dashboard`],
        ["Calendar", `/${area}/calendar`]
      ])
    }
  )
})

describe("a path no route matches", () => {
  test.each(["/nope", "/coach/nope", "/client/workouts/03-14-2024/0/extra", "/login/extra"])(
    "%s shows the not-found message",
    async (path) => {
      expect(await visit(path)).toBe("There's nothing here: 404!")
    }
  )
})

describe("the current bottom-bar tab", () => {
  const currentTab = () =>
    within(screen.getByRole("navigation", { name: "Main" }))
      .getAllByRole("link")
      .filter((link) => link.getAttribute("aria-current") === "page")
      .map((link) => link.textContent)

  test.each([
    ["/coach", "Dashboard"],
    ["/client/dashboard", "Dashboard"],
    ["/coach/calendar", "Calendar"],
    ["/coach/workouts/7/03-14-2024", "Calendar"],
    ["/client/workouts/03-14-2024/0", "Calendar"]
  ])("on %s is %s", async (path, tab) => {
    await visit(path)
    expect(currentTab()).toEqual([tab])
  })

  test("is neither tab on a screen the bar does not list", async () => {
    await visit("/client/progress")
    expect(currentTab()).toEqual([])
  })
})
