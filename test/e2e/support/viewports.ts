import { test, type Page } from "@playwright/test"

/** The two screens every flow is looked at on: a phone in the gym, a coach's desk. */
export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

/**
 * The page at phone and desktop width, for a person to look at: in the test's own output
 * folder and attached to the report. The page is left at the size it had, laid out at it.
 */
export async function screenshot(page: Page, name: string) {
  const size = page.viewportSize()
  for (const [label, at] of [
    ["phone", PHONE],
    ["desktop", DESKTOP]
  ] as const) {
    await page.setViewportSize(at)
    const path = test.info().outputPath(`${name}-${label}.png`)
    await page.screenshot({ path, fullPage: true })
    await test.info().attach(`${name}-${label}`, { path, contentType: "image/png" })
  }
  if (size !== null) await page.setViewportSize(size)
  // Two frames at the restored size before the test goes on, so its next tap meets the page
  // as laid out at that size, not at the screenshot's.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))
  )
}
