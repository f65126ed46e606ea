/**
 * Every weight in its true unit (docs/decisions/038-one-way-to-show-a-weight.md): a lifter
 * in kilograms and a coach in pounds. The coach programs a squat in kilograms; the lifter
 * logs it online and a bench set offline (the page reloaded with no network, their unit then
 * from the device copy), and submits back online. Then every weight on every screen either
 * of them opens is read and checked against the rows the server holds: the lifter's in
 * kilograms, the coach's in pounds with the kilograms typed beside them, never a bare
 * number; and the set logged offline is stored as 80 kg. Real Chromium, the real server,
 * its service worker and the Auth emulator.
 */
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test"
import { addDays, isoToRouteDate, todayIso, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient, type SavedRow } from "./support/api.ts"
import { copiedUnit, signInWithTheAppInstalled } from "./support/installed-app.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, PHONE } from "./support/viewports.ts"

/** A row as the server answers it, with what the screens show of it. */
interface HeldRow {
  readonly id: number
  readonly date: string
  readonly exercise: string
  readonly set: number
  readonly weight: number | null
  readonly weight_unit: "lb" | "kg"
  readonly reps: number | "AMRAP" | null
  readonly rir: number | null
}

const LB_PER_KG = 2.20462262185
const tenth = (value: number) => String(Math.round(value * 10) / 10)
const label = (unit: "lb" | "kg") => (unit === "kg" ? "kg" : "lbs")

/**
 * What a weight must read to `viewer`, worked out here from the row and the definition of
 * a pound, not by the app's formatter: "107.5 kg", or "237 lbs (107.5 kg)" for a pound viewer.
 */
const expectedWeight = (row: HeldRow, viewer: "lb" | "kg"): string => {
  const weight = row.weight ?? 0
  const stored = `${weight} ${label(row.weight_unit)}`
  if (row.weight_unit === viewer) return stored
  const converted = viewer === "lb" ? weight * LB_PER_KG : weight / LB_PER_KG
  return `${tenth(converted)} ${label(viewer)} (${stored})`
}

/** A number shown as a weight with no unit: "107.5 × 5", "last time: 36.3". */
async function expectNoBareWeights(where: Locator) {
  const text = await where.innerText()
  expect(text).not.toMatch(/\d ×/)
  expect(text).not.toMatch(/last time: [\d.]+( ×|$)/m)
}

/** Every "n lbs" or "n kg" on the screen, in order. */
const weightsIn = async (where: Locator): Promise<ReadonlyArray<string>> =>
  (await where.innerText()).match(/\d[\d,]*(\.\d+)? (lbs|lb|kg)\b/g) ?? []

const squatSet = (set: number) => ({
  set,
  amsap: false,
  weight_unit: "kg",
  fields: [
    { name: "reps", value: 5 },
    { name: "weight", value: 107.5 }
  ]
})

/** Last week's squat, logged at 100 kg × 5, and today's: a squat in kilograms and a bench set with no weight written. */
async function kilogramLifterAndPoundCoach(baseURL: string) {
  const people = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  const lastWeek = addDays(today, -7)
  await api(baseURL, people.clientIds.token, "PUT", `/api/preferences/${people.clientIds.id}`, {
    unit: "kg",
    bar: null,
    smallest_plate: null
  })
  await api(baseURL, people.coachIds.token, "PUT", `/api/preferences/${people.coachIds.id}`, {
    unit: "lb",
    bar: null,
    smallest_plate: null
  })
  await api(baseURL, people.coachIds.token, "POST", "/api/maxes", {
    clientId: people.clientIds.id,
    exercise_id: "back-squat",
    value: 140,
    unit: "kg",
    set_on: today
  })
  const [before] = (await api(baseURL, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: lastWeek,
    workout: [{ name: "Back Squat", exercise_id: "back-squat", sets: [squatSet(0)] }]
  })) as ReadonlyArray<SavedRow>
  await api(baseURL, people.clientIds.token, "PUT", "/api/updateWorkoutResult", {
    id: before?.id,
    weight: 100,
    weight_unit: "kg",
    reps: 5
  })
  await api(baseURL, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: today,
    workout: [
      { name: "Back Squat", exercise_id: "back-squat", sets: [squatSet(0), squatSet(1)] },
      {
        name: "Bench Press",
        exercise_id: "bench-press",
        sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 8 }] }]
      }
    ]
  })
  return { ...people, today, lastWeek }
}

