/**
 * Two people at once (issue 17's specs): each in a browser context of their own, the coach
 * usually at a desk and the client on a phone.
 */
import { expect, test, type Browser, type Page } from "@playwright/test"
import { logIn, openLogin } from "./screens.ts"

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

/** A new browser context at `viewport`, signed in as `email` and on their dashboard. */
export async function signedInPage(browser: Browser, email: string, password: string, viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, email, password)
  await expect(page).toHaveURL(/\/(coach|client)\/dashboard$/)
  return { context, page }
}

/** The page at phone and desktop width, in the test's own output folder and attached to the report. */
export async function screenshot(page: Page, name: string) {
  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP]
  ] as const) {
    await page.setViewportSize(size)
    const path = test.info().outputPath(`${name}-${label}.png`)
    await page.screenshot({ path, fullPage: true })
    await test.info().attach(`${name}-${label}`, { path, contentType: "image/png" })
  }
}
