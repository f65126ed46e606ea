/**
 * Calendars that inform and navigation (docs/decisions/022) within two taps. A coach's 28-day grid
 * shows each day's workouts by name, a completed or missed mark and the volume logged; its
 * week lives in the address, so a reload and the browser's Back return to the same weeks; a
 * client id not on the coach's list says "not found" and lets the coach choose. From any
 * screen a coach reaches their profile, and a client their progress, chat and profile, in
 * one tap of the bottom bar (docs/decisions/022-navigation.md). Real Chromium, the real
 * server and Auth emulator, on a desktop and on a 390 x 844 phone.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, formatLongUsDate, isoToRouteDate, startOfWeek, todayIso, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const SCREENS = [
  { label: "desktop", viewport: { width: 1280, height: 800 } },
  { label: "phone", viewport: { width: 390, height: 844 } }
] as const

const field = (name: string, value: number) => ({ name, value })
const sets = (count: number, fields: ReadonlyArray<{ name: string; value: number }>) =>
  Array.from({ length: count }, (_, set) => ({ set, amsap: false, fields }))

interface Scene extends CoachedClient {
  readonly today: IsoDate
  /** The grid's first day: the Sunday a week before today's, so the past days are on it whatever today is. */
  readonly week: IsoDate
  readonly submitted: IsoDate
  readonly missed: IsoDate
  readonly loggedOnly: IsoDate
  readonly ahead: IsoDate
}

/**
 * Four workouts around today, set up through the API as the coach and the client would:
 * one submitted with 3,600 lb logged (2 x 225 x 5 + 135 x 10), one missed (past, untouched),
 * one logged but not submitted (100 kg x 5: 1,102 lb to a coach in pounds), one still ahead.
 */
async function scene(baseURL: string): Promise<Scene> {
  const people = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  const dates = {
    submitted: addDays(today, -3),
    missed: addDays(today, -2),
    loggedOnly: addDays(today, -1),
    ahead: addDays(today, 2)
  }
  const save = async (date: IsoDate, workout: unknown) =>
    (await api(baseURL, people.coachIds.token, "POST", "/api/workout", {
      clientId: people.clientIds.id,
      date,
      workout
    })) as ReadonlyArray<SavedRow>
  const squatAndBench = [
    { name: "Back Squat", exercise_id: "back-squat", sets: sets(2, [field("reps", 5), field("weight", 225)]) },
    { name: "Bench Press", exercise_id: "bench-press", sets: sets(1, [field("reps", 10), field("weight", 135)]) }
  ]
  const done = await save(dates.submitted, squatAndBench)
  await save(dates.missed, [{ name: "Deadlift", exercise_id: "deadlift", sets: sets(1, [field("reps", 5)]) }])
  const partly = await save(dates.loggedOnly, [
    { name: "Front Squat", exercise_id: "front-squat", sets: sets(2, [field("reps", 5)]) }
  ])
  await save(dates.ahead, [
    { name: "Overhead Press", sets: sets(1, [field("reps", 5)]) },
    { name: "Pull-up", sets: sets(1, [field("reps", 8)]) },
    { name: "Dip", sets: sets(1, [field("reps", 10)]) }
  ])
  const log = (id: number | undefined, weight: number, reps: number, weight_unit = "lb") =>
    api(baseURL, people.clientIds.token, "PUT", "/api/updateWorkoutResult", { id, weight, reps, weight_unit })
  for (const row of done)
    await log(row.id, row.exercise === "Bench Press" ? 135 : 225, row.exercise === "Bench Press" ? 10 : 5)
  await api(baseURL, people.clientIds.token, "PUT", "/api/workoutCompletion", {
    date: dates.submitted,
    workout_order: 0,
    started_at: "2026-01-01T17:00:00.000Z",
    ended_at: "2026-01-01T18:00:00.000Z",
    duration_seconds: 3600
  })
  await log(partly[0]?.id, 100, 5, "kg")
  return { ...people, today, week: addDays(startOfWeek(today), -7), ...dates }
}

const dayLink = (page: Page, iso: IsoDate) =>
  page.getByRole("table").getByRole("link", { name: new RegExp(`^${formatLongUsDate(iso)}`) })

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" })

