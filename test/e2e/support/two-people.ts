/**
 * Two people at once (the chat and comments specs): each in a browser context of their own, the coach
 * usually at a desk and the client on a phone.
 */
import { expect, type Browser } from "@playwright/test"
import { logIn, openLogin } from "./screens.ts"
import type { DESKTOP } from "./viewports.ts"

/** A new browser context at `viewport`, signed in as `email` and on their dashboard. */
export async function signedInPage(browser: Browser, email: string, password: string, viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, email, password)
  await expect(page).toHaveURL(/\/(coach|client)\/dashboard$/)
  return { context, page }
}