/** What the server holds, read through the API as the coach. */
const heldRows = async (baseURL: string, people: CoachedClient, call: string, from: IsoDate, to: IsoDate) =>
  (await api(
    baseURL,
    people.coachIds.token,
    "GET",
    `/api/${call}/${people.clientIds.id}?from=${from}&to=${to}`
  )) as ReadonlyArray<HeldRow>

const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

async function coachPage(browser: Browser, people: CoachedClient) {
  const context = await browser.newContext({ viewport: DESKTOP })
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, people.coach.email, people.coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  return { page, context }
}

test.describe("a lifter in kilograms and a coach in pounds", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test("every weight on every screen reads in a true unit, online and offline, and the offline set is stored in kilograms", async ({
    page,
    context,
    browser,
    baseURL
  }) => {
    test.setTimeout(240_000)
    const base = baseURL ?? ""
    const people = await kilogramLifterAndPoundCoach(base)
    const { today, lastWeek } = people
    const day = isoToRouteDate(today)

    // Online: the lifter's dashboard, then the day's workout as prescribed, in their kilograms.
    await signInWithTheAppInstalled(page, people)
    await expect(page.getByRole("region", { name: "Next Workout:" })).toBeVisible()
    await expectNoBareWeights(page.locator("main"))
    expect(await weightsIn(page.locator("main"))).toEqual([])
    await expectNoSeriousViolations(page)
    const prescribed = (await heldRows(base, people, "workouts", today, today)).filter((row) => row.weight !== null)
    expect(prescribed.map((row) => [row.weight, row.weight_unit])).toEqual([
      [107.5, "kg"],
      [107.5, "kg"]
    ])
    await page.goto(`/client/workouts/${day}`)
    const sets = page.locator(".workout-day__sets li")
    await expect(sets).toHaveCount(3)
    for (const [index, row] of prescribed.entries())
      await expect(sets.nth(index)).toContainText(`${expectedWeight(row, "kg")} × 5 reps`)

    // The logging page: the worked-out load, the field and last week's squat, each in kilograms.
    await page.getByRole("link", { name: "Start workout" }).tap()
    await expect(page).toHaveURL(at(`/client/workouts/${day}/0`))
    const [lastTime] = (await heldRows(base, people, "workoutResults", lastWeek, lastWeek)).filter(
      (row) => row.weight !== null
    )
    if (lastTime === undefined) throw new Error("last week's squat is not on the server")
    const first = setGroup(page, 1)
    await expect(first.getByLabel("Weight (kg)")).toHaveValue("107.5")
    await expect(first.getByText(expectedWeight(prescribed[0] as HeldRow, "kg"), { exact: true })).toBeVisible()
    await expect(first.getByText(`last time: ${expectedWeight(lastTime, "kg")} × 5`)).toBeVisible()
    await expectNoBareWeights(page.locator("main"))
    await expectNoSeriousViolations(page)
    // Typing is a draft: only Done logs the set. What the server holds is read, not the screen's word for it.
    const loggedToday = async () =>
      (await heldRows(base, people, "workoutResults", today, today)).map((row) => [
        row.exercise,
        row.weight,
        row.weight_unit,
        row.reps
      ])
    await first.getByRole("button", { name: "Mark set 1 done" }).tap()
    await expect.poll(loggedToday).toEqual([["Back Squat", 107.5, "kg", 5]])
    const second = setGroup(page, 2)
    await expect(second.getByLabel("Weight (kg)")).toHaveValue("107.5")
    await second.getByRole("button", { name: "Mark set 2 done" }).tap()
    await expect.poll(loggedToday).toHaveLength(2)
    await page.getByRole("button", { name: "Next exercise" }).tap()
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Bench Press")
    // The lifter's unit is on the device before the network goes.
    await expect.poll(() => copiedUnit(page, people.clientIds.id)).toBe("kg")

    // Offline, the page reloaded: no answer from the server, the lifter's unit from the device copy.
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Bench Press")
    const bench = setGroup(page, 1)
    await expect(bench.getByLabel("Weight (kg)")).toBeVisible()
    await expect(bench.getByLabel("Weight (lbs)")).toHaveCount(0)
    await bench.getByLabel("Weight (kg)").fill("80")
    await bench.getByLabel("Reps").fill("8")
    await bench.getByRole("button", { name: "Mark set 1 done" }).tap()
    await expectNoBareWeights(page.locator("main"))
    await expectNoSeriousViolations(page)

    // Back online: the set reaches the server as it was typed, 80 kg; the workout is submitted.
    await context.setOffline(false)
    await page.reload()
    await expect.poll(loggedToday, { timeout: 30_000 }).toContainEqual(["Bench Press", 80, "kg", 8])
    // The reloaded page may still be settling what it sent: End Workout is tapped until the summary opens.
    await expect(async () => {
      await page.getByRole("button", { name: "End Workout" }).tap()
      await expect(page.getByRole("button", { name: "Submit Workout" })).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 30_000 })
    await page.getByRole("button", { name: "Submit Workout" }).tap()
    await expect
      .poll(async () => (await heldRows(base, people, "workoutCompletions", today, today)).length, {
        timeout: 30_000
      })
      .toBe(1)
    const logged = await heldRows(base, people, "workoutResults", today, today)
    expect(logged.map((row) => [row.exercise, row.weight, row.weight_unit, row.reps])).toEqual([
      ["Back Squat", 107.5, "kg", 5],
      ["Back Squat", 107.5, "kg", 5],
      ["Bench Press", 80, "kg", 8]
    ])

    // The lifter's results page: what was logged, in kilograms.
    await page.goto(`/client/workouts/${day}`)
    const results = page.locator(".workout-day__logged")
    await expect(results).toHaveCount(3)
    for (const [index, row] of logged.entries())
      await expect(results.nth(index)).toHaveText(`Result ${expectedWeight(row, "kg")} × ${String(row.reps)}`)
    await expectNoBareWeights(page.locator("main"))
    await expectNoSeriousViolations(page)

    // The lifter's progress: each e1RM in kilograms, worked out here from the rows.
    await page.goto("/client/progress")
    const summary = page.locator("figcaption")
    await expect(summary).toContainText(" kg")
    const e1rms = logged.map((row) => tenth((row.weight ?? 0) * (1 + (Number(row.reps) + (row.rir ?? 0)) / 30)))
    const caption = (await summary.textContent()) ?? ""
    expect(e1rms.some((e1rm) => caption.includes(`${e1rm} kg`))).toBe(true)
    expect(caption).not.toMatch(/lbs?\b/)
    await expectNoBareWeights(page.locator("main"))
    await expectNoSeriousViolations(page)

    // The coach's day view: every weight in the coach's pounds, the kilograms typed beside it.
    const coach = await coachPage(browser, people)
    await coach.page.goto(`/coach/workouts/${people.clientIds.id}/${day}`)
    const rows = coach.page.getByRole("row").filter({ has: coach.page.getByRole("cell") })
    await expect(rows).toHaveCount(3)
    const prescribedToday = await heldRows(base, people, "workouts", today, today)
    for (const [index, row] of prescribedToday.entries()) {
      const done = logged.find((result) => result.id === row.id)
      if (done === undefined) throw new Error(`set ${String(row.id)} was not logged`)
      const cells = rows.nth(index).getByRole("cell")
      const reps = `${String(done.reps)} reps`
      if (row.weight !== null) await expect(cells.first()).toContainText(`${expectedWeight(row, "lb")}, 5 reps`)
      await expect(cells.last()).toHaveText(`${expectedWeight(done, "lb")}, ${reps}`)
    }
    await expectNoBareWeights(coach.page.locator("main"))
    await expectNoSeriousViolations(coach.page)

    // The client's maxes: the 140 kg max as the server holds it.
    await coach.page.goto(`/coach/clients/${people.clientIds.id}/maxes`)
    const maxes = (await api(
      base,
      people.coachIds.token,
      "GET",
      `/api/maxes/${people.clientIds.id}`
    )) as ReadonlyArray<{
      value: number
      unit: "lb" | "kg"
    }>
    const current = coach.page.getByRole("region", { name: "Current maxes" })
    for (const max of maxes) await expect(current).toContainText(`${max.value} ${label(max.unit)}`)
    expect(await weightsIn(current)).not.toContain(`${maxes[0]?.value ?? 0} lbs`)
    await expectNoBareWeights(coach.page.locator("main"))
    await expectNoSeriousViolations(coach.page)

    // The calendar: the day's volume in the coach's pounds, summed here from the rows.
    await coach.page.goto(`/coach/calendar?client=${people.clientIds.id}`)
    const kilograms = logged.reduce((sum, row) => sum + (row.weight ?? 0) * Number(row.reps), 0)
    const volume = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(kilograms * LB_PER_KG)
    // The day's total; at desk width the day's one workout shows the same figure on its chip.
    await expect(coach.page.getByText(`${volume} lb`, { exact: true }).first()).toBeVisible()
    await expectNoBareWeights(coach.page.locator("main"))
    await expectNoSeriousViolations(coach.page)
    await coach.context.close()
  })
})