async function screenshot(page: Page, name: string, label: string) {
  await page.screenshot({ path: `test-results/calendar-and-navigation/${name}-${label}.png`, fullPage: true })
}

for (const { label, viewport } of SCREENS) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport })

    test("the coach's grid informs, keeps its weeks in the address, and says when a client is not found", async ({
      page,
      baseURL
    }) => {
      test.setTimeout(120_000)
      const s = await scene(baseURL ?? "")
      await openLogin(page)
      await logIn(page, s.coach.email, s.coach.password)
      await expect(page).toHaveURL(at("/coach/dashboard"))

      const calendarAt = (week: IsoDate) => `/coach/calendar?client=${s.clientIds.id}&week=${week}`
      await page.goto(calendarAt(s.week))
      await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible()
      await expect(page.getByRole("heading", { level: 2, name: formatLongUsDate(addDays(s.today, -7)) })).toBeVisible()
      await expect(page.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
      await expect(page.getByRole("button", { name: "Today" })).toBeVisible()

      // Each day says its workouts, its mark and the volume; the cell shows them short.
      await expect(dayLink(page, s.submitted)).toHaveAccessibleName(
        `${formatLongUsDate(s.submitted)}, Back Squat, Bench Press, completed, 3,600 lb lifted`
      )
      await expect(dayLink(page, s.missed)).toHaveAccessibleName(`${formatLongUsDate(s.missed)}, Deadlift, missed`)
      await expect(dayLink(page, s.loggedOnly)).toHaveAccessibleName(
        `${formatLongUsDate(s.loggedOnly)}, Front Squat, 1,102 lb lifted`
      )
      await expect(dayLink(page, s.ahead)).toHaveAccessibleName(
        `${formatLongUsDate(s.ahead)}, Overhead Press, Pull-up, Dip`
      )
      const submittedCell = dayLink(page, s.submitted)
      await expect(submittedCell.locator(".calendar-mark--completed")).toBeVisible()
      await expect(dayLink(page, s.missed).locator(".calendar-mark--missed")).toBeVisible()
      if (label === "desktop") {
        // A desk's cell lists each workout in full under the day's link (calendar-move.spec.ts moves them).
        const workoutsOn = (iso: IsoDate) => page.getByRole("list", { name: `Workouts on ${formatLongUsDate(iso)}` })
        await expect(workoutsOn(s.submitted).getByText("Back Squat", { exact: true })).toBeVisible()
        await expect(submittedCell.getByText("3,600 lb", { exact: true })).toBeVisible()
        await expect(workoutsOn(s.ahead).getByText("Overhead Press", { exact: true })).toBeVisible()
        await expect(workoutsOn(s.ahead).getByText("Dip", { exact: true })).toBeVisible()
      } else {
        // A phone's cell is too narrow for names: the mark and the short volume stay.
        await expect(submittedCell.getByText("Back Squat, Bench Press", { exact: true })).toBeHidden()
        await expect(submittedCell.getByText("3.6k", { exact: true })).toBeVisible()
      }
      await expect(submittedCell).toHaveAttribute(
        "href",
        `/coach/workouts/${s.clientIds.id}/${isoToRouteDate(s.submitted)}`
      )
      await expectNoSeriousViolations(page)
      await screenshot(page, "grid", label)

      // The next week is in the address, and a reload shows it again.
      const next = addDays(s.week, 7)
      await page.getByRole("button", { name: "Next week" }).click()
      await expect(page).toHaveURL(at(calendarAt(next)))
      await expect(page.getByRole("heading", { level: 2, name: formatLongUsDate(s.today) })).toBeVisible()
      await page.reload()
      await expect(page.getByRole("heading", { level: 2, name: formatLongUsDate(s.today) })).toBeVisible()
      await expect(page.getByRole("table").getByRole("link").first()).toHaveAccessibleName(
        new RegExp(`^${formatLongUsDate(next)}`)
      )

      // A day and the browser's Back: the same weeks, not today's.
      await page.getByRole("button", { name: "Previous week" }).click()
      await expect(page).toHaveURL(at(calendarAt(s.week)))
      await dayLink(page, s.missed).click()
      await expect(page).toHaveURL(at(`/coach/workouts/${s.clientIds.id}/${isoToRouteDate(s.missed)}`))
      await expect(page.getByRole("heading", { level: 1, name: formatLongUsDate(s.missed) })).toBeVisible()
      await page.goBack()
      await expect(page).toHaveURL(at(calendarAt(s.week)))
      await expect(dayLink(page, s.missed)).toHaveAccessibleName(/Deadlift, missed$/)

      // Today brings the grid back to this week, in the address too.
      await page.getByRole("button", { name: "Today" }).click()
      await expect(page).toHaveURL(at(calendarAt(startOfWeek(s.today))))

      // An id that is nobody's, and another coach's client: not found, never "check your connection".
      const stranger = await coachAndClient(baseURL ?? "")
      for (const id of [999999, stranger.clientIds.id]) {
        await page.goto(`/coach/calendar?client=${id}`)
        await expect(page.getByRole("alert")).toHaveText(/No client with that id on your list\./)
        await expect(page.getByText(/connection/)).toHaveCount(0)
        await expect(page.getByRole("table")).toHaveCount(0)
      }
      await expectNoSeriousViolations(page)
      // ...and the coach chooses one of their own.
      await page.getByRole("combobox", { name: "Client" }).selectOption(s.client.name)
      await expect(page).toHaveURL(at(calendarAt(startOfWeek(s.today))))
      await expect(dayLink(page, s.ahead)).toHaveAccessibleName(/Overhead Press, Pull-up, Dip$/)
    })

    test("a coach reaches their profile, and a client their progress, chat and profile, in one tap from any screen", async ({
      page,
      browser,
      baseURL
    }) => {
      test.setTimeout(120_000)
      const s = await scene(baseURL ?? "")
      /** Opens `from` and taps the bar's tab for `to`: answers how many taps it took to land there. */
      const tapsTo = async (p: Page, from: string, to: string) => {
        await p.goto(from)
        await expect(nav(p)).toBeVisible()
        let taps = 0
        const name = new RegExp(`^${to.split("/").at(-1) ?? ""}$`, "i")
        await nav(p).getByRole("link", { name }).click()
        taps += 1
        await expect(p).toHaveURL(at(to))
        await expect(nav(p).locator('[aria-current="page"]')).toHaveAccessibleName(name)
        return taps
      }

      await openLogin(page)
      await logIn(page, s.coach.email, s.coach.password)
      await expect(page).toHaveURL(at("/coach/dashboard"))
      await expect(nav(page).getByRole("link")).toHaveText(["Dashboard", "Calendar", "Chat", "Profile"])
      for (const from of [
        "/coach/dashboard",
        `/coach/calendar?client=${s.clientIds.id}`,
        `/coach/workouts/${s.clientIds.id}/${isoToRouteDate(s.submitted)}`,
        `/coach/clients/${s.clientIds.id}/maxes`
      ]) {
        expect(await tapsTo(page, from, "/coach/profile")).toBeLessThanOrEqual(2)
        await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible()
      }
      await expectNoSeriousViolations(page)
      await screenshot(page, "coach-nav", label)

      const clientContext = await browser.newContext({ viewport })
      const phone = await clientContext.newPage()
      await openLogin(phone)
      await logIn(phone, s.client.email, s.client.password)
      await expect(phone).toHaveURL(at("/client/dashboard"))
      await expect(nav(phone).getByRole("link")).toHaveText(["Dashboard", "Calendar", "Progress", "Chat", "Profile"])
      const clientScreens = [
        "/client/dashboard",
        "/client/calendar",
        `/client/workouts/${isoToRouteDate(s.ahead)}`,
        "/client/progress",
        "/client/chat",
        "/client/profile"
      ]
      for (const from of clientScreens)
        for (const to of ["/client/progress", "/client/chat", "/client/profile"]) {
          if (from === to) continue
          expect(await tapsTo(phone, from, to)).toBeLessThanOrEqual(2)
        }
      // The profile's settings icon does something: it takes the lifter to their units and plates.
      expect(await tapsTo(phone, "/client/chat", "/client/profile")).toBe(1)
      await phone.getByRole("link", { name: "Settings" }).click()
      await expect(phone.locator("#settings")).toBeFocused()
      await expect(phone.getByRole("heading", { name: "Units and plates" })).toBeInViewport()
      await expectNoSeriousViolations(phone)
      await screenshot(phone, "client-nav", label)
      await clientContext.close()
    })
  })
}
