/**
 * Offline-first logging, in a gym with no signal (docs/decisions/028): a lifter signs in
 * online, loses the network, reloads and still sees the next workout, logs a set (typed,
 * then Done: docs/decisions/039-done-means-done.md) that survives a reload, marks the workout complete (the summary says it is not yet sent), and
 * closes the tab. Back online, the app sends everything once, in order, from whichever
 * screen opens: the server holds every set and the completion, and the coach's day view
 * shows them. Then a set the coach removed meanwhile is reported with what was logged
 * there, not lost. Real Chromium, the real server and service worker, the Auth emulator.
 */
import { expect, test, type Browser } from "@playwright/test"
import { formatLongUsDate, isoToRouteDate, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, type CoachedClient } from "./support/api.ts"
import { coachedWorkoutToday, prescribed, setGroup } from "./support/logging.ts"
import { copiedUnit, signInWithTheAppInstalled } from "./support/installed-app.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { PHONE, screenshot } from "./support/viewports.ts"

/** A coach with one client and today's workout: a squat of two sets and one bench set. */
const workoutForToday = (baseURL: string) =>
  coachedWorkoutToday(baseURL, [
    { name: "Squat", sets: [0, 1].map((set) => ({ set, ...prescribed(5, 100) })) },
    { name: "Bench Press", sets: [{ set: 0, ...prescribed(8, 60) }] }
  ])

/** What the server holds for the client's day, read as the coach. */
const coachReads = (baseURL: string, people: CoachedClient, call: string, today: IsoDate): Promise<unknown> =>
  api(baseURL, people.coachIds.token, "GET", `/api/${call}/${people.clientIds.id}?from=${today}&to=${today}`)

type HeldSet = { exercise: string; set: number; weight: number | null; reps: number | null; rir: number | null }
const results = async (baseURL: string, people: CoachedClient, today: IsoDate) =>
  (await coachReads(baseURL, people, "workoutResults", today)) as ReadonlyArray<HeldSet>
const completions = async (baseURL: string, people: CoachedClient, today: IsoDate) =>
  (await coachReads(baseURL, people, "workoutCompletions", today)) as ReadonlyArray<{ date: string }>

/** The coach, in a browser of their own, opens the client's day. */
async function coachDayView(browser: Browser, people: CoachedClient, today: IsoDate) {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, people.coach.email, people.coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.goto(`/coach/workouts/${people.clientIds.id}/${isoToRouteDate(today)}`)
  return { page, context }
}

