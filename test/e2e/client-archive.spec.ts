/**
 * A coach archives a client and restores them (src/domain/client-archive.ts), end to end: real
 * Chromium, the real server and Auth emulator. Set up through the API as the apps would: three
 * clients; Ann had a workout three days ago (submitted) and one yesterday (untouched), Bo one two
 * days ago. The roster shows Ann's four weeks and what needs attention; archiving Bo (asked
 * first) takes him off the roster, the overview and the calendar picker, lists him under
 * Archived, and leaves his calendar and day readable by address; Restore brings him back.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachWithThreeClients } from "./support/api.ts"
import { prescribed } from "./support/logging.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

const squat = [{ name: "Back Squat", sets: [{ set: 0, ...prescribed(5, 225) }] }]

async function scene(baseURL: string) {
  const today = todayIso(new Date())
  const s = await coachWithThreeClients(baseURL)
  const save = (clientId: number, date: string) =>
    api(baseURL, s.coachIds.token, "POST", "/api/workout", { clientId, date, workout: squat })
  const [annDone, annMissed, boDay] = [addDays(today, -3), addDays(today, -1), addDays(today, -2)]
  await save(s.ann.id, annDone)
  await save(s.ann.id, annMissed)
  await save(s.bo.id, boDay)
  const ended = new Date()
  await api(baseURL, s.ann.token, "PUT", "/api/workoutCompletion", {
    date: annDone,
    workout_order: 0,
    started_at: new Date(ended.getTime() - 45 * 60_000).toISOString(),
    ended_at: ended.toISOString(),
    duration_seconds: 40 * 60
  })
  return { ...s, boDay }
}

const roster = (page: Page) => page.getByRole("list", { name: "Clients", exact: true })
const overviewRows = (page: Page) => page.getByRole("list", { name: "Training at a glance" })
const archivedToggle = (page: Page) => page.getByRole("button", { name: /^Archived \(\d+\)$/ })

for (const { label, viewport } of [
  { label: "desktop", viewport: DESKTOP },
  { label: "phone", viewport: PHONE }
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport })

    test("a coach archives a client, still reads their days, and restores them", async ({ page, baseURL }) => {
      test.setTimeout(120_000)
      const s = await scene(baseURL ?? "")
      const [ann, bo] = [s.clients[0].name, s.clients[1].name]
      await openLogin(page)
      await logIn(page, s.coach.email, s.coach.password)
      await expect(page).toHaveURL(at("/coach/dashboard"))

      // Each client's last four weeks, from the overview, and a flag on what needs attention.
      const annRow = roster(page)
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: ann }) })
      await expect(annRow.getByText("4 weeks: 50% (1 of 2 done)")).toBeVisible()
      await expect(annRow.getByText(/^Last session: (?!Never)/)).toBeVisible()
      await expect(annRow.getByText("Missed: 1")).toBeVisible()
      await expect(annRow.getByText("Needs attention")).toBeVisible()
      await expect(overviewRows(page).getByRole("link", { name: bo })).toBeVisible()
      await expect(archivedToggle(page)).toHaveCount(0)

      // Asked first; Cancel keeps him.
      await roster(page)
        .getByRole("button", { name: `Archive: ${bo}` })
        .click()
      const question = page.getByRole("group", { name: `Archive ${bo}?` })
      await expect(question).toContainText("Their history is kept; you can restore them from Archived.")
      await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused()
      await question.getByRole("button", { name: "Cancel" }).click()
      await expect(question).toHaveCount(0)
      await roster(page)
        .getByRole("button", { name: `Archive: ${bo}` })
        .click()
      await page
        .getByRole("group", { name: `Archive ${bo}?` })
        .getByRole("button", { name: "Archive" })
        .click()

      await expect(page.getByText(`${bo} archived. You can restore them from Archived.`)).toBeVisible()
      await expect(roster(page).getByRole("link", { name: bo })).toHaveCount(0)
      await expect(overviewRows(page).getByRole("link", { name: bo })).toHaveCount(0)
      await expect(overviewRows(page).getByRole("link", { name: ann })).toBeVisible()
      // Under Archived, closed until opened.
      await expect(archivedToggle(page)).toHaveAccessibleName("Archived (1)")
      await expect(archivedToggle(page)).toHaveAttribute("aria-expanded", "false")
      await expect(page.getByRole("list", { name: "Archived clients" })).toHaveCount(0)
      await archivedToggle(page).click()
      const archived = page.getByRole("list", { name: "Archived clients" })
      await expect(archived.getByRole("link", { name: bo })).toBeVisible()
      await expect(archived.getByRole("button", { name: `Restore: ${bo}` })).toBeEnabled()
      await expectNoSeriousViolations(page)
      await screenshot(page, `client-archive-${label}`)

      // The calendar picker leaves him out of its list...
      await page.goto("/coach/calendar")
      const picker = page.getByRole("combobox", { name: "Client" })
      await expect(picker).toBeVisible()
      await expect(picker.locator("option")).toHaveText([ann, s.clients[2].name])
      // ...but his calendar and his day are still there by address.
      await page.goto(`/coach/calendar?client=${s.bo.id}`)
      await expect(page.getByRole("combobox", { name: "Client" })).toHaveValue(String(s.bo.id))
      await expect(page.getByRole("combobox", { name: "Client" }).locator("option:checked")).toHaveText(bo)
      await page.goto(`/coach/workouts/${s.bo.id}/${isoToRouteDate(s.boDay)}`)
      await expect(page.getByText("Back Squat").first()).toBeVisible()
      await expect(page.getByText("Client not found")).toHaveCount(0)

      // Restore brings him back to the roster and the overview.
      await page.goto("/coach/dashboard")
      await archivedToggle(page).click()
      await page
        .getByRole("list", { name: "Archived clients" })
        .getByRole("button", { name: `Restore: ${bo}` })
        .click()
      await expect(page.getByText(`${bo} is back on your list.`)).toBeVisible()
      await expect(roster(page).getByRole("link", { name: bo })).toBeVisible()
      await expect(overviewRows(page).getByRole("link", { name: bo })).toBeVisible()
      await expect(archivedToggle(page)).toHaveCount(0)
      await expectNoSeriousViolations(page)
    })
  })
}
