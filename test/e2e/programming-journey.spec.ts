/**
 * The programming journey, the whole of it, by taps from the dashboard: a coach builds a
 * week for one client (the day's workout in the builder, two more days already saved),
 * copies the week to two other clients and repeats it for 3 more weeks at +2.5 %,
 * edits one day, deletes another and undoes it; once the client has logged, the
 * dashboard shows each client's week. Real Chromium on a desktop and on a phone, the
 * real server and Auth emulator; nothing of ours is mocked.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, dayOfWeek, formatLongUsDate, startOfWeek, todayIso, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachWithThreeClients, type SavedRow, type Signed } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const squat = (weight: number) => ({
  name: "Back Squat",
  sets: [0, 1, 2].map((set) => ({
    set,
    amsap: false,
    fields: [
      { name: "reps", value: 5 },
      { name: "rpe", value: 8 },
      { name: "weight", value: weight }
    ]
  }))
})

/** A coach with three clients; Ann has two days of this week saved besides today. */
async function scene(baseURL: string) {
  const { coach, coachIds, clients, ann, bo, cy } = await coachWithThreeClients(baseURL)
  const today = todayIso(new Date())
  const week = startOfWeek(today)
  // Two other days of today's week (Sunday to Saturday), whichever weekday today is.
  const others = [1, 2].map((step) => addDays(week, (dayOfWeek(today) + step) % 7))
  for (const day of others)
    await api(baseURL, coachIds.token, "POST", "/api/workout", { clientId: ann.id, date: day, workout: [squat(100)] })
  return { coach, coachIds, ann, bo, cy, today, week, others, names: clients.map((client) => client.name) }
}

