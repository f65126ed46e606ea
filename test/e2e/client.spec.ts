/**
 * The client's area end to end: real Chromium, the real server and the real Auth
 * emulator. A coach's workout for today is waiting; the client finds it on the dashboard
 * and the calendar, logs every set with swipes on a phone, ends, resumes, ends and
 * submits, and the coach sees what was performed beside what was prescribed. With the
 * network cut mid-workout, every edit still arrives after a reload.
 */
import { expect, test, type Page } from "@playwright/test"
import { formatLongUsDate, isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { api, coachAndClient, signedIn } from "./support/api.ts"
import type { Account } from "./support/stack.ts"
import { swipe } from "./support/touch.ts"
import { PHONE, screenshot } from "./support/viewports.ts"

const prescribed = (reps: number, rpe: number) => [
  { name: "reps", value: reps },
  { name: "rpe", value: rpe }
]

/** A coach with one client and a two-exercise workout for today, made through the API. */
async function coachWithWorkoutForToday(baseURL: string) {
  const { coach, client, coachIds, clientIds } = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  await api(baseURL, coachIds.token, "POST", "/api/workout", {
    clientId: clientIds.id,
    date: today,
    workout: [
      {
        name: "Squat",
        sets: [
          { set: 0, amsap: false, fields: prescribed(5, 8) },
          { set: 1, amsap: false, fields: prescribed(5, 8) }
        ]
      },
      { name: "Bench Press", sets: [{ set: 0, amsap: false, fields: prescribed(8, 7) }] }
    ]
  })
  return { coach, client, clientIds, today }
}

async function signInAsClient(page: Page, client: Account) {
  await openLogin(page)
  await logIn(page, client.email, client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
}

const exercise = (page: Page) => page.getByRole("heading", { level: 2 })
const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

async function logSet(page: Page, n: number, weight: string, reps: string, rir: string) {
  const set = setGroup(page, n)
  await set.getByLabel("Weight (lbs)").fill(weight)
  await set.getByLabel("Reps").fill(reps)
  await set.getByLabel("RIR").fill(rir)
  // Typed values are a draft until Done (docs/decisions/039-done-means-done.md).
  await set.getByRole("button", { name: `Mark set ${n} done` }).click()
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test("a client finds today's workout, logs every set with swipes, ends, resumes and submits; the coach sees it", async ({
    page,
    baseURL
  }) => {
    test.setTimeout(180_000)
    const { coach, client, clientIds, today } = await coachWithWorkoutForToday(baseURL ?? "")
    const longToday = formatLongUsDate(today)
    await signInAsClient(page, client)

    // Dashboard
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Client!")
    await expect(page.getByText(longToday).first()).toBeVisible()
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible()
    const card = page.getByRole("region", { name: "Next Workout:" })
    await expect(card).toContainText(longToday)
    await expect(card).toContainText("Squat, Bench Press")
    await expectNoSeriousViolations(page)
    await screenshot(page, "dashboard")

    // From the dashboard to the day's workout
    await card.getByRole("link").click()
    await expect(page).toHaveURL(at(`/client/workouts/${isoToRouteDate(today)}`))
    await expect(page.getByText("Here is your workout for")).toBeVisible()
    await expect(page.getByRole("heading", { name: "Workout #1" })).toBeVisible()
    await expect(page.getByText("5 reps")).toHaveCount(2)
    await expectNoSeriousViolations(page)
    await screenshot(page, "workout-day")

    // From the calendar to the same workout
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click()
    await expect(page.getByRole("list", { name: "Week" }).getByRole("button")).toHaveCount(7)
    await expect(page.getByRole("button", { name: `${longToday}, scheduled` })).toHaveAttribute("aria-pressed", "true")
    await expect(page.getByRole("heading", { name: "Workout 1" })).toBeVisible()
    await expectNoSeriousViolations(page)
    await screenshot(page, "calendar")
    await page.getByRole("button", { name: "Next week" }).click()
    await expect(page.getByText(/No workout scheduled for/)).toBeVisible()
    await page.getByRole("button", { name: "Today" }).click()
    await page.getByRole("link", { name: "View workout" }).click()
    await expect(page.getByRole("heading", { name: "Workout #1" })).toBeVisible()

    // Logging
    await page.getByRole("link", { name: "Start workout" }).click()
    await expect(page).toHaveURL(at(`/client/workouts/${isoToRouteDate(today)}/0`))
    await expect(exercise(page)).toHaveText("Squat")
    await expect(page.getByRole("timer", { name: "Workout time" })).toContainText(/0:00:0\d/)
    await expect(page.getByRole("button", { name: "Previous exercise" })).toHaveCount(0)
    await logSet(page, 1, "100", "5", "2")
    await logSet(page, 2, "105", "4", "1")
    await expect(setGroup(page, 1).getByText("Logged", { exact: true })).toBeVisible()
    await expect(setGroup(page, 2).getByText("Logged", { exact: true })).toBeVisible()
    await expectNoSeriousViolations(page)
    await screenshot(page, "logging")

    // Done scrolled the page down to set 2: the swipe starts at the top of the exercise.
    await exercise(page).scrollIntoViewIfNeeded()
    await swipe(page, page.getByRole("region", { name: "Squat" }), -120)
    await expect(exercise(page)).toHaveText("Bench Press")
    await expect(page.getByRole("button", { name: "Next exercise" })).toHaveCount(0)
    await logSet(page, 1, "80", "8", "2.5")
    await expect(setGroup(page, 1).getByText("Logged", { exact: true })).toBeVisible()
    await exercise(page).scrollIntoViewIfNeeded()
    await swipe(page, page.getByRole("region", { name: "Bench Press" }), 120)
    await expect(exercise(page)).toHaveText("Squat")
    await expect(setGroup(page, 2).getByLabel("Weight (lbs)")).toHaveValue("105")
    await exercise(page).scrollIntoViewIfNeeded()
    await swipe(page, page.getByRole("region", { name: "Squat" }), -6)
    await expect(exercise(page)).toHaveText("Squat")
    await page.getByRole("button", { name: "Next exercise" }).click()
    await expect(exercise(page)).toHaveText("Bench Press")

    // End, resume, end, submit
    await page.getByRole("button", { name: "End Workout" }).click()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Summary")
    await expect(page.getByRole("timer", { name: "Workout time" })).toContainText("Paused")
    const pausedAt = await page.getByRole("timer", { name: "Workout time" }).textContent()
    await page.waitForTimeout(1500)
    await expect(page.getByRole("timer", { name: "Workout time" })).toHaveText(pausedAt ?? "")
    await expectNoSeriousViolations(page)
    await screenshot(page, "summary")
    await page.getByRole("button", { name: "Resume Workout" }).click()
    await expect(exercise(page)).toHaveText("Bench Press")
    await expect(page.getByRole("timer", { name: "Workout time" })).toContainText("Running")
    await page.getByRole("button", { name: "End Workout" }).click()
    await page.getByRole("button", { name: "Submit Workout" }).click()
    await expect(page).toHaveURL(at("/client/dashboard"))

    // The other client tabs
    // Progress: the exercises just logged, grouped by their library exercise and named as the
    // workout names them; the most recently logged comes first (both today: by name), and is shown
    await page.goto("/client/progress")
    const progressExercise = page.getByRole("combobox", { name: "Exercise" })
    await expect(progressExercise).toHaveValue("bench-press")
    await expect(progressExercise.getByRole("option")).toHaveText(["Bench Press", "Squat"])
    await expect(page.locator(".progress__chart svg").first()).toBeVisible()
    await expect(page.getByText("e1RM (lbs)")).toBeVisible()
    await expect(page.getByText(/Example data/)).toHaveCount(0)
    await expectNoSeriousViolations(page)
    await screenshot(page, "progress")
    await progressExercise.selectOption("back-squat")
    await expect(page).toHaveURL(/[?&]exercise=back-squat/)
    await page.getByRole("combobox", { name: "Range" }).selectOption("1y")
    await expect(page).toHaveURL(/[?&]range=1y/)
    await expect(progressExercise).toHaveValue("back-squat")
    // An old link to a fixed lift opens that lift from the library, not the default pick
    await page.goto("/client/progress?lift=squat")
    await expect(page.getByRole("combobox", { name: "Exercise" })).toHaveValue("back-squat")
    await page.goto("/client/chat")
    await expect(page.getByRole("button", { name: "Send" })).toBeVisible()
    await expectNoSeriousViolations(page)
    await screenshot(page, "chat")
    await page.goto("/client/profile")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(client.name)
    await expectNoSeriousViolations(page)
    await screenshot(page, "profile")

    // Log out, and the coach sees what was performed
    await page.goto("/client/dashboard")
    await page.getByRole("button", { name: "Log Out" }).click()
    await expect(page).toHaveURL(at("/login"))
    await logIn(page, coach.email, coach.password)
    await expect(page).toHaveURL(at("/coach/dashboard"))
    await page.goto(`/coach/workouts/${clientIds.id}/${isoToRouteDate(today)}`)
    await expect(page.getByText("100 lbs, 5 reps, 2 RIR")).toBeVisible()
    await expect(page.getByText("105 lbs, 4 reps, 1 RIR")).toBeVisible()
    await expect(page.getByText("80 lbs, 8 reps, 2.5 RIR")).toBeVisible()
  })

  test("with the network cut mid-workout, edits are kept, and after a reload every one arrives", async ({
    page,
    context,
    baseURL
  }) => {
    test.setTimeout(120_000)
    const { client, clientIds, today } = await coachWithWorkoutForToday(baseURL ?? "")
    await signInAsClient(page, client)
    await page.goto(`/client/workouts/${isoToRouteDate(today)}/0`)
    await expect(exercise(page)).toHaveText("Squat")
    // The lifter's unit is known before the network goes: a weight is never logged in a guessed one
    // (docs/decisions/039-done-means-done.md).
    await expect(setGroup(page, 1).getByLabel("Weight (lbs)")).toBeVisible()

    await context.setOffline(true)
    await logSet(page, 1, "120", "5", "2")
    await logSet(page, 2, "125", "3", "0.5")
    await expect(setGroup(page, 1).getByText("Waiting to sync")).toBeVisible()
    await expect(setGroup(page, 2).getByText("Waiting to sync")).toBeVisible()
    await expect(page.getByRole("status").filter({ hasText: "Offline" })).toBeVisible()

    // The page must come back before any retry gets through: hold the saves until it has.
    await page.route("**/beta/api/updateWorkoutResult", (route) => route.abort("internetdisconnected"))
    await context.setOffline(false)
    await page.reload()
    await expect(exercise(page)).toHaveText("Squat")
    // The typed values come back from the outbox, not the server.
    await expect(setGroup(page, 2).getByLabel("Weight (lbs)")).toHaveValue("125")
    await page.unroute("**/beta/api/updateWorkoutResult")
    await expect(setGroup(page, 1).getByText("Logged", { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(setGroup(page, 2).getByText("Logged", { exact: true })).toBeVisible({ timeout: 20_000 })

    const clientToken = (await signedIn(baseURL ?? "", client)).token
    const rows = (await api(
      baseURL ?? "",
      clientToken,
      "GET",
      `/api/workoutResults/${clientIds.id}?from=${today}&to=${today}`
    )) as Array<{
      set: number
      exercise: string
      weight: number
      reps: number
      rir: number
    }>
    expect(rows.map(({ exercise: name, set, weight, reps, rir }) => ({ name, set, weight, reps, rir }))).toEqual([
      { name: "Squat", set: 0, weight: 120, reps: 5, rir: 2 },
      { name: "Squat", set: 1, weight: 125, reps: 3, rir: 0.5 }
    ])
  })
})
