/**
 * Loads worked out (docs/decisions/017): a coach's "Back Squat 5 @ 75% of max" and a 10% backoff become
 * pounds on the lifter's bar, with the plates a tap away; the backoff follows the top set the
 * lifter actually does as soon as its weight is typed; the coach's day view reads the same
 * numbers; a lifter in kilograms reads kilograms; a lifter with no max reads the percentage and
 * why. Real Chromium, the real server, the real Auth emulator, on a phone.
 */
import { expect, test, type Page } from "@playwright/test"
import { isoToRouteDate, todayIso } from "#domain/calendar.ts"
import {
  backoffLoad,
  DEFAULT_PLATES_KG,
  DEFAULT_PLATES_LB,
  percentLoad,
  plateBreakdown,
  plateBreakdownText,
  roundToPlates
} from "#domain/loads.ts"
import { formatAmount, toUnit } from "#domain/units.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const PHONE = { width: 390, height: 844 }
const field = (name: string, value: number) => ({ name, value })

/** The coach's squat day for today, and (when given) the client's tested max. */
async function squatDay(baseURL: string, max?: number): Promise<CoachedClient & { today: string }> {
  const people = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  if (max !== undefined)
    await api(baseURL, people.coachIds.token, "POST", "/api/maxes", {
      clientId: people.clientIds.id,
      exercise_id: "back-squat",
      value: max,
      unit: "lb",
      set_on: today
    })
  await api(baseURL, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: today,
    workout: [
      {
        name: "Back Squat",
        exercise_id: "back-squat",
        sets: [
          { set: 0, amsap: false, fields: [field("reps", 5), field("max_percent", 75)] },
          { set: 1, amsap: false, fields: [field("reps", 5), field("backoff_percent", 10)] }
        ]
      }
    ]
  })
  return { ...people, today }
}

const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

