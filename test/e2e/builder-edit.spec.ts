/**
 * Editing a saved workout in the builder (docs/decisions/024): the coach opens the day's workout 0
 * (?workout=0), named for its client; edits a set in place, duplicates one, moves an
 * exercise, and removes the set the client logged, which asks first ("1 set you removed
 * has results the client logged. Remove it anyway?"); confirmed, the server holds the new
 * content and the client's logged result stays on the sets that were kept. A bad order
 * reads as not found. Real Chromium, server and Auth emulator, on a phone and a desktop,
 * axe on every new state.
 */
import { expect, test, type Page } from "@playwright/test"
import { formatLongUsDate, isoToRouteDate, todayIso, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }
const field = (name: string, value: number) => ({ name, value })

interface Row extends SavedRow {
  readonly reps: number | string | null
  readonly weight: number | null
  readonly exercise_order: number
}

/**
 * Today's workout 0: Back Squat 3 x 5 at 225 lbs, then Bench Press 1 x 8. The client logged
 * the squat's first and second sets (5 reps each).
 */
async function savedWorkout(
  baseURL: string
): Promise<CoachedClient & { today: IsoDate; logged: ReadonlyArray<number> }> {
  const people = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  const squat = (set: number) => ({ set, amsap: false, fields: [field("reps", 5), field("weight", 225)] })
  const rows = (await api(baseURL, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: today,
    workout: [
      { name: "Back Squat", sets: [squat(0), squat(1), squat(2)] },
      { name: "Bench Press", sets: [{ set: 0, amsap: false, fields: [field("reps", 8)] }] }
    ]
  })) as ReadonlyArray<SavedRow>
  const logged = rows.filter((row) => row.exercise === "Back Squat" && row.set < 2).map((row) => row.id)
  for (const id of logged) {
    await api(baseURL, people.clientIds.token, "PUT", "/api/updateWorkoutResult", { id, reps: 5, weight: 225 })
  }
  return { ...people, today, logged }
}