test.describe("on a phone in a gym with no signal", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test("a whole workout logged offline, the tab closed, arrives once back online and the coach sees it", async ({
    page,
    context,
    browser,
    baseURL
  }) => {
    const base = baseURL ?? ""
    test.setTimeout(180_000)
    const people = await workoutForToday(base)
    const { today } = people

    // (1) Online: signed in, the dashboard shows the next workout.
    await signInWithTheAppInstalled(page, people)
    const card = page.getByRole("region", { name: "Next Workout:" })
    await expect(card).toContainText(formatLongUsDate(today))
    // The area keeps the lifter's unit on the device once it has painted (docs/decisions/038):
    // without it the logging page offline refuses a weight rather than guess its unit.
    await expect.poll(() => copiedUnit(page, people.clientIds.id)).toBe("lb")

    // (2) No network, reload: the dashboard still shows it, from the device's copy.
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole("region", { name: "Next Workout:" })).toContainText(formatLongUsDate(today))

    // (3) Open it, start, log a set, reload: the value is still there.
    await page.getByRole("region", { name: "Next Workout:" }).getByRole("link").tap()
    await page.getByRole("link", { name: "Start workout" }).tap()
    await expect(page).toHaveURL(at(`/client/workouts/${isoToRouteDate(today)}/0`))
    const first = setGroup(page, 1)
    await first.getByLabel("Weight (lbs)").fill("105")
    await first.getByLabel("Reps").fill("5")
    await first.getByLabel("RIR").fill("2")
    await expect(first.getByText("Draft — not logged yet")).toBeVisible()
    await first.getByRole("button", { name: "Mark set 1 done" }).tap()
    await expect(first.getByText("Waiting to sync")).toBeVisible({ timeout: 20_000 })
    await expect(first.getByText("Logged", { exact: true })).toHaveCount(0)
    await expectNoSeriousViolations(page)
    await page.reload()
    // The workout itself now comes from the phone's copy, and the page says how old it is.
    await expect(page.getByRole("status").filter({ hasText: /^Offline, as of / })).toBeVisible()
    await expect(setGroup(page, 1).getByLabel("Weight (lbs)")).toHaveValue("105")
    await expect(setGroup(page, 1).getByLabel("RIR")).toHaveValue("2")
    // The second set as prescribed, in one tap; then the last logged edit of the first set wins.
    await setGroup(page, 2).getByRole("button", { name: "Mark set 2 done" }).tap()
    await setGroup(page, 1).getByLabel("Reps").fill("6")
    await expect(setGroup(page, 1).getByText("Changed — tap Done to update")).toBeVisible()
    await setGroup(page, 1).getByRole("button", { name: "Mark set 1 done" }).tap()
    await expect(setGroup(page, 1).getByText("Waiting to sync")).toBeVisible({ timeout: 20_000 })
    await expect(setGroup(page, 1).getByText("Logged", { exact: true })).toHaveCount(0)

    // (4) Mark it complete: kept on the phone, and said to be not yet sent.
    await page.getByRole("button", { name: "End Workout" }).tap()
    await page.getByRole("button", { name: "Submit Workout" }).tap()
    await page.getByRole("button", { name: "Submit anyway" }).tap()
    await expect(page.getByText(/^Not yet sent: your workout is kept on this phone/)).toBeVisible()
    await expect(page.getByText(/Submitted/)).toHaveCount(0)
    await expectNoSeriousViolations(page)
    await screenshot(page, "summary-not-yet-sent")
    await page.getByRole("button", { name: "Back to dashboard" }).tap()
    await expect(page).toHaveURL(at("/client/dashboard"))
    await expect(page.getByRole("status").filter({ hasText: "not yet sent" })).toBeVisible()
    await screenshot(page, "dashboard-not-yet-sent")
    expect(await results(base, people, today)).toEqual([])
    expect(await completions(base, people, today)).toEqual([])

    // The tab is closed; later, with the network back, the app opens on the dashboard.
    await page.close()
    await context.setOffline(false)
    const later = await context.newPage()
    await later.goto("/client/dashboard")

    // (5) The server holds every set and the completion, once; the coach's day view shows them.
    await expect.poll(async () => (await completions(base, people, today)).length, { timeout: 30_000 }).toBe(1)
    const held = await results(base, people, today)
    expect(held.map(({ exercise, set, weight, reps, rir }) => ({ exercise, set, weight, reps, rir }))).toEqual([
      { exercise: "Squat", set: 0, weight: 105, reps: 6, rir: 2 },
      { exercise: "Squat", set: 1, weight: 100, reps: 5, rir: null }
    ])
    await expect(later.getByRole("status").filter({ hasText: "not yet sent" })).toHaveCount(0)
    const coach = await coachDayView(browser, people, today)
    await expect(coach.page.getByRole("cell", { name: "105 lbs, 6 reps, 2 RIR", exact: true })).toBeVisible()
    // Set 2 was logged as prescribed, so its figures are in the Prescribed column too: read the Performed cell.
    await expect(
      coach.page
        .getByRole("row", { name: /^Set 2 / })
        .getByRole("cell")
        .last()
    ).toHaveText("100 lbs, 5 reps")
    await expect(coach.page.getByText(/^Completed/)).toBeVisible()
    await coach.context.close()
  })

  test("a set the coach removed while the lifter was offline is reported with what was logged there", async ({
    page,
    context,
    baseURL
  }) => {
    const base = baseURL ?? ""
    test.setTimeout(120_000)
    const people = await workoutForToday(base)
    const { today, rows } = people
    await signInWithTheAppInstalled(page, people)
    await page.goto(`/client/workouts/${isoToRouteDate(today)}/0`)
    await expect(setGroup(page, 2)).toBeVisible()

    await context.setOffline(true)
    await setGroup(page, 2).getByLabel("Weight (lbs)").fill("95")
    await setGroup(page, 2).getByRole("button", { name: "Mark set 2 done" }).tap()
    await expect(setGroup(page, 2).getByText("Waiting to sync")).toBeVisible({ timeout: 20_000 })

    // Meanwhile the coach takes the squat's second set out of the workout.
    const [squat1, , bench] = rows
    await api(base, people.coachIds.token, "PUT", "/api/workout", {
      clientId: people.clientIds.id,
      date: today,
      workoutOrder: 0,
      workout: [
        { name: "Squat", sets: [{ id: squat1?.id, set: 0, ...prescribed(5, 100) }] },
        { name: "Bench Press", sets: [{ id: bench?.id, set: 0, ...prescribed(8, 60) }] }
      ],
      idempotencyKey: `offline-journey-${Date.now().toString(36)}-000001`
    })

    await context.setOffline(false)
    const notice = page.getByRole("alert").filter({ hasText: "Your coach removed" })
    await expect(notice).toHaveText(
      /Your coach removed Squat set 2; what you logged there \(5 × 95 lb\) was not saved\./,
      { timeout: 30_000 }
    )
    await expect(setGroup(page, 2).getByText("Not saved: your coach removed this set")).toBeVisible()
    await expect(setGroup(page, 2).getByLabel("Weight (lbs)")).toHaveValue("95")
    await expectNoSeriousViolations(page)
    await screenshot(page, "set-removed-by-coach")

    // It stays, across a reload and on other screens, until the lifter has read it.
    await page.goto("/client/dashboard")
    await expect(notice).toBeVisible()
    await notice.getByRole("button", { name: "Dismiss" }).tap()
    await expect(notice).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole("region", { name: "Next Workout:" })).toBeVisible()
    await expect(notice).toHaveCount(0)
  })
})
