/**
 * Copy and repeat (docs/decisions/025, 040): a coach with three clients copies a week of
 * one client's workouts to the other two for 4 weeks at +5 lb a week, the first copy
 * included; the preview lists the days and each week's loads, Create makes them, and the
 * server then holds those loads. A week saved as a template is then applied to one client
 * from a later date. A Mon/Wed/Fri template applied from a Wednesday and from a Sunday
 * lands on Mon, Wed and Fri, and +2.5 points a week from 75 % of max reads 77.5, 80, 82.5
 * in the preview and in the stored rows. Real Chromium on a desktop and on a phone, the
 * real server and Auth emulator; axe on each state.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test"
import {
  addDays,
  dayOfWeek,
  isoToRouteDate,
  startOfWeek,
  todayIso,
  WEEKDAY_HEADERS,
  type IsoDate
} from "#domain/calendar.ts"
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

/**
 * A coach with three clients, and a week of Ann's workouts two weeks ahead, on Mon, Wed
 * and Fri: by default Back Squat 3 x 5 at 100 lb and Bench Press.
 */
async function scene(baseURL: string, workout: ReadonlyArray<object> = [squatAt(100), bench]) {
  const { coach, coachIds, ann, bo, cy } = await coachWithThreeClients(baseURL)
  const week = addDays(startOfWeek(todayIso(new Date())), 14)
  for (const day of TRAINING_DAYS)
    await api(baseURL, coachIds.token, "POST", "/api/workout", { clientId: ann.id, date: addDays(week, day), workout })
  return { coach, coachIds, ann, bo, cy, week }
}

interface Row {
  readonly date: IsoDate
  readonly exercise: string
  readonly weight: number | null
  readonly max_percent: number | null
}