async function read(baseURL: string, people: CoachedClient, today: IsoDate, path: string): Promise<ReadonlyArray<Row>> {
  const query = new URLSearchParams({ from: today, to: today })
  return (await api(
    baseURL,
    people.coachIds.token,
    "GET",
    `/api/${path}/${String(people.clientIds.id)}?${query.toString()}`
  )) as ReadonlyArray<Row>
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

async function journey(page: Page, baseURL: string, label: string) {
  test.setTimeout(120_000)
  const people = await savedWorkout(baseURL)
  const { coach, clientIds, today, logged } = people
  const day = `${String(clientIds.id)}/${isoToRouteDate(today)}`
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))

  // A workout order the day does not have: not found, with the way back.
  await page.goto(`/coach/workoutbuilder/${day}?workout=7`)
  await expect(page.getByRole("heading", { name: "Workout not found" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Back to the day" })).toHaveAttribute("href", `/coach/workouts/${day}`)
  await expectNoSeriousViolations(page)

  // The saved workout is the draft, at the workout step, named for its client.
  await page.goto(`/coach/workoutbuilder/${day}?workout=0`)
  await expect(page.getByRole("heading", { name: "Edit workout", level: 1 })).toBeVisible()
  await expect(page.getByText(`for ${people.client.name}`)).toBeVisible()
  await expect(page.getByText(formatLongUsDate(today))).toBeVisible()
  await expect(page.getByRole("heading", { name: "Workout Assignment" })).toBeVisible()
  const exercises = page.getByRole("list", { name: "Exercises" })
  await expect(exercises.getByRole("button", { name: /^(Back Squat|Bench Press)$/ })).toHaveText([
    "Back Squat",
    "Bench Press"
  ])
  await expect(exercises.getByText("logged", { exact: true })).toHaveCount(2)
  await expectNoSeriousViolations(page)
  await shot(page, `${label}-edit-workout`)

  // Move Bench Press up: it is first now.
  await page.getByRole("button", { name: "Move Bench Press up" }).click()
  await expect(exercises.getByRole("button", { name: /^(Back Squat|Bench Press)$/ })).toHaveText([
    "Bench Press",
    "Back Squat"
  ])
  await expect(page.getByRole("button", { name: "Move Bench Press up" })).toBeDisabled()

  // The squat: edit its third set to 245 lbs, duplicate it, and delete the first (logged) set.
  await exercises.getByRole("button", { name: "Back Squat", exact: true }).click()
  await expect(page.getByRole("heading", { name: "Exercise Assignment" })).toBeFocused()
  await expect(page.getByRole("button", { name: "Delete set 1, logged by the client" })).toBeVisible()
  await expectNoSeriousViolations(page)
  await shot(page, `${label}-edit-exercise`)
  await page.getByRole("button", { name: "Edit set 3" }).click()
  await expect(page.getByText("Edit set 3")).toBeVisible()
  const weight = page.getByRole("textbox", { name: "Weight (lbs)" })
  await expect(weight).toHaveValue("225")
  await weight.fill("245")
  await page.getByRole("button", { name: "Save set 3" }).click()
  const sets = page.getByRole("list", { name: "Sets" }).getByRole("listitem")
  await expect(sets).toHaveCount(3)
  await expect(sets.nth(2)).toContainText("245 lbs, 5 reps")
  await page.getByRole("button", { name: "Duplicate set 3" }).click()
  await expect(sets).toHaveCount(4)
  await expect(sets.nth(3)).toContainText("245 lbs, 5 reps")
  await page.getByRole("button", { name: "Delete set 1, logged by the client" }).click()
  await expect(sets).toHaveCount(3)
  await page.getByRole("button", { name: "Submit Exercise" }).click()

  // Saving asks first: one set the client logged would go.
  await page.getByRole("button", { name: "Save changes" }).click()
  const question = page.getByRole("alert").filter({ hasText: "Remove it anyway?" })
  await expect(question).toHaveText(/1 set you removed has results the client logged\. Remove it anyway\?/)
  await expectNoSeriousViolations(page)
  await shot(page, `${label}-warning`)
  // Keep editing: nothing sent, the draft as it was.
  await question.getByRole("button", { name: "Keep editing" }).click()
  await expect(question).toHaveCount(0)
  expect(await read(baseURL, people, today, "workouts")).toHaveLength(4)

  await page.getByRole("button", { name: "Save changes" }).click()
  await page.getByRole("button", { name: "Remove and save" }).click()
  await expect(page).toHaveURL(at(`/coach/workouts/${day}`))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(formatLongUsDate(today))
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Strength Workout" }) })
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(["Bench Press", "Back Squat"])
  await expect(card.getByText("245 lbs, 5 reps")).toHaveCount(2)

  // On the server: the new content, and the second set's logged result kept on it.
  const rows = await read(baseURL, people, today, "workouts")
  const squats = rows.filter((row) => row.exercise === "Back Squat").sort((a, b) => a.set - b.set)
  expect(rows.find((row) => row.exercise === "Bench Press")?.exercise_order).toBe(0)
  expect(squats.map((row) => row.weight)).toEqual([225, 245, 245])
  expect(squats[0]?.id).toBe(logged[1])
  const results = await read(baseURL, people, today, "workoutResults")
  expect(results.map((row) => row.id)).toEqual([logged[1]])
  expect(results[0]?.reps).toBe(5)
}

test("a coach edits a saved workout on a phone: sets edited, duplicated, an exercise moved, a logged set removed after asking", async ({
  page,
  baseURL
}) => {
  await page.setViewportSize(PHONE)
  await journey(page, baseURL ?? "", "phone")
})

test("a coach edits a saved workout on a desktop: sets edited, duplicated, an exercise moved, a logged set removed after asking", async ({
  page,
  baseURL
}) => {
  await page.setViewportSize(DESKTOP)
  await journey(page, baseURL ?? "", "desktop")
})
