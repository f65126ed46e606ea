/**
 * Worked-out loads in the builder (docs/decisions/017): while programming a client's day the coach reads each set's
 * worked-out load as the client will (their max, unit and plates), the same number the
 * saved day view shows; a coach who reads kilograms types weights in kilograms and the
 * server keeps them so. Real Chromium on a phone, the real server, the real Auth emulator.
 */
import { expect, test, type Page } from "@playwright/test"
import { isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

async function openBuilder(page: Page, email: string, password: string, clientId: number, date: string) {
  await openLogin(page)
  await logIn(page, email, password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.goto(`/coach/workoutbuilder/${clientId}/${isoToRouteDate(date as never)}`)
  await page.getByRole("button", { name: "Strength" }).click()
  await page.getByRole("button", { name: "Add exercise" }).click()
}

/** The set builder with exactly these fields switched on (reps and RPE start on). */
async function fieldsOn(page: Page, on: ReadonlyArray<string>, off: ReadonlyArray<string>) {
  await page.getByRole("button", { name: "Add set" }).click()
  await page.getByRole("button", { name: "Edit fields" }).click()
  for (const name of off) await page.getByRole("switch", { name }).uncheck()
  for (const name of on) await page.getByRole("switch", { name }).check()
  await page.getByRole("button", { name: "Back to set builder" }).click()
}

const setsList = (page: Page) => page.getByRole("list", { name: "Sets" })

test("the builder shows the load a percentage of the client's max works out to, as the day view does", async ({
  page,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const { coach, coachIds, clientIds } = await coachAndClient(origin)
  const today = todayIso(new Date())
  await api(origin, coachIds.token, "POST", "/api/maxes", {
    clientId: clientIds.id,
    exercise_id: "back-squat",
    value: 315,
    unit: "lb",
    set_on: today
  })

  await openBuilder(page, coach.email, coach.password, clientIds.id, today)
  const exercise = page.getByRole("combobox", { name: "Exercise name" })
  await exercise.pressSequentially("back sq")
  await exercise.press("ArrowDown")
  await exercise.press("Enter")
  await expect(exercise).toHaveValue("Back Squat")

  await fieldsOn(page, ["% of max"], ["RPE"])
  await page.getByLabel("Reps").selectOption("5")
  await page.getByLabel("% of max").fill("75")
  await page.getByRole("button", { name: "Add 1 set" }).click()
  // 75% of 315 lb is 236.25: 235 lbs on a 45 lb bar with 2.5 lb plates.
  const top = setsList(page).getByRole("listitem").nth(0)
  await expect(top).toContainText("235 lbs")
  await expect(top).toContainText("75% of max")
  await expect(top).toContainText("2 × 45 + 5 per side")

  await fieldsOn(page, ["Backoff %"], ["% of max"])
  await page.getByLabel("Reps").selectOption("5")
  await page.getByLabel("Backoff %").fill("10")
  await page.getByRole("button", { name: "Add 1 set" }).click()
  // Nothing is logged yet: the backoff reads as an unlogged one on the day view.
  const backoff = setsList(page).getByRole("listitem").nth(1)
  await expect(backoff).toContainText("10% backoff (log your top set first)")
  await expectNoSeriousViolations(page)

  await page.getByRole("button", { name: "Submit Exercise" }).click()
  await page.getByRole("button", { name: "Submit Workout" }).click()
  await expect(page).toHaveURL(at(`/coach/workouts/${clientIds.id}/${isoToRouteDate(today)}`))
  const rows = page.getByRole("row")
  await expect(rows.nth(1)).toContainText("235 lbs")
  await expect(rows.nth(1)).toContainText("75% of max")
  await expect(rows.nth(1)).toContainText("2 × 45 + 5 per side")
  await expect(rows.nth(2)).toContainText("10% backoff (log your top set first)")
})

test("a coach who reads kilograms types weights in kilograms, and the server keeps them so", async ({
  page,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const { coach, coachIds, clientIds } = await coachAndClient(origin)
  const today = todayIso(new Date())
  await api(origin, coachIds.token, "PUT", `/api/preferences/${coachIds.id}`, {
    unit: "kg",
    bar: null,
    smallest_plate: null
  })

  await openBuilder(page, coach.email, coach.password, clientIds.id, today)
  await page.getByRole("combobox", { name: "Exercise name" }).fill("Deadlift")
  await fieldsOn(page, ["Weight (kg)"], ["RPE"])
  await expect(page.getByLabel("Weight (kg)")).toBeVisible()
  await expect(page.getByLabel("Weight (lbs)")).toHaveCount(0)
  await page.getByLabel("Reps").selectOption("5")
  await page.getByLabel("Weight (kg)").fill("100")
  await expectNoSeriousViolations(page)
  await page.getByRole("button", { name: "Add 1 set" }).click()
  await expect(setsList(page)).toContainText("100 kg, 5 reps")

  await page.getByRole("button", { name: "Submit Exercise" }).click()
  await page.getByRole("button", { name: "Submit Workout" }).click()
  await expect(page).toHaveURL(at(`/coach/workouts/${clientIds.id}/${isoToRouteDate(today)}`))
  const held = (await api(
    origin,
    coachIds.token,
    "GET",
    `/api/workouts/${clientIds.id}?from=${today}&to=${today}`
  )) as ReadonlyArray<{ weight: number | null; weight_unit: string }>
  expect(held.map((row) => [row.weight, row.weight_unit])).toEqual([[100, "kg"]])
})
