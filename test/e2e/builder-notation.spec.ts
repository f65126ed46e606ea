/**
 * The typed workout at a desk (docs/workout-notation.md, "In the builder"): a coach types
 * three lines into the builder's workout step, uses them and submits, in a handful of
 * actions; the server keeps exactly the sets the text says, and the lifter's day lists the
 * three exercises. Real Chromium at 1280 x 800, the real server, the real Auth emulator.
 */
import { expect, test } from "@playwright/test"
import { isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { signedInPage } from "./support/two-people.ts"
import { DESKTOP, screenshot } from "./support/viewports.ts"

test.use({ viewport: DESKTOP })

const LINES = ["Back Squat 5x5 @75%", "Bench 3x8 @RPE8", "Deadlift 1x5 @315, 2x5 -10%"] as const

/** A saved row as GET /api/workouts answers it: the fields this spec reads. */
interface Row {
  readonly exercise: string
  readonly exercise_id: string | null
  readonly exercise_order: number
  readonly set: number
  readonly reps: number | string | null
  readonly rpe: number | null
  readonly weight: number | null
  readonly weight_unit: string
  readonly backoff_percent: number | null
  readonly max_percent: number | null
  readonly e1rm_percent: number | null
  readonly amsap: boolean
}

test("a coach types three exercises as text, saves them, and the lifter's day has exactly those sets", async ({
  page,
  browser,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const { coach, client, clientIds, coachIds } = await coachAndClient(origin)
  const today = todayIso(new Date())
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.goto(`/coach/workoutbuilder/${clientIds.id}/${isoToRouteDate(today)}`)

  // What the coach does from the open builder to the saved workout: each typed line 1, each click or key chord 1.
  let actions = 0
  await page.getByRole("button", { name: "Strength" }).click()
  actions += 1
  const text = page.getByRole("textbox", { name: "Type the workout" })
  await expect(text).toBeVisible()
  for (const [index, line] of LINES.entries()) {
    await text.pressSequentially(index === 0 ? line : `\n${line}`)
    actions += 1
  }
  const read = page.getByRole("list", { name: "What each line reads as" })
  await expect(read.getByRole("listitem").filter({ hasText: "Line 1" })).toContainText("5 × 5 @ 75% of max")
  await expect(read.getByRole("listitem").filter({ hasText: "Line 2" })).toContainText("Bench Press")
  await expect(read.getByRole("listitem").filter({ hasText: "Line 3" })).toContainText(
    "1 × 5 @ 315 lbs, 2 × 5 at 10% backoff"
  )
  await expect(read).not.toContainText("new exercise")
  await expectNoSeriousViolations(page)

  await page.getByRole("button", { name: "Use these exercises" }).click()
  actions += 1
  const draft = page.getByRole("list", { name: "Exercises" })
  await expect(draft.getByRole("listitem")).toHaveCount(3)
  await expect(draft).toContainText("Set 1: 315 lbs, 5 reps")
  await expectNoSeriousViolations(page)
  await screenshot(page, "builder-notation")

  await page.getByRole("button", { name: "Submit Workout" }).click()
  actions += 1
  await expect(page).toHaveURL(at(`/coach/workouts/${clientIds.id}/${isoToRouteDate(today)}`))
  test.info().annotations.push({ type: "actions", description: String(actions) })
  expect(actions).toBeLessThanOrEqual(20)

  // What the server keeps: the exact sets the three lines say.
  const rows = (await api(
    origin,
    coachIds.token,
    "GET",
    `/api/workouts/${clientIds.id}?from=${today}&to=${today}`
  )) as ReadonlyArray<Row>
  const sets = [...rows]
    .sort((a, b) => a.exercise_order - b.exercise_order || a.set - b.set)
    .map((row) => ({
      exercise: row.exercise,
      exercise_id: row.exercise_id,
      set: row.set,
      reps: row.reps,
      rpe: row.rpe,
      weight: row.weight === null ? null : `${String(row.weight)} ${row.weight_unit}`,
      backoff_percent: row.backoff_percent,
      max_percent: row.max_percent,
      e1rm_percent: row.e1rm_percent,
      amsap: row.amsap
    }))
  const none = { rpe: null, weight: null, backoff_percent: null, max_percent: null, e1rm_percent: null, amsap: false }
  expect(sets).toEqual([
    ...[0, 1, 2, 3, 4].map((set) => ({
      ...none,
      exercise: "Back Squat",
      exercise_id: "back-squat",
      set,
      reps: 5,
      max_percent: 75
    })),
    ...[0, 1, 2].map((set) => ({ ...none, exercise: "Bench Press", exercise_id: "bench-press", set, reps: 8, rpe: 8 })),
    { ...none, exercise: "Deadlift", exercise_id: "deadlift", set: 0, reps: 5, weight: "315 lb" },
    ...[1, 2].map((set) => ({
      ...none,
      exercise: "Deadlift",
      exercise_id: "deadlift",
      set,
      reps: 5,
      backoff_percent: 10
    }))
  ])

  // The lifter's day lists the three exercises.
  const lifter = await signedInPage(browser, client.email, client.password, DESKTOP)
  await lifter.page.goto(`/client/workouts/${isoToRouteDate(today)}`)
  await expect(lifter.page.getByRole("heading", { name: "Workout #1" })).toBeVisible()
  for (const name of ["Back Squat", "Bench Press", "Deadlift"])
    await expect(lifter.page.getByText(name, { exact: true }).first()).toBeVisible()
  await lifter.context.close()
})
