/**
 * The logging journey, on a phone with touch: the lifter sees the whole prescription,
 * logs prefilled sets with one tap each (typing alone is a draft, never logged:
 * docs/decisions/039-done-means-done.md), keeps an AMSAP set going with an added set,
 * skips one, is told when a value cannot be logged, hears (feels) the rest timer end,
 * submits, and the dashboard moves on; the coach's day view shows the workout completed
 * and how long it took. Real Chromium, the real server, the real Auth emulator.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, formatLongUsDate, isoToRouteDate, todayIso, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const PHONE = { width: 390, height: 844 }

const field = (name: string, value: number | string) => ({ name, value })

/** The coach's plan for today, and a squat day a week ago the lifter logged at 265 x 5. */
async function plannedDay(baseURL: string) {
  const people = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  const weekAgo = addDays(today, -7)
  const save = (date: IsoDate, workout: unknown) =>
    api(baseURL, people.coachIds.token, "POST", "/api/workout", {
      clientId: people.clientIds.id,
      date,
      workout
    }) as Promise<ReadonlyArray<SavedRow>>
  const earlier = await save(weekAgo, [
    { name: "Back Squat", sets: [{ set: 0, amsap: false, fields: [field("reps", 5), field("weight", 265)] }] }
  ])
  for (const row of earlier)
    await api(baseURL, people.clientIds.token, "PUT", "/api/updateWorkoutResult", { id: row.id, weight: 265, reps: 5 })
  await save(today, [
    {
      name: "Back Squat",
      sets: [
        { set: 0, amsap: false, fields: [field("reps", 5), field("rpe", 8), field("weight", 275)] },
        { set: 1, amsap: false, fields: [field("reps", 5), field("backoff_percent", 10)] },
        { set: 2, amsap: true, fields: [field("reps", 5), field("weight", 245)] }
      ]
    },
    {
      name: "Bench Press",
      sets: [{ set: 0, amsap: false, fields: [field("reps", 5), field("rpe", 7.5), field("e1rm_percent", 75)] }]
    }
  ])
  return { ...people, today }
}

const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

