/**
 * Compliance on the coach's dashboard (docs/product.md, the coach dashboard), end to end: real
 * Chromium, the real server and Auth emulator, at 1280 x 800 and 390 x 844. Set up through the
 * API as the apps would: the coach programs two past days and one to come, the client
 * submits one of the past two. The dashboard reads 1 of 2 done for both windows, the day to
 * come not counted, per client and for all of them.
 */
import { expect, test } from "@playwright/test"
import { addDays, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { prescribed } from "./support/logging.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

const squat = [{ name: "Back Squat", sets: [{ set: 0, ...prescribed(5, 225) }] }]

/** A coach whose client had workouts three days and one day ago, submitted the first, and has one in two days. */
async function scene(baseURL: string) {
  const today = todayIso(new Date())
  const pair = await coachAndClient(baseURL)
  const [submitted, untouched, toCome] = [addDays(today, -3), addDays(today, -1), addDays(today, 2)]
  for (const date of [submitted, untouched, toCome])
    await api(baseURL, pair.coachIds.token, "POST", "/api/workout", {
      clientId: pair.clientIds.id,
      date,
      workout: squat
    })
  const ended = new Date()
  await api(baseURL, pair.clientIds.token, "PUT", "/api/workoutCompletion", {
    date: submitted,
    workout_order: 0,
    started_at: new Date(ended.getTime() - 45 * 60_000).toISOString(),
    ended_at: ended.toISOString(),
    duration_seconds: 40 * 60
  })
  return pair
}

for (const { label, viewport } of [
  { label: "desktop", viewport: DESKTOP },
  { label: "phone", viewport: PHONE }
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport })

    test("the coach reads 1 of 2 done for the last 7 days and 4 weeks, the day to come not counted", async ({
      page,
      baseURL
    }) => {
      test.setTimeout(90_000)
      const s = await scene(baseURL ?? "")
      await openLogin(page)
      await logIn(page, s.coach.email, s.coach.password)
      await expect(page).toHaveURL(at("/coach/dashboard"))

      const overall = page.getByRole("group", { name: "All clients' compliance" })
      await expect(overall).toContainText("All clients, 4 weeks: 50% (1 of 2 done)")
      await expect(overall).toContainText("All clients, 7 days: 1 of 2 done")
      await expect(overall).toContainText("Done of scheduled: workouts submitted")

      const row = page.getByRole("list", { name: "Training at a glance" }).getByRole("listitem")
      await expect(row).toHaveCount(1)
      await expect(row).toContainText(s.client.name)
      await expect(row.getByText("4 weeks: 50% (1 of 2 done)", { exact: true })).toBeVisible()
      await expect(row.getByText("7 days: 1 of 2 done", { exact: true })).toBeVisible()

      await expectNoSeriousViolations(page)
      await screenshot(page, `compliance-${label}`)
    })
  })
}
