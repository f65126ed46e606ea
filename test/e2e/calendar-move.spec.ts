/**
 * The coach's calendar at a desk (1280 x 800): a month of a client's workouts, each by name
 * with its exercises, whether it was done or missed and what was lifted; a workout dragged
 * onto another day moves there, and so does one moved from the keyboard (Move, the arrow
 * keys, Enter). Nothing says moved before the server answered, and a reload shows the server
 * holds it. Real Chromium, the real server and Auth emulator.
 */
import { copyFileSync, mkdirSync } from "node:fs"
import { expect, test, type Page } from "@playwright/test"
import {
  addDays,
  dayOfWeek,
  formatLongUsDate,
  formatShortUsDate,
  startOfWeek,
  todayIso,
  WEEKDAY_HEADERS,
  type IsoDate
} from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, PHONE } from "./support/viewports.ts"

test.use({ viewport: DESKTOP })

const field = (name: string, value: number) => ({ name, value })
const sets = (count: number, fields: ReadonlyArray<{ name: string; value: number }>) =>
  Array.from({ length: count }, (_, set) => ({ set, amsap: false, fields }))

/** A day's workouts as the desk's grid lists them, one chip each. */
const workoutsOn = (page: Page, iso: IsoDate) =>
  page.getByRole("list", { name: `Workouts on ${formatLongUsDate(iso)}` })
const dayCell = (page: Page, iso: IsoDate) =>
  page.getByRole("cell").filter({ has: page.getByRole("link", { name: new RegExp(`^${formatLongUsDate(iso)}`) }) })
const announcement = (page: Page) => page.getByRole("status").filter({ hasNotText: "Loading" })
/** "Mon Mar 2", as the announcement names the day a workout leaves. */
const shortDay = (iso: IsoDate) => `${WEEKDAY_HEADERS[dayOfWeek(iso)] ?? ""} ${formatShortUsDate(iso)}`
/** "Friday Mar 13", as the announcement names a day. */
const namedDay = (iso: IsoDate) => `${formatLongUsDate(iso).split(",")[0] ?? ""} ${formatShortUsDate(iso)}`

