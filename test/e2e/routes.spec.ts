import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Page } from "@playwright/test"

async function seriousAccessibilityViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }))
}

test("an unknown path shows the not-found message", async ({ page }) => {
  await page.goto("/no/such/page")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("There's nothing here: 404!")
})

test("the sign-in page shows its heading", async ({ page }) => {
  await page.goto("/login")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in")
})

test("the sign-in page has no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/login")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})

test("the not-found page has no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/no/such/page")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  expect(await seriousAccessibilityViolations(page)).toEqual([])
})
