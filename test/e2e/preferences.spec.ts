/**
 * Units and plates (docs/decisions/018): a client switches to kilograms on their profile and the
 * choice survives a reload, and their progress reads e1RM in kilograms; a coach sets a
 * client's bar and smallest plate on the client's page, where the client's unit is shown
 * and never offered, and the client's profile shows what the coach set. Real Chromium,
 * the real server, the real Auth emulator, on a phone.
 */
import { expect, test, type Browser, type Page } from "@playwright/test"
import { todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import type { Account } from "./support/stack.ts"
import { PHONE, screenshot } from "./support/viewports.ts"

async function signIn(page: Page, account: Account, home: string) {
  await openLogin(page)
  await logIn(page, account.email, account.password)
  await expect(page).toHaveURL(at(home))
}

const phonePage = (browser: Browser) => browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true })

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test("a client switches to kilograms, the choice survives a reload, and progress reads e1RM (kg)", async ({
    page,
    baseURL
  }) => {
    test.setTimeout(120_000)
    const base = baseURL ?? ""
    const { coachIds, client, clientIds } = await coachAndClient(base)
    // A squat logged today in pounds: 225 x 5 at 0 RIR is an e1RM of 262.5 lbs, 119.1 kg.
    const today = todayIso(new Date())
    const saved = (await api(base, coachIds.token, "POST", "/api/workout", {
      clientId: clientIds.id,
      date: today,
      workout: [{ name: "Back Squat", exercise_id: "back-squat", sets: [{ set: 0, amsap: false, fields: [] }] }]
    })) as ReadonlyArray<SavedRow>
    await api(base, clientIds.token, "PUT", "/api/updateWorkoutResult", {
      id: saved[0]?.id,
      weight: 225,
      weight_unit: "lb",
      reps: 5,
      rir: 0
    })

    await signIn(page, client, "/client/dashboard")
    await page.goto("/client/progress")
    await expect(page.getByText("e1RM (lbs)")).toBeVisible()

    await page.goto("/client/profile")
    const units = page.getByRole("region", { name: "Units and plates" })
    await expect(units.getByRole("radio", { name: "Pounds (lb)" })).toBeChecked()
    await expect(units.getByRole("combobox", { name: "Bar", exact: true }).locator("option:checked")).toHaveText(
      "Usual (45 lb bar)"
    )
    await expect(units.getByRole("button", { name: "Save" })).toBeDisabled()
    await expectNoSeriousViolations(page)

    await units.getByRole("radio", { name: "Kilograms (kg)" }).tap()
    // A new unit brings its usual bar and plates.
    await expect(units.getByRole("combobox", { name: "Bar", exact: true }).locator("option:checked")).toHaveText(
      "Usual (20 kg bar)"
    )
    await expect(units.getByRole("combobox", { name: "Smallest plate" }).locator("option:checked")).toHaveText(
      "Usual (1.25 kg plates)"
    )
    await units.getByRole("button", { name: "Save" }).tap()
    await expect(units.getByRole("status")).toHaveText("Saved")
    await expectNoSeriousViolations(page)
    await screenshot(page, "client-profile-saved")
    expect(await api(base, clientIds.token, "GET", `/api/preferences/${clientIds.id}`)).toEqual({
      unit: "kg",
      bar: null,
      smallest_plate: null
    })

    await page.reload()
    await expect(units.getByRole("radio", { name: "Kilograms (kg)" })).toBeChecked()
    await expect(units.getByRole("status")).toBeEmpty()

    await page.goto("/client/progress")
    await expect(page.getByText("e1RM (kg)")).toBeVisible()
    await expect(page.getByText("e1RM (lbs)")).toHaveCount(0)
    await expect(page.locator("figcaption")).toContainText("e1RM 119.1 kg")
    await expectNoSeriousViolations(page)
    await screenshot(page, "progress-kg")
  })

  test("a coach sets a client's bar and smallest plate, never their unit, and the client's profile shows them", async ({
    page,
    browser,
    baseURL
  }) => {
    test.setTimeout(120_000)
    const base = baseURL ?? ""
    const { coach, coachIds, client, clientIds } = await coachAndClient(base)
    // The coach reads kilograms: a max they record starts in kilograms.
    await api(base, coachIds.token, "PUT", `/api/preferences/${coachIds.id}`, {
      unit: "kg",
      bar: null,
      smallest_plate: null
    })

    await signIn(page, coach, "/coach/dashboard")
    await page.goto(`/coach/clients/${clientIds.id}/maxes`)
    const record = page.getByRole("form", { name: "Record a max" })
    await expect(record.getByRole("radio", { name: "kg" })).toBeChecked()

    const plates = page.getByRole("region", { name: "Bar and plates" })
    // The client's unit is shown, and no control offers to change it.
    await expect(plates).toContainText("Pounds (lb)")
    await expect(plates.getByRole("radio")).toHaveCount(0)
    await plates.getByRole("combobox", { name: "Bar", exact: true }).selectOption({ label: "20 lb" })
    await plates.getByRole("combobox", { name: "Smallest plate" }).selectOption({ label: "1.25 lb" })
    await plates.getByRole("button", { name: "Save" }).tap()
    await expect(plates.getByRole("status")).toHaveText("Saved")
    await expectNoSeriousViolations(page)
    await screenshot(page, "client-maxes-plates")
    expect(await api(base, clientIds.token, "GET", `/api/preferences/${clientIds.id}`)).toEqual({
      unit: "lb",
      bar: 20,
      smallest_plate: 1.25
    })

    const clientPage = await phonePage(browser)
    await signIn(clientPage, client, "/client/dashboard")
    await clientPage.goto("/client/profile")
    const units = clientPage.getByRole("region", { name: "Units and plates" })
    await expect(units.getByRole("radio", { name: "Pounds (lb)" })).toBeChecked()
    await expect(units.getByRole("combobox", { name: "Bar", exact: true }).locator("option:checked")).toHaveText(
      "20 lb"
    )
    await expect(units.getByRole("combobox", { name: "Smallest plate" }).locator("option:checked")).toHaveText(
      "1.25 lb"
    )
    await clientPage.close()
  })

  test("a coach picks their own unit on their profile, with no bar or plates to set", async ({ page, baseURL }) => {
    const base = baseURL ?? ""
    const { coach, coachIds } = await coachAndClient(base)
    await signIn(page, coach, "/coach/dashboard")
    await page.goto("/coach/profile")
    const units = page.getByRole("region", { name: "Units", exact: true })
    await expect(units.getByRole("radio", { name: "Pounds (lb)" })).toBeChecked()
    await expect(units.getByRole("combobox")).toHaveCount(0)
    await units.getByRole("radio", { name: "Kilograms (kg)" }).tap()
    await units.getByRole("button", { name: "Save" }).tap()
    await expect(units.getByRole("status")).toHaveText("Saved")
    await expectNoSeriousViolations(page)
    await screenshot(page, "coach-profile")
    expect(await api(base, coachIds.token, "GET", `/api/preferences/${coachIds.id}`)).toMatchObject({ unit: "kg" })
  })
})