/** Each stored day of the client's Back Squat, with the distinct values of one load field. */
async function squatLoadsByDate(
  baseURL: string,
  coachIds: Signed,
  client: Signed,
  from: IsoDate,
  to: IsoDate,
  field: "weight" | "max_percent" = "weight"
) {
  const rows = (await api(
    baseURL,
    coachIds.token,
    "GET",
    `/api/workouts/${client.id}?from=${from}&to=${to}`
  )) as ReadonlyArray<Row>
  const loads = new Map<string, Set<number | null>>()
  for (const row of rows.filter((row) => row.exercise === "Back Squat"))
    loads.set(row.date, (loads.get(row.date) ?? new Set()).add(row[field]))
  return Object.fromEntries([...loads].map(([date, values]) => [date, [...values]]))
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

    test("a coach copies a week to two clients for 4 weeks at +5 lb a week and applies it again as a template", async ({
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
      // Choosing the week leaves the start where it was, a week after the day; the coach picks the Sunday.
      await expect(page.getByLabel("Starting on")).toHaveValue(addDays(wednesday, 7))
      await page.getByLabel("Starting on").fill(addDays(week, 7))
      await page.getByLabel(/Copy for/).selectOption("4")
      await page
        .getByRole("group", { name: /^Week 1/ })
        .getByLabel("Weight ± lb")
        .fill("5")
      await page.getByRole("button", { name: "Same change every week" }).click()
      await expect(page.getByRole("group", { name: /^Week 4/ }).getByLabel("Weight ± lb")).toHaveValue("5")
      await expectNoSeriousViolations(page)
      await snap(page, testInfo, "editing")

      await page.getByRole("button", { name: "Preview" }).click()
      // 3 days a week, 4 weeks, 2 clients.
      await expect(preview(page)).toHaveText("Will create 24 days.")
      const boPreview = page.getByRole("region", { name: "Client bo" })
      await expect(boPreview.getByRole("listitem")).toHaveCount(12)
      await expect(boPreview.getByRole("listitem").first()).toContainText("Will create: Back Squat, Bench Press")
      const loadLines = page.getByRole("list", { name: "Loads by week" }).getByRole("listitem")
      await expect(loadLines.filter({ hasText: "Back Squat" })).toHaveText(
        [1, 2, 3, 4].flatMap((n) =>
          ["Mon", "Wed", "Fri"].map((day) => `Week ${n}, ${day} — Back Squat sets 1–3: ${100 + 5 * n} lb`)
        )
      )
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

      // Each week is +5 lb on the week before it, the first copy included.
      const expected = [105, 110, 115, 120]
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
      await page.getByLabel(/Copy for/).selectOption("1")
      await page
        .getByRole("group", { name: /^Week 1/ })
        .getByLabel("Weight ± lb")
        .fill("0")
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

/** Back Squat 3 x 5 at 75 % of max. */
const squatAtMax = {
  name: "Back Squat",
  sets: [0, 1, 2].map((set) => ({
    set,
    amsap: false,
    fields: [
      { name: "reps", value: 5 },
      { name: "max_percent", value: 75 }
    ]
  }))
}

/** "Wed, " for a Wednesday: how a preview's day label starts. */
const dayLabel = (date: IsoDate) => new RegExp(`^${WEEKDAY_HEADERS[dayOfWeek(date)]}, `)

/** The template to one client from `start`, for `weeks` weeks at `points` % points each. */
async function planTemplate(
  page: Page,
  plan: { from: string; to: string; start: IsoDate; weeks: number; points: string }
) {
  await page.getByRole("radio", { name: /Mon Wed Fri/ }).check()
  await page.getByRole("checkbox", { name: plan.from }).uncheck()
  await page.getByRole("checkbox", { name: plan.to }).check()
  await page.getByLabel("Starting on").fill(plan.start)
  await page.getByLabel(/Copy for/).selectOption(String(plan.weeks))
  await page
    .getByRole("group", { name: /^Week 1/ })
    .getByLabel("% of max/e1RM ± points")
    .fill(plan.points)
  if (plan.weeks > 1) await page.getByRole("button", { name: "Same change every week" }).click()
  // Choosing the template never moved the start.
  await expect(page.getByLabel("Starting on")).toHaveValue(plan.start)
}

/** The preview's days of one client start with these weekdays, in order. */
async function expectPreviewedDays(page: Page, client: string, dates: ReadonlyArray<IsoDate>) {
  const days = page.getByRole("region", { name: client }).getByRole("listitem")
  await expect(days).toHaveCount(dates.length)
  for (const [index, date] of dates.entries()) await expect(days.nth(index)).toContainText(dayLabel(date))
}

test("a Mon/Wed/Fri template lands on Mon, Wed and Fri from a Wednesday and from a Sunday, at +2.5 points a week", async ({
  page,
  baseURL
}, testInfo) => {
  const origin = baseURL ?? ""
  const { coach, coachIds, ann, bo, cy, week } = await scene(origin, [squatAtMax])
  await api(origin, coachIds.token, "POST", "/api/templates", {
    name: "Mon Wed Fri",
    source: { kind: "week", clientId: ann.id, from: week }
  })
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.goto(`/coach/copy/${ann.id}/${isoToRouteDate(addDays(week, 1))}`)

  // From a Wednesday, three weeks at +2.5 points of max, the first copy included: Wed and
  // Fri of the first week, then its Monday.
  await planTemplate(page, { from: "Client ann", to: "Client bo", start: addDays(week, 10), weeks: 3, points: "2.5" })
  await expectNoSeriousViolations(page)
  await page.getByRole("button", { name: "Preview" }).click()
  await expect(preview(page)).toHaveText("Will create 9 days.")
  const landed = [10, 12, 15, 17, 19, 22, 24, 26, 29].map((offset) => addDays(week, offset))
  await expectPreviewedDays(page, "Client bo", landed)
  await expect(page.getByRole("list", { name: "Loads by week" }).getByRole("listitem")).toHaveText(
    [77.5, 80, 82.5].flatMap((percent, index) =>
      ["Mon", "Wed", "Fri"].map((day) => `Week ${index + 1}, ${day} — Back Squat sets 1–3: ${percent}% of max`)
    )
  )
  await expectNoSeriousViolations(page)
  await snap(page, testInfo, "percent-previewed")
  await page.getByRole("button", { name: "Create 9 days" }).click()
  await expect(created(page)).toHaveText("Created 9 days.")
  await expectNoSeriousViolations(page)
  const percents = [77.5, 77.5, 77.5, 80, 80, 80, 82.5, 82.5, 82.5]
  expect(await squatLoadsByDate(origin, coachIds, bo, addDays(week, 7), addDays(week, 35), "max_percent")).toEqual(
    Object.fromEntries(landed.map((date, index) => [date, [percents[index]]]))
  )

  // From a Sunday, one plain copy to Cy: Mon, Wed, Fri of that week at 75 %.
  await page.getByRole("button", { name: "Make another copy" }).click()
  const sunday = addDays(week, 14)
  await planTemplate(page, { from: "Client bo", to: "Client cy", start: sunday, weeks: 1, points: "0" })
  await page.getByRole("button", { name: "Preview" }).click()
  await expect(preview(page)).toHaveText("Will create 3 days.")
  const mondayToFriday = [15, 17, 19].map((offset) => addDays(week, offset))
  await expectPreviewedDays(page, "Client cy", mondayToFriday)
  await page.getByRole("button", { name: "Create 3 days" }).click()
  await expect(created(page)).toHaveText("Created 3 days.")
  expect(await squatLoadsByDate(origin, coachIds, cy, sunday, addDays(sunday, 6), "max_percent")).toEqual(
    Object.fromEntries(mondayToFriday.map((date) => [date, [75]]))
  )
})