async function openSquatDay(page: Page, email: string, password: string, today: string) {
  await openLogin(page)
  await logIn(page, email, password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await page.goto(`/client/workouts/${isoToRouteDate(today as never)}/0`)
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Back Squat")
}

// What the lifter should read, worked out by the domain's own functions from the numbers.
const topLoad = roundToPlates(percentLoad(315, 75), DEFAULT_PLATES_LB).load
const followed = roundToPlates(backoffLoad(245, 10), DEFAULT_PLATES_LB).load
const topKg = roundToPlates(percentLoad(toUnit(315, "lb", "kg"), 75), DEFAULT_PLATES_KG).load
const followedKg = roundToPlates(toUnit(backoffLoad(245, 10), "lb", "kg"), DEFAULT_PLATES_KG).load

test.describe("on a phone with touch", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test("the lifter reads the load in pounds with its plates, a backoff follows the heavier top set, the coach reads the same, kilograms convert", async ({
    page,
    browser,
    baseURL
  }) => {
    test.setTimeout(180_000)
    expect([topLoad, followed]).toEqual([235, 220])
    const { coach, client, clientIds, today } = await squatDay(baseURL ?? "", 315)
    await openSquatDay(page, client.email, client.password, today)

    // 75% of 315 lb is 236.25: 235 on a 45 lb bar with 2.5 lb plates, prefilled, plates a tap away.
    const top = setGroup(page, 1)
    await expect(top.getByText(`${topLoad} lbs`, { exact: true })).toBeVisible()
    await expect(top.getByText("75% of max", { exact: true })).toBeVisible()
    await expect(top.getByLabel("Weight (lbs)")).toHaveValue(String(topLoad))
    const plates = top.getByRole("button", { name: "Plates" })
    await expect(plates).toHaveAttribute("aria-expanded", "false")
    await plates.tap()
    await expect(plates).toHaveAttribute("aria-expanded", "true")
    await expect(
      top.getByText(plateBreakdownText(plateBreakdown(topLoad, DEFAULT_PLATES_LB)), { exact: true })
    ).toBeVisible()

    // The backoff waits for the top set, with no number made up.
    const backoff = setGroup(page, 2)
    await expect(backoff.getByText("(log your top set first)", { exact: true })).toBeVisible()
    await expect(backoff.getByLabel("Weight (lbs)")).toHaveValue("")
    await expectNoSeriousViolations(page)

    // A heavier top set: typed, it is a draft and the backoff still waits; logged, the backoff follows it
    // (docs/decisions/039-done-means-done.md).
    await top.getByLabel("Weight (lbs)").fill("245")
    await expect(top.getByText("Draft — not logged yet")).toBeVisible()
    await expect(backoff.getByText("(log your top set first)", { exact: true })).toBeVisible()
    await top.getByRole("button", { name: "Mark set 1 done" }).tap()
    await expect(top.getByText("Logged", { exact: true })).toBeVisible()
    await expect(backoff.getByText(`${followed} lbs`, { exact: true })).toBeVisible()
    await expect(backoff.getByLabel("Weight (lbs)")).toHaveValue(String(followed))
    await backoff.getByRole("button", { name: "Plates" }).tap()
    await expect(
      backoff.getByText(plateBreakdownText(plateBreakdown(followed, DEFAULT_PLATES_LB)), { exact: true })
    ).toBeVisible()
    await expectNoSeriousViolations(page)

    // What was logged keeps its unit on the server.
    const logged = (await api(
      baseURL ?? "",
      clientIds.token,
      "GET",
      `/api/workoutResults/${clientIds.id}?from=${today}&to=${today}`
    )) as Array<{ set: number; weight: number | null; weight_unit: string; reps: number | null }>
    expect(logged.find((row) => row.set === 0)).toMatchObject({ weight: 245, weight_unit: "lb", reps: 5 })

    // The coach's day view: the same numbers, in the client's unit and plates.
    const coachContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
    const coachPage = await coachContext.newPage()
    await openLogin(coachPage)
    await logIn(coachPage, coach.email, coach.password)
    await expect(coachPage).toHaveURL(at("/coach/dashboard"))
    await coachPage.goto(`/coach/workouts/${clientIds.id}/${isoToRouteDate(today as never)}`)
    const rows = coachPage.getByRole("row")
    await expect(rows.nth(1)).toContainText(`${topLoad} lbs`)
    await expect(rows.nth(1)).toContainText("75% of max")
    await expect(rows.nth(2)).toContainText(`${followed} lbs`)
    await expectNoSeriousViolations(coachPage)
    await coachContext.close()

    // The lifter switches to kilograms: the max stays 315 lb, the loads read in kilograms.
    await api(baseURL ?? "", clientIds.token, "PUT", `/api/preferences/${clientIds.id}`, {
      unit: "kg",
      bar: null,
      smallest_plate: null
    })
    await page.reload()
    await expect(top.getByText(`${formatAmount(topKg)} kg`, { exact: true })).toBeVisible()
    await expect(top.getByText("75% of max", { exact: true })).toBeVisible()
    // The 245 lb logged is shown in kilograms; stored as it was entered.
    await expect(top.getByLabel("Weight (kg)")).toHaveValue(formatAmount(toUnit(245, "lb", "kg")))
    await expect(backoff.getByText(`${formatAmount(followedKg)} kg`, { exact: true })).toBeVisible()
    await expect(backoff.getByLabel("Weight (kg)")).toHaveValue(formatAmount(followedKg))
    await top.getByRole("button", { name: "Plates" }).tap()
    await expect(
      top.getByText(plateBreakdownText(plateBreakdown(topKg, DEFAULT_PLATES_KG)), { exact: true })
    ).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test("a lifter with no tested max reads the percentage and why, never a number", async ({ page, baseURL }) => {
    test.setTimeout(120_000)
    const { client, today } = await squatDay(baseURL ?? "")
    await openSquatDay(page, client.email, client.password, today)
    const top = setGroup(page, 1)
    await expect(top.getByText("75% of max", { exact: true })).toBeVisible()
    await expect(top.getByText("(no tested max yet)", { exact: true })).toBeVisible()
    await expect(top.getByRole("button", { name: "Plates" })).toHaveCount(0)
    await expect(top.getByLabel("Weight (lbs)")).toHaveValue("")
    await expectNoSeriousViolations(page)
  })
})
