import { expect, type Page } from "@playwright/test"

/** The service worker in control of the page, so a reload with no network still opens the app. */
export async function withTheAppInstalled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // The worker controls the pages opened after it is ready.
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}
