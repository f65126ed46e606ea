/**
 * The prescriptions journey, the whole of it: a coach at a desk enters a client's squat max and
 * builds "Back Squat 3 x 5 @ 75 % of max" plus a backoff set by choosing the exercise from
 * the library; the lifter, on a phone and reading kilograms, sees the load rounded to their
 * plates with its breakdown, logs a heavier top set and watches the backoff follow it; the
 * coach's day view reads the same number; progress lists the squat with the day's PR.
 * Real Chromium, the real server, the real Auth emulator; nothing of ours is mocked.
 */
import { expect, test, type Browser, type Page } from "@playwright/test"
import { addDays, formatLongUsDate, formatShortUsDate, isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const DESK = { viewport: { width: 1280, height: 800 } }
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

async function signedInPage(browser: Browser, options: object, email: string, password: string) {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, email, password)
  return page
}

test("a coach programs by percentage and the lifter loads the bar it works out to, in kilograms", async ({
  browser,
  baseURL
}) => {
  test.setTimeout(240_000)
  const origin = baseURL ?? ""
  const { coach, client, coachIds, clientIds } = await coachAndClient(origin)
  const today = todayIso(new Date())

  // A squat logged a week ago (100 kg x 5), so today's heavier top set is a record.
  const earlier = (await api(origin, coachIds.token, "POST", "/api/workout", {
    clientId: clientIds.id,
    date: addDays(today, -7),
    workout: [{ name: "Back Squat", sets: [{ set: 0, amsap: false, fields: [{ name: "reps", value: 5 }] }] }]
  })) as ReadonlyArray<SavedRow>
  for (const row of earlier)
    await api(origin, clientIds.token, "PUT", "/api/updateWorkoutResult", {
      id: row.id,
      weight: 100,
      weight_unit: "kg",
      reps: 5
    })

  // The coach enters the client's squat max from the calendar.
  const desk = await signedInPage(browser, DESK, coach.email, coach.password)
  await expect(desk).toHaveURL(at("/coach/dashboard"))
  await desk.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click()
  await desk.getByRole("combobox", { name: "Client", exact: true }).selectOption(String(clientIds.id))
  await desk.getByRole("link", { name: "Maxes" }).click()
  const record = desk.getByRole("form", { name: "Record a max" })
  await record.getByLabel("Exercise").selectOption({ label: "Back Squat" })
  await record.getByLabel("Max").fill("315")
  await record.getByRole("button", { name: "Save max" }).click()
  await expect(desk.getByRole("region", { name: "Current maxes" })).toContainText("315 lbs")
  // Beside it, the working e1RM last week's squat works out to: 100 kg x 5 is 116.7 kg, 257.3 lb.
  await expect(desk.getByRole("region", { name: "Working e1RM" })).toContainText("Back Squat — 257.3 lbs")

  // ...and builds today's squats, choosing the exercise from the library with the keyboard.
  await desk.goBack()
  await desk.getByRole("link", { name: `${formatLongUsDate(today)}, today`, exact: true }).click()
  await desk.getByRole("link", { name: "Add workout" }).click()
  await desk.getByRole("button", { name: "Strength" }).click()
  await desk.getByRole("button", { name: "Add exercise" }).click()
  const exercise = desk.getByRole("combobox", { name: "Exercise name" })
  await exercise.pressSequentially("back sq")
  await expect(desk.getByRole("listbox", { name: "Library exercises" })).toBeVisible()
  await expectNoSeriousViolations(desk)
  await exercise.press("ArrowDown")
  await expect(desk.getByRole("option", { name: /^Back Squat/, selected: true })).toBeVisible()
  await exercise.press("Enter")
  await expect(exercise).toHaveValue("Back Squat")

  await desk.getByRole("button", { name: "Add set" }).click()
  await desk.getByRole("button", { name: "Edit fields" }).click()
  await desk.getByRole("switch", { name: "RPE" }).uncheck()
  await desk.getByRole("switch", { name: "% of max" }).check()
  await desk.getByRole("button", { name: "Back to set builder" }).click()
  await desk.getByLabel("Reps").selectOption("5")
  await desk.getByLabel("% of max").fill("75")
  await desk.getByRole("button", { name: "More sets" }).click()
  await desk.getByRole("button", { name: "More sets" }).click()
  await desk.getByRole("button", { name: "Add 3 sets" }).click()

  await desk.getByRole("button", { name: "Add set" }).click()
  await desk.getByRole("button", { name: "Edit fields" }).click()
  await desk.getByRole("switch", { name: "% of max" }).uncheck()
  await desk.getByRole("switch", { name: "Backoff %" }).check()
  await desk.getByRole("button", { name: "Back to set builder" }).click()
  await desk.getByLabel("Reps").selectOption("5")
  await desk.getByLabel("Backoff %").fill("10")
  // The count of the last 'Add sets' carries over (ADR 020).
  await desk.getByRole("button", { name: "Fewer sets" }).click()
  await desk.getByRole("button", { name: "Fewer sets" }).click()
  await desk.getByRole("button", { name: "Add 1 set" }).click()
  await desk.getByRole("button", { name: "Submit Exercise" }).click()
  await desk.getByRole("button", { name: "Submit Workout" }).click()
  await expect(desk).toHaveURL(at(`/coach/workouts/${clientIds.id}/${isoToRouteDate(today)}`))

  const held = (await api(
    origin,
    coachIds.token,
    "GET",
    `/api/workouts/${clientIds.id}?from=${today}&to=${today}`
  )) as ReadonlyArray<{ exercise_id: string; max_percent: number | null; backoff_percent: number | null }>
  expect(held.map((row) => [row.exercise_id, row.max_percent, row.backoff_percent])).toEqual([
    ["back-squat", 75, null],
    ["back-squat", 75, null],
    ["back-squat", 75, null],
    ["back-squat", null, 10]
  ])

  // The lifter reads kilograms: picked on their profile, two taps and a save.
  const phone = await signedInPage(browser, PHONE, client.email, client.password)
  await expect(phone).toHaveURL(at("/client/dashboard"))
  await phone.goto("/client/profile")
  const units = phone.getByRole("region", { name: "Units and plates" })
  await units.getByRole("radio", { name: "Kilograms (kg)" }).tap()
  await units.getByRole("button", { name: "Save" }).tap()
  await expect(units.getByRole("status")).toHaveText("Saved")

  // 75 % of 315 lb is 107.16 kg: 107.5 kg on a 20 kg bar with 1.25 kg plates.
  await phone.goto("/client/dashboard")
  await phone.getByRole("region", { name: "Next Workout:" }).getByRole("link").tap()
  await phone.getByRole("link", { name: "Start workout" }).tap()
  const first = setGroup(phone, 1)
  await expect(first.getByText("107.5 kg")).toBeVisible()
  await expect(first.getByText("75% of max", { exact: true })).toBeVisible()
  await expect(first.getByLabel("Weight (kg)")).toHaveValue("107.5")
  await first.getByRole("button", { name: "Plates" }).tap()
  await expect(first.getByText("25 + 15 + 2.5 + 1.25 per side")).toBeVisible()
  await expectNoSeriousViolations(phone)

  // Before the top sets are logged, the backoff waits for them; then it follows the heaviest.
  const backoff = setGroup(phone, 4)
  await expect(backoff.getByText("log your top set first")).toBeVisible()
  await first.getByRole("button", { name: "Mark set 1 done" }).tap()
  await expect(first.getByText("Logged", { exact: true })).toBeVisible()
  // 107.5 less 10 % is 96.75: 97.5 kg.
  await expect(backoff.getByText("97.5 kg")).toBeVisible()
  await setGroup(phone, 2).getByRole("button", { name: "Mark set 2 done" }).tap()
  const third = setGroup(phone, 3)
  await third.getByLabel("Weight (kg)").fill("115")
  await third.getByRole("button", { name: "Mark set 3 done" }).tap()
  await expect(third.getByText("Logged", { exact: true })).toBeVisible()
  // 115 less 10 % is 103.5: 102.5 kg (halfway goes down).
  await expect(backoff.getByText("102.5 kg")).toBeVisible()
  await expect(backoff.getByLabel("Weight (kg)")).toHaveValue("102.5")
  await backoff.getByRole("button", { name: "Mark set 4 done" }).tap()
  await expect(backoff.getByText("Logged", { exact: true })).toBeVisible()

  // What the lifter logged is held in the unit they entered it in.
  const logged = (await api(
    origin,
    clientIds.token,
    "GET",
    `/api/workoutResults/${clientIds.id}?from=${today}&to=${today}`
  )) as ReadonlyArray<{ weight: number | null; weight_unit: string }>
  expect(logged.map((row) => [row.weight, row.weight_unit])).toEqual([
    [107.5, "kg"],
    [107.5, "kg"],
    [115, "kg"],
    [102.5, "kg"]
  ])

  // The coach's day view reads the same number the lifter loaded.
  await desk.reload()
  await expect(desk.getByText("107.5 kg").first()).toBeVisible()
  await expectNoSeriousViolations(desk)

  // Progress lists the squat by its library id, with today's record marked, in kilograms.
  await phone.goto("/client/progress")
  await expect(phone.getByLabel("Exercise")).toContainText("Back Squat")
  await expect(phone.getByText(/e1RM \(kg\)/).first()).toBeVisible()
  // 115 kg x 5 is an e1RM of 134.2 kg, beating last week's 116.7.
  await expect(phone.getByText(`PRs: ${formatShortUsDate(today)} — 134.2 kg`)).toBeVisible()
  await expectNoSeriousViolations(phone)
})
