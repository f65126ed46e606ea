import { expect, test } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"

// The foundation's routes in the built app: public pages load for someone signed
// out, and the areas send them to sign in (the 404 page: accounts.spec.ts).

test.describe("a signed-out visitor", () => {
  for (const [path, heading] of [
    ["/", "Sign in"],
    ["/login", "Sign in"],
    ["/signup", "Sign up"],
    ["/forgot-password", "Forgot password"]
  ] as const) {
    test(`sees ${path} with the heading ${heading} and no serious accessibility violations`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading)
      await expect(page.getByRole("button").first()).toBeVisible()
      await expectNoSeriousViolations(page)
    })
  }

  for (const path of ["/coach/dashboard", "/client/calendar"]) {
    test(`opening ${path} is sent to /login, carrying where they were going`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`)
      await expect(page.getByRole("button", { name: "Log In" })).toBeVisible()
    })
  }
})