test.describe("on a phone with touch", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test("a lifter logs a workout in a few taps, the rest timer alerts, submit moves the dashboard on, the coach sees it done", async ({
    page,
    baseURL
  }) => {
    test.setTimeout(180_000)
    const { coach, client, clientIds, today } = await plannedDay(baseURL ?? "")
    // Record the buzz the rest timer asks for (headless Chromium has no motor to feel).
    await page.addInitScript(() => {
      const buzzes: Array<unknown> = []
      ;(window as unknown as { __buzzes: Array<unknown> }).__buzzes = buzzes
      Object.defineProperty(navigator, "vibrate", { value: (pattern: unknown) => (buzzes.push(pattern), true) })
    })
    await openLogin(page)
    await logIn(page, client.email, client.password)
    await expect(page).toHaveURL(at("/client/dashboard"))

    // The whole prescription, in RIR, before starting
    const card = page.getByRole("region", { name: "Next Workout:" })
    await expect(card).toContainText(formatLongUsDate(today))
    await card.getByRole("link").tap()
    await expect(page.getByText("275 lbs × 5 reps at 2 RIR")).toBeVisible()
    await expect(page.getByText(/10% backoff/)).toBeVisible()
    await expect(page.getByText(/AMSAP/).first()).toBeVisible()
    await expect(page.getByText(/5 reps at 2\.5 RIR · 75% of e1RM/)).toBeVisible()
    await page.getByRole("link", { name: "Start workout" }).tap()
    await expect(page).toHaveURL(at(`/client/workouts/${isoToRouteDate(today)}/0`))

    // Set 1: prefilled from the prescription, last time beside it, one tap, a personal record
    const first = setGroup(page, 1)
    await expect(first.getByLabel("Weight (lbs)")).toHaveValue("275")
    await expect(first.getByLabel("Reps")).toHaveValue("5")
    await expect(first.getByLabel("RIR")).toHaveValue("2")
    await expect(first.getByText("last time: 265 lbs × 5")).toBeVisible()
    await first.getByRole("button", { name: "Mark set 1 done" }).tap()
    await expect(first.getByText("Logged", { exact: true })).toBeVisible()
    await expect(first.getByRole("button", { name: "Undo set 1" })).toBeVisible()
    await expect(first.getByLabel("Personal record")).toBeVisible()
    await expectNoSeriousViolations(page)

    // The rest timer runs; shortened to nothing, it alerts
    const rest = page.getByRole("timer", { name: "Rest" })
    await expect(rest).toBeVisible()
    for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "−30 s" }).tap()
    await expect(page.getByRole("alert").filter({ hasText: "Rest is over" })).toBeVisible()
    expect(
      await page.evaluate(() => (window as unknown as { __buzzes: Array<unknown> }).__buzzes.length)
    ).toBeGreaterThan(0)
    await page.getByRole("button", { name: "Dismiss" }).tap()

    // Set 2: an out-of-range value is refused on the field, never logged; a valid one is a draft; then skipped
    const second = setGroup(page, 2)
    await second.getByLabel("Reps").fill("101")
    await expect(second.getByRole("alert")).toContainText(/0 to 100/)
    await expect(second.getByText("Logged", { exact: true })).toHaveCount(0)
    await expect(second.getByLabel("Reps")).toHaveAttribute("aria-invalid", "true")
    await expect(second.getByRole("button", { name: "Mark set 2 done" })).toBeDisabled()
    await second.getByLabel("Reps").fill("5")
    await expect(second.getByRole("alert")).toHaveCount(0)
    await expect(second.getByText("Draft — not logged yet")).toBeVisible()
    await second.getByRole("button", { name: /^Skip/ }).tap()
    await expect(second.getByText("Skipped")).toBeVisible()

    // Set 3 is AMSAP: done, then one more set added and done, a 25-rep set among them
    await setGroup(page, 3).getByRole("button", { name: "Mark set 3 done" }).tap()
    await page.getByRole("button", { name: "Add another set" }).tap()
    const added = setGroup(page, 4)
    await expect(added).toBeVisible()
    await added.getByLabel("Reps").fill("25")
    await added.getByRole("button", { name: "Mark set 4 done" }).tap()
    await expect(added.getByText("Logged", { exact: true })).toBeVisible()
    await expect(setGroup(page, 3).getByText("Logged", { exact: true })).toBeVisible()

    // Bench: one tap
    await page.getByRole("button", { name: "Next exercise" }).tap()
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Bench Press")
    await setGroup(page, 1).getByRole("button", { name: "Mark set 1 done" }).tap()
    await expect(setGroup(page, 1).getByText("Logged", { exact: true })).toBeVisible()

    // Summary: done vs prescribed, the record; submit records completion
    await page.getByRole("button", { name: "End Workout" }).tap()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Summary")
    const summary = page.getByRole("region", { name: "Workout summary" })
    await expect(summary).toContainText("Back Squat: 3 of 4 sets done")
    await expect(summary).toContainText("1 skipped")
    await expect(summary).toContainText("Bench Press: 1 of 1 sets done")
    await expect(summary).toContainText("PR: Back Squat")
    await expectNoSeriousViolations(page)
    await page.getByRole("button", { name: "Submit Workout" }).tap()
    await expect(page).toHaveURL(at("/client/dashboard"))
    await expect(page.getByText("No workouts scheduled!")).toBeVisible()

    // The finished day shows what was done instead of 'Start workout'
    await page.goto(`/client/workouts/${isoToRouteDate(today)}`)
    await expect(page.getByText(/^Completed/)).toBeVisible()
    await expect(page.getByRole("link", { name: "Start workout" })).toHaveCount(0)
    await expect(page.getByRole("link", { name: "Correct a value" })).toBeVisible()
    await expectNoSeriousViolations(page)

    // The coach's day view: completed, and for how long
    await page.goto("/client/dashboard")
    await page.getByRole("button", { name: "Log Out" }).tap()
    await expect(page).toHaveURL(at("/login"))
    await logIn(page, coach.email, coach.password)
    await expect(page).toHaveURL(at("/coach/dashboard"))
    await page.goto(`/coach/workouts/${clientIds.id}/${isoToRouteDate(today)}`)
    await expect(page.getByText(/Completed .*· (under a minute|\d+ min)/)).toBeVisible()
    await expect(page.getByText("added by client")).toBeVisible()
    await expectNoSeriousViolations(page)
  })
})
