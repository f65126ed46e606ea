/**
 * The instant return (docs/decisions/032): the dashboard a lifter last saw with the server's answer is
 * kept (src/routes/client/-dashboard-snapshot.ts) and painted by /client/dashboard's own
 * HTML before any JavaScript runs, inert and marked "Updating…", for the person this
 * device remembers only; the app then renders over it and the page is live again.
 *
 * The app's scripts are refused to see what the HTML alone paints (the service worker is
 * blocked so every request reaches the real server, which answers /client/dashboard with
 * dist/client/dashboard.html).
 */
import { expect, test, type Page } from "@playwright/test"
import { formatLongUsDate, todayIso } from "#domain/calendar.ts"
import { NO_REPLIES } from "#machines/coach-replies/coach-replies.selectors.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { screenshot } from "./support/viewports.ts"

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" })

const APP_SCRIPTS = /\/assets\/.*\.js$/
const card = (page: Page) => page.getByRole("region", { name: "Next Workout:" })
const root = (page: Page) => page.locator("#root")

/** Signed in as a client with a squat day today, the dashboard showing the server's answer. */
async function clientOnTheDashboard(page: Page, baseURL: string) {
  const { client, coachIds, clientIds } = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  await api(baseURL, coachIds.token, "POST", "/api/workout", {
    clientId: clientIds.id,
    date: today,
    workout: [{ name: "Kept Box Squat", sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 5 }] }] }]
  })
  await openLogin(page)
  await logIn(page, client.email, client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await expect(card(page)).toHaveAttribute("data-source", "network")
  await expect(card(page)).toContainText("Kept Box Squat")
  return { today }
}

test("the last dashboard paints before the app starts, says it is updating, and the app takes over", async ({
  page,
  baseURL
}) => {
  const { today } = await clientOnTheDashboard(page, baseURL ?? "")

  // The HTML alone: no script of the app runs.
  await page.route(APP_SCRIPTS, (route) => route.abort())
  await page.reload()
  await expect(card(page)).toContainText("Kept Box Squat")
  await expect(card(page)).toContainText(formatLongUsDate(today))
  await expect(root(page)).toHaveAttribute("data-snapshot", "")
  await expect(root(page)).toHaveAttribute("inert", "")
  await expect(root(page)).toHaveAttribute("aria-busy", "true")
  const note = await card(page)
    .getByRole("heading", { name: "Next Workout:" })
    .evaluate((heading) => getComputedStyle(heading, "::after").content)
  expect(note).toBe('"Updating…"')
  await screenshot(page, "painted-before-the-app")

  // With its scripts the app renders over it: live, and the server's answer again.
  await page.unroute(APP_SCRIPTS)
  await page.reload()
  await expect(card(page)).toHaveAttribute("data-source", "network")
  await expect(root(page)).not.toHaveAttribute("data-snapshot")
  await expect(root(page)).not.toHaveAttribute("inert")
  await card(page)
    .getByRole("link", { name: /^Open the workout for/ })
    .click()
  await expect(page).toHaveURL(/\/client\/workouts\/\d{2}-\d{2}-\d{4}/)
  await page.goBack()
  await expectNoSeriousViolations(page)
})

test("a kept dashboard is never painted for anyone but the person it was kept for", async ({ page, baseURL }) => {
  await clientOnTheDashboard(page, baseURL ?? "")
  // The device now remembers someone else (as after another person's sign-in).
  await page.evaluate(() => {
    const key = "strength-coach:signed-in-user"
    const remembered = JSON.parse(localStorage.getItem(key) ?? "null") as { id: number }
    localStorage.setItem(key, JSON.stringify({ ...remembered, id: remembered.id + 1 }))
  })
  await page.route(APP_SCRIPTS, (route) => route.abort())
  await page.reload()
  await expect(root(page).getByRole("status")).toHaveText("Loading...")
  await expect(page.getByText("Kept Box Squat")).toHaveCount(0)
  await expect(root(page)).not.toHaveAttribute("data-snapshot")
})

test("the kept dashboard is the one the lifter left, with the coach's replies that came after the card", async ({
  page,
  baseURL
}) => {
  // The replies answer late, after the card has settled and been kept once.
  await page.route("**/beta/api/comments/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await route.continue()
  })
  await clientOnTheDashboard(page, baseURL ?? "")
  await expect(page.getByText(NO_REPLIES)).toBeVisible()

  // Leaving the page keeps it as it stands; the HTML alone then paints the replies too.
  await page.route(APP_SCRIPTS, (route) => route.abort())
  await page.reload()
  await expect(root(page)).toHaveAttribute("data-snapshot", "")
  await expect(root(page).getByText(NO_REPLIES)).toBeVisible()
  await expect(card(page)).toContainText("Kept Box Squat")
})
