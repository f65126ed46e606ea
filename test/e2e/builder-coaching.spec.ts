/**
 * A superset typed at a desk reaches the lifter's phone as the coach wrote it
 * (docs/workout-notation.md, docs/decisions/048): the coach types a title, two labelled
 * exercises with tempo, rest and a note, and saves; the server keeps them; the lifter's
 * logging page shows the superset on one page, its sets taking turns (A1, A2, A1 …), the
 * coach's tempo, rest and note, and the rest timer follows the prescribed rest: none after
 * the pull-up (rest 0), 1:30 after the dip. Real Chromium, the real server, the real Auth
 * emulator.
 */
import { expect, test } from "@playwright/test"
import { isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { signedInPage } from "./support/two-people.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

test.use({ viewport: DESKTOP })

const LINES = ["Title: Upper pull", "A1 Pull-up 3x8 rest 0 tempo 21X1 # full hang", "A2 Dip 3x10 rest 90s"] as const

/** A saved row as GET /api/workouts answers it: the fields this spec reads. */
interface Row {
  readonly exercise: string
  readonly exercise_order: number
  readonly set: number
  readonly reps: number | string | null
  readonly workout_title?: string
  readonly superset?: string
  readonly rest_seconds?: number
  readonly tempo?: string
  readonly note?: string
}

test("a coach types a titled superset with tempo, rest and a note; the lifter's page takes turns and rests as prescribed", async ({
  page,
  browser,
  baseURL
}) => {
  test.setTimeout(120_000)
  const origin = baseURL ?? ""
  const { coach, client, clientIds, coachIds } = await coachAndClient(origin)
  const today = todayIso(new Date())
  const day = isoToRouteDate(today)
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.goto(`/coach/workoutbuilder/${clientIds.id}/${day}`)

  // The coach types the workout: each line read as typed, the title, tempo, rest and note said.
  await page.getByRole("button", { name: "Strength" }).click()
  const text = page.getByRole("textbox", { name: "Type the workout" })
  await text.pressSequentially(LINES.join("\n"))
  const read = page.getByRole("list", { name: "What each line reads as" })
  const line = (n: number) => read.locator(":scope > li").nth(n - 1)
  await expect(line(1)).toHaveText("Line 1Title: Upper pull")
  await expect(line(2)).toContainText("A1 Pull-Up from your library3 × 8Tempo 21X1 · No restfull hang")
  await expect(line(3)).toContainText("A2 Dip from your library3 × 10Rest 1:30 min")
  await expectNoSeriousViolations(page)

  await page.getByRole("button", { name: "Use these exercises" }).click()
  await expect(page.getByRole("textbox", { name: "Title (optional)" })).toHaveValue("Upper pull")
  const draft = page.getByRole("list", { name: "Exercises" }).getByRole("listitem")
  await expect(draft).toHaveCount(2)
  await expect(draft.nth(0)).toContainText("A1Pull-UpTempo 21X1 · No restfull hang")
  await expect(draft.nth(1)).toContainText("A2DipRest 1:30 min")
  await expectNoSeriousViolations(page)
  await screenshot(page, "builder-coaching-workout")

  // The exercise step shows the same coaching, ready to change.
  await page.getByRole("button", { name: "Pull-Up", exact: true }).click()
  const coaching = page.getByRole("group", { name: "Coaching" })
  await expect(coaching.getByRole("combobox", { name: "Superset" })).toHaveValue("A")
  await expect(coaching.getByRole("combobox", { name: "Rest" })).toHaveValue("0")
  await expect(coaching.getByRole("textbox", { name: "Tempo" })).toHaveValue("21X1")
  await expect(coaching.getByRole("textbox", { name: "Note" })).toHaveValue("full hang")
  await expectNoSeriousViolations(page)
  await screenshot(page, "builder-coaching-exercise")
  await page.getByRole("button", { name: "Submit Exercise" }).click()

  await page.getByRole("button", { name: "Submit Workout" }).click()
  await expect(page).toHaveURL(at(`/coach/workouts/${clientIds.id}/${day}`))

  // What the server keeps: the title on every row, each exercise's letter, rest, tempo and note.
  const rows = (await api(
    origin,
    coachIds.token,
    "GET",
    `/api/workouts/${clientIds.id}?from=${today}&to=${today}`
  )) as ReadonlyArray<Row>
  const kept = [...rows]
    .sort((a, b) => a.exercise_order - b.exercise_order || a.set - b.set)
    .map(({ exercise, set, reps, workout_title, superset, rest_seconds, tempo, note }) => ({
      exercise,
      set,
      reps,
      workout_title,
      superset,
      rest_seconds,
      tempo,
      note
    }))
  const pullUp = { exercise: "Pull-Up", reps: 8, superset: "A", rest_seconds: 0, tempo: "21X1", note: "full hang" }
  const dip = { exercise: "Dip", reps: 10, superset: "A", rest_seconds: 90, tempo: undefined, note: undefined }
  expect(kept).toEqual([
    ...[0, 1, 2].map((set) => ({ ...pullUp, set, workout_title: "Upper pull" })),
    ...[0, 1, 2].map((set) => ({ ...dip, set, workout_title: "Upper pull" }))
  ])

  // The lifter, on a phone: one page for the superset, its sets taking turns.
  const lifter = await signedInPage(browser, client.email, client.password, PHONE)
  const phone = lifter.page
  await phone.goto(`/client/workouts/${day}/0`)
  await expect(phone.getByRole("heading", { level: 2, name: "Superset A: Pull-Up and Dip" })).toBeVisible()
  await expect(phone.locator(".set-logger__label")).toHaveText([
    "A1 Pull-Up, set 1",
    "A2 Dip, set 1",
    "A1 Pull-Up, set 2",
    "A2 Dip, set 2",
    "A1 Pull-Up, set 3",
    "A2 Dip, set 3"
  ])
  const fromCoach = phone.getByRole("list", { name: "From your coach" })
  await expect(fromCoach).toContainText("A1 Pull-Up: Tempo 21X1 · No rest")
  await expect(fromCoach).toContainText("full hang")
  await expect(fromCoach).toContainText("A2 Dip: Rest 1:30 min")
  await expectNoSeriousViolations(phone)

  // A1 done: rest 0, so no rest starts and the dip follows at once.
  const restTimer = phone.getByRole("timer", { name: "Rest" })
  await phone.getByRole("button", { name: "Mark a1 pull-up, set 1 done" }).click()
  await expect(phone.getByRole("button", { name: "Undo a1 pull-up, set 1" })).toBeVisible()
  // A rest starts after the tap is painted, and once the rest timer's chunk is in: give both
  // time to happen, so that no timer here means none started.
  await phone.waitForTimeout(2_000)
  await expect(restTimer).toHaveCount(0)

  // A2 done: the prescribed 1:30, not the lifter's own 2:00.
  await phone.getByRole("button", { name: "Mark a2 dip, set 1 done" }).click()
  await expect(restTimer).toBeVisible()
  await expect(restTimer).toHaveText(/^Rest 1:(30|29|28|27)$/)
  await expectNoSeriousViolations(phone)
  await screenshot(phone, "lifter-superset")
  await lifter.context.close()
})
