/**
 * Issue 15, copy and repeat: a coach with three clients copies a week of one client's
 * workouts to the other two and repeats it for 3 more weeks at +2.5 % loads; the preview
 * lists the days, Create makes them, and the server then holds the loads compounding
 * week on week (docs/decisions/025: each repeat changes the week before it, to 0.1). A
 * week saved as a template is then applied to one client from a later date. Real
 * Chromium on a desktop and on a phone, the real server and Auth emulator; axe on each state.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test"
import { addDays, isoToRouteDate, startOfWeek, todayIso, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachWithThreeClients, type Signed } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const squatAt = (weight: number) => ({
  name: "Back Squat",
  sets: [0, 1, 2].map((set) => ({
    set,
    amsap: false,
    fields: [
      { name: "reps", value: 5 },
      { name: "weight", value: weight }
    ]
  }))
})
const bench = { name: "Bench Press", sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 8 }] }] }

/** Mon, Wed and Fri of the source week. */
const TRAINING_DAYS = [1, 3, 5]

/** A coach with three clients, and a week of Ann's workouts (Back Squat 3 x 5 at 100 lb, Bench Press) two weeks ahead. */
async function scene(baseURL: string) {
  const { coach, coachIds, ann, bo, cy } = await coachWithThreeClients(baseURL)
  const week = addDays(startOfWeek(todayIso(new Date())), 14)
  for (const day of TRAINING_DAYS)
    await api(baseURL, coachIds.token, "POST", "/api/workout", {
      clientId: ann.id,
      date: addDays(week, day),
      workout: [squatAt(100), bench]
    })
  return { coach, coachIds, ann, bo, cy, week }
}

interface Row {
  readonly date: IsoDate
  readonly exercise: string
  readonly weight: number | null
}

async function squatLoadsByDate(baseURL: string, coachIds: Signed, client: Signed, from: IsoDate, to: IsoDate) {
  const rows = (await api(
    baseURL,
    coachIds.token,
    "GET",
    `/api/workouts/${client.id}?from=${from}&to=${to}`
  )) as ReadonlyArray<Row>
  const loads = new Map<string, Set<number | null>>()
  for (const row of rows.filter((row) => row.exercise === "Back Squat"))
    loads.set(row.date, (loads.get(row.date) ?? new Set()).add(row.weight))
  return Object.fromEntries([...loads].map(([date, weights]) => [date, [...weights]]))
}

const preview = (page: Page) => page.getByRole("region", { name: "Preview" }).getByRole("status")
const created = (page: Page) => page.getByRole("region", { name: "Copy created" }).getByRole("status")

async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

