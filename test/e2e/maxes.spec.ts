/**
 * Tested maxes, first step of the prescriptions journey: the coach records a client's squat max from the
 * calendar, records a newer one, and the first is kept as history; the client reads
 * the same maxes through the API. Real Chromium, the real server, the real Auth emulator.
 */
import { expect, test } from "@playwright/test"
import { todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test("a coach records a client's squat max, then a newer one, and keeps the first as history", async ({
    page,
    baseURL
  }) => {
    test.setTimeout(120_000)
    const { coach, clientIds } = await coachAndClient(baseURL ?? "")
    await openLogin(page)
    await logIn(page, coach.email, coach.password)
    await expect(page).toHaveURL(at("/coach/dashboard"))

    await page.goto(`/coach/calendar?client=${clientIds.id}`)
    await page.getByRole("link", { name: "Maxes" }).tap()
    await expect(page).toHaveURL(at(`/coach/clients/${clientIds.id}/maxes`))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maxes")
    await expect(page.getByText("No maxes recorded yet.")).toBeVisible()
    await expectNoSeriousViolations(page)

    const form = page.getByRole("form", { name: "Record a max" })
    // A max of nothing is refused on the field, and nothing is sent.
    await form.getByLabel("Exercise").selectOption({ label: "Back Squat" })
    await form.getByLabel("Max").fill("0")
    await form.getByRole("button", { name: "Save max" }).tap()
    await expect(form.getByText(/more than 0/)).toBeVisible()

    await form.getByLabel("Max").fill("315")
    await form.getByRole("button", { name: "Save max" }).tap()
    const current = page.getByRole("region", { name: "Current maxes" })
    await expect(current).toContainText("Back Squat")
    await expect(current).toContainText("315 lbs")

    await form.getByLabel("Exercise").selectOption({ label: "Back Squat" })
    await form.getByLabel("Max").fill("325")
    await form.getByRole("button", { name: "Save max" }).tap()
    await expect(current).toContainText("325 lbs")
    await expect(current.getByText(/History \(1\)/)).toBeVisible()
    await expectNoSeriousViolations(page)

    // What the coach saw is what the server holds, newest first, for the client too.
    const held = (await api(baseURL ?? "", clientIds.token, "GET", `/api/maxes/${clientIds.id}`)) as Array<{
      exercise_id: string
      value: number
      unit: string
      set_on: string
    }>
    expect(held.map(({ exercise_id, value, unit, set_on }) => ({ exercise_id, value, unit, set_on }))).toEqual([
      { exercise_id: "back-squat", value: 325, unit: "lb", set_on: todayIso(new Date()) },
      { exercise_id: "back-squat", value: 315, unit: "lb", set_on: todayIso(new Date()) }
    ])
  })
})
