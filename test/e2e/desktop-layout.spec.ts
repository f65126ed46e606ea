/**
 * A desk's screen (from 1024 px): the coach's and the client's main navigation is a rail down
 * the left edge instead of the bottom bar, the screens sit right of it, and every one of its
 * links works from the keyboard; on a 390 x 844 phone the same navigation is the bar at the
 * foot of the screen, as before. Real Chromium, the real server and Auth emulator.
 */
import { randomUUID } from "node:crypto"
import { expect, test, type Locator, type Page } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { signedInPage } from "./support/two-people.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" })

const box = async (locator: Locator) => {
  const found = await locator.boundingBox()
  if (found === null) throw new Error("not laid out")
  return found
}

/** The rail: the left edge, most of the window's height, the screen's heading right of it. */
async function expectRail(page: Page) {
  const rail = await box(nav(page))
  expect(rail.x).toBeLessThan(10)
  expect(rail.height).toBeGreaterThan(DESKTOP.height * 0.9)
  expect(rail.width).toBeLessThan(DESKTOP.width / 4)
  const main = await box(page.getByRole("main"))
  expect(main.x).toBeGreaterThanOrEqual(rail.x + rail.width)
  const heading = await box(page.getByRole("heading", { level: 1 }))
  expect(heading.x).toBeGreaterThan(rail.x + rail.width)
  // Its links one under another.
  const links = await Promise.all((await nav(page).getByRole("link").all()).map(box))
  for (const [index, link] of links.entries())
    if (index > 0) expect(link.y).toBeGreaterThanOrEqual((links[index - 1]?.y ?? 0) + (links[index - 1]?.height ?? 0))
}

/** The phone's bar: across the foot of the window, its links in a row. */
async function expectBar(page: Page) {
  const bar = await box(nav(page))
  expect(bar.x).toBe(0)
  expect(bar.width).toBe(PHONE.width)
  expect(Math.round(bar.y + bar.height)).toBe(PHONE.height)
  expect(bar.height).toBeLessThan(120)
  const tops = await Promise.all((await nav(page).getByRole("link").all()).map(async (link) => (await box(link)).y))
  expect(new Set(tops).size).toBe(1)
}

/** Presses Tab until `target` has the focus, as someone at a keyboard would. */
async function tabTo(page: Page, target: Locator, most = 100) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press("Tab")
  }
  await expect(target).toBeFocused()
}

const AREAS = [
  { area: "coach", links: ["Dashboard", "Calendar", "Chat", "Profile"] },
  { area: "client", links: ["Dashboard", "Calendar", "Progress", "Chat", "Profile"] }
] as const

for (const { area, links } of AREAS) {
  test(`a ${area}'s navigation is a rail on the left of a desk's screen, worked by keyboard, and the bar on a phone`, async ({
    browser,
    baseURL
  }) => {
    test.setTimeout(120_000)
    const origin = baseURL ?? ""
    const people = await coachAndClient(origin)
    // A message from the other side, so the rail's Chat link carries an unread count.
    const sender = area === "coach" ? people.clientIds : people.coachIds
    await api(origin, sender.token, "POST", `/api/chat/${people.clientIds.id}/messages`, {
      id: randomUUID(),
      body: "See you at six."
    })
    const person = area === "coach" ? people.coach : people.client
    const { context, page } = await signedInPage(browser, person.email, person.password, DESKTOP)

    await expect(nav(page).getByRole("link")).toHaveText(links.map((name) => new RegExp(`^${name}`)))
    await expectRail(page)
    await expect(nav(page).getByText("Strength Coach")).toBeVisible()
    await expect(nav(page).getByRole("link", { name: /^Chat/ })).toHaveAccessibleName("Chat, 1 unread")
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page")
    await expectNoSeriousViolations(page)
    await screenshot(page, `${area}-dashboard`)

    // Every link from the keyboard: Tab to it, Enter, and its screen opens, the link marked current.
    for (const name of [...links.slice(1), links[0]]) {
      const link = nav(page).getByRole("link", { name: new RegExp(`^${name}`) })
      await tabTo(page, link)
      await page.keyboard.press("Enter")
      // The calendar writes the client and week it shows into the address (docs/product.md).
      await expect(page).toHaveURL(new RegExp(`/${area}/${name.toLowerCase()}(\\?.*)?$`))
      await expect(link).toHaveAttribute("aria-current", "page")
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
      await expectRail(page)
    }

    await page.goto(`/${area}/calendar`)
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible()
    await expectRail(page)
    await expectNoSeriousViolations(page)
    await screenshot(page, `${area}-calendar`)

    // A phone: the same navigation, at the foot of the screen as before.
    await page.setViewportSize(PHONE)
    await expectBar(page)
    await expect(nav(page).getByText("Strength Coach")).toBeHidden()
    await expect(nav(page).getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page")
    await expectNoSeriousViolations(page)
    await context.close()
  })
}
