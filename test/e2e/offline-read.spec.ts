/**
 * The lifter's days on the device (docs/decisions/027), end to end: real
 * Chromium, the real server and the Auth emulator. A client with a workout today and one
 * in three days signs in and sees the dashboard; with the browser context offline the
 * dashboard, the week strip and the workout page show the device copy and say it may be
 * stale ('Offline, as of …'); back online the note goes away.
 *
 * The service worker (ADR 026) is in control before the network goes, so the screens'
 * code comes from its precache and a reload offline opens the app.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, formatLongUsDate, todayIso, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

const prescribed = [
  { name: "reps", value: 5 },
  { name: "rpe", value: 8 }
]

/** A coach's client with Squat and Bench Press today and Deadlift in three days. */
async function clientWithTwoDays(baseURL: string) {
  const { client, coachIds, clientIds } = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  const later = addDays(today, 3)
  const save = (date: IsoDate, names: ReadonlyArray<string>) =>
    api(baseURL, coachIds.token, "POST", "/api/workout", {
      clientId: clientIds.id,
      date,
      workout: names.map((name) => ({ name, sets: [{ set: 0, amsap: false, fields: prescribed }] }))
    })
  await save(today, ["Squat", "Bench Press"])
  await save(later, ["Deadlift"])
  return { client, today, later }
}

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name })
const offlineNote = (page: Page) => page.getByRole("status").filter({ hasText: /^Offline, as of / })

/** The device copy has the days around today: the client area's refresh has landed. */
async function deviceCopyHolds(page: Page, day: IsoDate) {
  await expect
    .poll(
      () =>
        page.evaluate(
          (until) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open("strength-coach-device-copy")
              open.onsuccess = () => {
                const db = open.result
                if (!db.objectStoreNames.contains("days")) {
                  resolve(false)
                  return
                }
                const all = db.transaction("days").objectStore("days").getAll()
                all.onsuccess = () =>
                  resolve(
                    (all.result as Array<{ results: { span: { to: string } } | null }>).some(
                      (copy) => copy.results !== null && copy.results.span.to >= until
                    )
                  )
              }
              open.onerror = () => resolve(false)
            }),
          day
        ),
      { timeout: 15_000 }
    )
    .toBe(true)
}

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE]
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport })

    test("offline, the dashboard, week strip and workout show the device copy 'as of' its refresh", async ({
      page,
      context,
      baseURL
    }) => {
      test.setTimeout(120_000)
      const { client, today, later } = await clientWithTwoDays(baseURL ?? "")
      await openLogin(page)
      await logIn(page, client.email, client.password)
      await expect(page).toHaveURL(at("/client/dashboard"))
      const card = page.locator(".next-workout")
      await expect(card.getByText("Squat, Bench Press")).toBeVisible()
      await expect(card).toHaveAttribute("data-source", "network")
      await expect(offlineNote(page)).toHaveCount(0)
      // The worker controls pages opened after it is installed (it never claims a page): reload once online.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      await page.reload()
      await expect(card.getByText("Squat, Bench Press")).toBeVisible()
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
        .toBe(true)
      await deviceCopyHolds(page, later)

      await context.setOffline(true)
      // Reloaded with no network: the dashboard from the copy, the next workout and how old it may be.
      await page.reload()
      await expect(offlineNote(page)).toBeVisible()
      await expect(card.getByText("Squat, Bench Press")).toBeVisible()
      await expect(card).toHaveAttribute("data-source", "copy")
      await expectNoSeriousViolations(page)
      await page.screenshot({ path: `test-results/offline-read/dashboard-${label}.png`, fullPage: true })

      // The week strip: today's workout, and the one in three days (next week's, if it is).
      await nav(page, "Calendar").click()
      await expect(offlineNote(page)).toBeVisible()
      await expect(page.getByRole("heading", { name: formatLongUsDate(today) })).toBeVisible()
      await expect(page.getByText("Squat, Bench Press")).toBeVisible()
      const laterDay = page.getByRole("button", { name: new RegExp(`^${formatLongUsDate(later)}, scheduled`) })
      if ((await laterDay.count()) === 0) await page.getByRole("button", { name: "Next week" }).click()
      await laterDay.click()
      await expect(page.getByRole("heading", { name: formatLongUsDate(later) })).toBeVisible()
      await expect(page.getByText("Deadlift")).toBeVisible()
      await expectNoSeriousViolations(page)
      await page.screenshot({ path: `test-results/offline-read/calendar-${label}.png`, fullPage: true })

      // The workout page, from the copy too.
      await page.getByRole("link", { name: "View workout" }).click()
      await expect(page.getByRole("heading", { level: 1, name: formatLongUsDate(later) })).toBeVisible()
      await expect(page.getByRole("heading", { name: "Deadlift" })).toBeVisible()
      await expect(offlineNote(page)).toBeVisible()
      await expect(page.getByRole("link", { name: "Start workout" })).toBeVisible()
      await expectNoSeriousViolations(page)
      await page.screenshot({ path: `test-results/offline-read/workout-${label}.png`, fullPage: true })

      // Back online: the page reads the server again and the note goes away.
      await context.setOffline(false)
      await expect(offlineNote(page)).toHaveCount(0, { timeout: 15_000 })
      await expect(page.getByRole("heading", { name: "Deadlift" })).toBeVisible()
    })
  })
}