const viewports = [
  { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  { name: "phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } }
] as const

for (const { name, use } of viewports) {
  test.describe(`on a ${name}`, () => {
    test.use(use)

    test("a coach copies a week to two clients for 4 weeks at +2.5 % and applies it again as a template", async ({
      page,
      baseURL
    }, testInfo) => {
      const origin = baseURL ?? ""
      const { coach, coachIds, ann, bo, cy, week } = await scene(origin)
      const wednesday = addDays(week, 3)

      await openLogin(page)
      await logIn(page, coach.email, coach.password)
      await expect(page).toHaveURL(at("/coach/dashboard"))
      await page.goto(`/coach/copy/${ann.id}/${isoToRouteDate(wednesday)}`)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Copy Client ann’s Wednesday/)

      await page.getByRole("radio", { name: /This week/ }).check()
      await page.getByRole("checkbox", { name: "Client ann" }).uncheck()
      await page.getByRole("checkbox", { name: "Client bo" }).check()
      await page.getByRole("checkbox", { name: "Client cy" }).check()
      // The week lands on the next Sunday unless the coach says otherwise.
      await expect(page.getByLabel("Starting on")).toHaveValue(addDays(week, 7))
      await page.getByLabel(/Repeat for/).selectOption("3")
      await page
        .getByRole("group", { name: /^Week 2/ })
        .getByLabel("Loads %")
        .fill("2.5")
      await page.getByRole("button", { name: "Same change every week" }).click()
      await expect(page.getByRole("group", { name: /^Week 4/ }).getByLabel("Loads %")).toHaveValue("2.5")
      await expectNoSeriousViolations(page)
      await snap(page, testInfo, "editing")

      await page.getByRole("button", { name: "Preview" }).click()
      // 3 days a week, 4 weeks, 2 clients.
      await expect(preview(page)).toHaveText("Will create 24 days.")
      const boPreview = page.getByRole("region", { name: "Client bo" })
      await expect(boPreview.getByRole("listitem")).toHaveCount(12)
      await expect(boPreview.getByRole("listitem").first()).toContainText("Will create: Back Squat, Bench Press")
      await expectNoSeriousViolations(page)
      await snap(page, testInfo, "previewed")

      await page.getByRole("button", { name: "Create 24 days" }).click()
      await expect(created(page)).toHaveText("Created 24 days.")
      const firstDay = addDays(week, 8)
      await expect(
        page.getByRole("region", { name: "Client cy" }).getByRole("link", { name: /Mon, / }).first()
      ).toHaveAttribute("href", `/coach/workouts/${cy.id}/${isoToRouteDate(firstDay)}`)
      await expectNoSeriousViolations(page)
      await snap(page, testInfo, "created")

      // Each repeat is +2.5 % on the week before it, to 0.1: 100, 102.5, 105.1, 107.7.
      const expected = [100, 102.5, 105.1, 107.7]
      for (const client of [bo, cy]) {
        const loads = await squatLoadsByDate(origin, coachIds, client, addDays(week, 7), addDays(week, 34))
        expect(loads).toEqual(
          Object.fromEntries(
            expected.flatMap((weight, repeat) =>
              TRAINING_DAYS.map((day) => [addDays(week, 7 * (repeat + 1) + day), [weight]])
            )
          )
        )
      }
      // Ann's own weeks were not touched.
      expect(Object.keys(await squatLoadsByDate(origin, coachIds, ann, addDays(week, 7), addDays(week, 34)))).toEqual(
        []
      )

      // The week as a template, then applied to Bo from the Sunday after his four weeks.
      await page.getByRole("button", { name: "Make another copy" }).click()
      await page.getByLabel("Template name").fill("Ann's week")
      await page.getByRole("button", { name: "Save this week as template" }).click()
      await expect(page.getByText("Saved as template “Ann's week”")).toBeVisible()
      await page.getByRole("radio", { name: /Ann's week/ }).check()
      for (const client of ["Client ann", "Client cy"]) await page.getByRole("checkbox", { name: client }).uncheck()
      await page.getByRole("checkbox", { name: "Client bo" }).check()
      await page.getByLabel(/Repeat for/).selectOption("0")
      const later = addDays(week, 35)
      await page.getByLabel("Starting on").fill(later)
      await page.getByRole("button", { name: "Preview" }).click()
      await expect(preview(page)).toHaveText("Will create 3 days.")
      await page.getByRole("button", { name: "Create 3 days" }).click()
      await expect(created(page)).toHaveText("Created 3 days.")
      expect(await squatLoadsByDate(origin, coachIds, bo, later, addDays(later, 6))).toEqual(
        Object.fromEntries(TRAINING_DAYS.map((day) => [addDays(later, day), [100]]))
      )
      await page.getByRole("link", { name: "Back to day" }).click()
      await expect(page).toHaveURL(at(`/coach/workouts/${ann.id}/${isoToRouteDate(wednesday)}`))

      // Bo's second week is heavier than Ann's: the same name for it is taken, and says so.
      await page.goto(`/coach/copy/${bo.id}/${isoToRouteDate(addDays(week, 17))}`)
      await page.getByRole("radio", { name: /This week/ }).check()
      await page.getByLabel("Template name").fill("Ann's week")
      await page.getByRole("button", { name: "Save this week as template" }).click()
      await expect(page.getByRole("alert")).toHaveText(
        "You already have a template named “Ann's week”. Choose another name."
      )
      await expect(page.getByText(/Saved as template/)).toHaveCount(0)
    })
  })
}