async function squatLoads(baseURL: string, coach: Signed, client: Signed, from: IsoDate, to: IsoDate) {
  const rows = (await api(
    baseURL,
    coach.token,
    "GET",
    `/api/workouts/${client.id}?from=${from}&to=${to}`
  )) as ReadonlyArray<{
    readonly date: IsoDate
    readonly exercise: string
    readonly weight: number | null
  }>
  return [
    ...new Set(rows.filter((row) => row.exercise === "Back Squat").map((row) => `${row.date} ${row.weight}`))
  ].sort()
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" })

async function journey(page: Page, baseURL: string) {
  test.setTimeout(240_000)
  const s = await scene(baseURL)
  const [annName, boName, cyName] = s.names as [string, string, string]
  await openLogin(page)
  await logIn(page, s.coach.email, s.coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))

  // To Ann's today through the calendar, and build today's workout in the builder.
  await mainNav(page).getByRole("link", { name: "Calendar" }).click()
  await page.getByRole("combobox", { name: "Client", exact: true }).selectOption({ label: annName })
  await page.getByRole("link", { name: new RegExp(`^${formatLongUsDate(s.today)}`) }).click()
  await expect(page.getByText(`for ${annName}`)).toBeVisible()
  await page.getByRole("link", { name: "Add workout" }).click()
  await page.getByRole("button", { name: "Strength" }).click()
  await page.getByRole("button", { name: "Add exercise" }).click()
  await page.getByLabel("Exercise name").fill("Back Squat")
  await page.getByRole("button", { name: "Add set" }).click()
  await page.getByRole("textbox", { name: "Weight (lbs)" }).fill("100")
  await page.getByLabel("Reps").selectOption("5")
  await page.getByRole("button", { name: "More sets" }).click()
  await page.getByRole("button", { name: "More sets" }).click()
  await page.getByRole("button", { name: "Add 3 sets" }).click()
  await page.getByRole("button", { name: "Submit Exercise" }).click()
  await page.getByRole("button", { name: "Submit Workout" }).click()
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Strength Workout" }) })
  await expect(card.getByText("100 lbs, 5 reps, at RPE 8")).toHaveCount(3)

  // Copy the week to Bo and Cy for 4 weeks, each +2.5 lb on the week before it.
  await page.getByRole("link", { name: "Copy this day or week" }).click()
  await page.getByRole("radio", { name: /This week/ }).check()
  await page.getByRole("checkbox", { name: annName }).uncheck()
  await page.getByRole("checkbox", { name: boName }).check()
  await page.getByRole("checkbox", { name: cyName }).check()
  // The start stays a week after the day the coach came from (docs/decisions/040); they pick the week's Sunday.
  await expect(page.getByLabel("Starting on")).toHaveValue(addDays(s.today, 7))
  await page.getByLabel("Starting on").fill(addDays(s.week, 7))
  await page.getByLabel(/Copy for/).selectOption("4")
  await page
    .getByRole("group", { name: /^Week 1/ })
    .getByLabel("Weight ± lb")
    .fill("2.5")
  await page.getByRole("button", { name: "Same change every week" }).click()
  await page.getByRole("button", { name: "Preview" }).click()
  // 3 days a week, 4 weeks, 2 clients.
  await expect(page.getByRole("region", { name: "Preview" }).getByRole("status")).toHaveText("Will create 24 days.")
  await page.getByRole("button", { name: "Create 24 days" }).click()
  await expect(page.getByRole("region", { name: "Copy created" }).getByRole("status")).toHaveText("Created 24 days.")
  await expectNoSeriousViolations(page)
  for (const client of [s.bo, s.cy]) {
    const loads = await squatLoads(baseURL, s.coachIds, client, addDays(s.week, 7), addDays(s.week, 34))
    // Each week adds 2.5 lb to the week before it, the first copy included (docs/decisions/040).
    expect(new Set(loads.map((entry) => entry.split(" ")[1]))).toEqual(new Set(["102.5", "105", "107.5", "110"]))
    expect(loads).toHaveLength(12)
  }

  // Edit today: the top set goes to 105 lbs.
  await page.getByRole("link", { name: "Back to day" }).click()
  await card.getByRole("link", { name: "Edit" }).click()
  await expect(page.getByRole("heading", { name: "Edit workout", level: 1 })).toBeVisible()
  await page.getByRole("list", { name: "Exercises" }).getByRole("button", { name: "Back Squat", exact: true }).click()
  await page.getByRole("button", { name: "Edit set 1" }).click()
  await page.getByRole("textbox", { name: "Weight (lbs)" }).fill("105")
  await page.getByRole("button", { name: "Save set 1" }).click()
  await page.getByRole("button", { name: "Submit Exercise" }).click()
  await page.getByRole("button", { name: "Save changes" }).click()
  await expect(page).toHaveURL(new RegExp(`/coach/workouts/${s.ann.id}/`))
  await expect(card.getByText("105 lbs, 5 reps, at RPE 8")).toHaveCount(1)

  // Delete another day of the week, then undo it.
  const other = s.others[0] as IsoDate
  await page.getByRole("link", { name: "Back to calendar" }).click()
  await page.getByRole("link", { name: new RegExp(`^${formatLongUsDate(other)}`) }).click()
  await card.getByRole("button", { name: "Delete" }).click()
  await card
    .getByRole("group", { name: "Delete this workout? The client's logged results go with it." })
    .getByRole("button", { name: "Delete" })
    .click()
  await expect(page.getByRole("status").filter({ hasText: "Workout deleted." })).toBeVisible()
  await expect(card).toHaveCount(0)
  await page.getByRole("button", { name: "Undo" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Workout restored." })).toBeVisible()
  await expect(card).toHaveCount(1)
  await expectNoSeriousViolations(page)

  // Ann logs today's workout and submits it; the dashboard shows everyone's week.
  const rows = (await api(
    baseURL,
    s.coachIds.token,
    "GET",
    `/api/workouts/${s.ann.id}?from=${s.today}&to=${s.today}`
  )) as ReadonlyArray<SavedRow>
  for (const row of rows)
    await api(baseURL, s.ann.token, "PUT", "/api/updateWorkoutResult", { id: row.id, reps: 5, weight: 105 })
  const ended = new Date()
  await api(baseURL, s.ann.token, "PUT", "/api/workoutCompletion", {
    date: s.today,
    workout_order: 0,
    started_at: new Date(ended.getTime() - 45 * 60_000).toISOString(),
    ended_at: ended.toISOString(),
    duration_seconds: 40 * 60
  })
  await mainNav(page).getByRole("link", { name: "Dashboard" }).click()
  const overview = page.getByRole("list", { name: "Training at a glance" }).getByRole("listitem")
  await expect(overview.filter({ hasText: annName })).toContainText("This week: 1 of 3 done")
  for (const name of [boName, cyName])
    await expect(overview.filter({ hasText: name })).toContainText("This week: nothing scheduled")
  await expectNoSeriousViolations(page)
}

test("on a desktop, a coach programs a month for three clients: build, copy and repeat, edit, delete and undo, then sees who trained", async ({
  page,
  baseURL
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await journey(page, baseURL ?? "")
})

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test("a coach programs a month for three clients: build, copy and repeat, edit, delete and undo, then sees who trained", async ({
    page,
    baseURL
  }) => {
    await journey(page, baseURL ?? "")
  })
})