test("a coach reads a month of workouts at a desk and moves them by dragging and from the keyboard", async ({
  page,
  baseURL
}) => {
  test.setTimeout(120_000)
  const origin = baseURL ?? ""
  const people = await coachAndClient(origin)
  const today = todayIso(new Date())
  const week = addDays(startOfWeek(today), -7)
  const days = {
    done: addDays(today, -3),
    missed: addDays(today, -2),
    dragged: addDays(today, 1),
    draggedTo: addDays(today, 3),
    keyed: addDays(today, 2),
    keyedTo: addDays(today, 9)
  }
  const save = async (date: IsoDate, workout: unknown) =>
    (await api(origin, people.coachIds.token, "POST", "/api/workout", {
      clientId: people.clientIds.id,
      date,
      workout
    })) as ReadonlyArray<SavedRow>
  const done = await save(days.done, [
    { name: "Back Squat", exercise_id: "back-squat", sets: sets(2, [field("reps", 5), field("weight", 225)]) },
    { name: "Bench Press", exercise_id: "bench-press", sets: sets(1, [field("reps", 10), field("weight", 135)]) }
  ])
  await save(days.missed, [{ name: "Deadlift", exercise_id: "deadlift", sets: sets(1, [field("reps", 5)]) }])
  await save(days.dragged, [
    { name: "Overhead Press", sets: sets(3, [field("reps", 5)]) },
    { name: "Pull-up", sets: sets(3, [field("reps", 8)]) }
  ])
  await save(days.keyed, [{ name: "Front Squat", exercise_id: "front-squat", sets: sets(3, [field("reps", 3)]) }])
  // Done: every set logged (2 x 225 x 5 + 135 x 10 = 3,600 lb) and submitted.
  for (const row of done)
    await api(origin, people.clientIds.token, "PUT", "/api/updateWorkoutResult", {
      id: row.id,
      weight: row.exercise === "Bench Press" ? 135 : 225,
      reps: row.exercise === "Bench Press" ? 10 : 5,
      weight_unit: "lb"
    })
  await api(origin, people.clientIds.token, "PUT", "/api/workoutCompletion", {
    date: days.done,
    workout_order: 0,
    started_at: "2026-01-01T17:00:00.000Z",
    ended_at: "2026-01-01T18:00:00.000Z",
    duration_seconds: 3600
  })

  await openLogin(page)
  await logIn(page, people.coach.email, people.coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.goto(`/coach/calendar?client=${people.clientIds.id}&week=${week}`)
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible()

  // A month as a workspace: each workout by name, its exercises, done or missed, what was lifted.
  await expect(workoutsOn(page, days.done).getByRole("listitem")).toHaveCount(1)
  const doneChip = workoutsOn(page, days.done).getByRole("listitem")
  for (const text of ["Workout 1", "Back Squat", "Bench Press", "3,600 lb"])
    await expect(doneChip.getByText(text, { exact: true })).toBeVisible()
  await expect(doneChip.getByText("Done")).toBeVisible()
  await expect(workoutsOn(page, days.missed).getByText("Missed")).toBeVisible()
  await expect(workoutsOn(page, days.missed).getByText("Deadlift")).toBeVisible()
  await expect(workoutsOn(page, days.dragged).getByText("Overhead Press")).toBeVisible()
  // Wide enough to read: no exercise name is cut.
  for (const name of await page.locator(".calendar-chip-exercise").all())
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  await expectNoSeriousViolations(page)
  const shot = test.info().outputPath("calendar-desk-1280x800.png")
  await page.screenshot({ path: shot })
  mkdirSync("test-results/calendar-move", { recursive: true })
  copyFileSync(shot, "test-results/calendar-move/calendar-desk-1280x800.png")

  // Dragged onto another day: held until the server answers, then there. The request is held
  // on its way (the real server still answers it), so the wait can be seen.
  let release: () => void = () => undefined
  const answered = new Promise<void>((resolve) => (release = resolve))
  await page.route("**/beta/api/workout/move", async (route) => {
    await answered
    await route.continue()
  })
  await workoutsOn(page, days.dragged).getByRole("listitem").dragTo(dayCell(page, days.draggedTo))
  await expect(announcement(page)).toHaveText(`Moving Workout 1 to ${namedDay(days.draggedTo)}…`)
  await expect(workoutsOn(page, days.dragged).getByText("Moving…")).toBeVisible()
  await expect(workoutsOn(page, days.draggedTo)).toHaveCount(0)
  release()
  await expect(announcement(page)).toHaveText(`Workout 1 moved to ${namedDay(days.draggedTo)}`)
  await page.unroute("**/beta/api/workout/move")
  await expect(workoutsOn(page, days.draggedTo).getByText("Overhead Press")).toBeVisible()
  await expect(workoutsOn(page, days.dragged)).toHaveCount(0)
  await expect(
    workoutsOn(page, days.draggedTo).getByRole("button", {
      name: `Move Workout 1, ${formatLongUsDate(days.draggedTo)}`
    })
  ).toBeFocused()

  // The keyboard way: Move picks it up, Escape lets it go where it was.
  const keyedMove = page.getByRole("button", { name: `Move Workout 1, ${formatLongUsDate(days.keyed)}` })
  await keyedMove.focus()
  await page.keyboard.press("Enter")
  await expect(announcement(page)).toHaveText(
    `Moving Workout 1 from ${shortDay(days.keyed)}; use the arrow keys to choose a day, Escape to cancel`
  )
  await page.keyboard.press("ArrowRight")
  await expect(announcement(page)).toContainText(`${namedDay(addDays(days.keyed, 1))} selected`)
  await page.keyboard.press("Escape")
  await expect(announcement(page)).toHaveText("")
  await expect(workoutsOn(page, days.keyed).getByText("Front Squat")).toBeVisible()

  // ...and again: a week down, Enter, and it is there.
  await keyedMove.focus()
  await page.keyboard.press("Enter")
  await page.keyboard.press("ArrowDown")
  await expect(announcement(page)).toContainText(
    `${namedDay(days.keyedTo)} selected; press Enter to move, Escape to cancel`
  )
  await page.screenshot({ path: test.info().outputPath("calendar-choosing-1280x800.png") })
  await page.keyboard.press("Enter")
  await expect(announcement(page)).toHaveText(`Workout 1 moved to ${namedDay(days.keyedTo)}`)
  await expect(workoutsOn(page, days.keyedTo).getByText("Front Squat")).toBeVisible()
  await expect(workoutsOn(page, days.keyed)).toHaveCount(0)
  await expect(
    workoutsOn(page, days.keyedTo).getByRole("button", { name: `Move Workout 1, ${formatLongUsDate(days.keyedTo)}` })
  ).toBeFocused()
  await expectNoSeriousViolations(page)

  // The server holds both moves: a reload shows them where they went.
  await page.reload()
  await expect(workoutsOn(page, days.draggedTo).getByText("Overhead Press")).toBeVisible()
  await expect(workoutsOn(page, days.keyedTo).getByText("Front Squat")).toBeVisible()
  await expect(workoutsOn(page, days.dragged)).toHaveCount(0)
  await expect(workoutsOn(page, days.keyed)).toHaveCount(0)
  await expect(workoutsOn(page, days.done).getByText("3,600 lb")).toBeVisible()

  // A phone keeps its grid as it was: each day a link, no chips to drag.
  await page.setViewportSize(PHONE)
  await expect(workoutsOn(page, days.draggedTo)).toBeHidden()
  await expect(
    page.getByRole("link", { name: new RegExp(`^${formatLongUsDate(days.draggedTo)}, Overhead Press`) })
  ).toBeVisible()
})
