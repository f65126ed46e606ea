/**
 * The coach's day (docs/decisions/024): it names the client; each workout has Edit and Copy or repeat
 * links by its order in the day, and Delete, which asks first (saying how many sets have
 * logged results), removes it on the server, offers Undo for 10 seconds and, undone, reads
 * the day back with the workout in it; let go, the removal stands. A client id that is no
 * number, or another coach's client, reads "not found". Real Chromium, the real server and
 * Auth emulator, on a phone and on a desktop, axe on every state shown.
 */
import { expect, test, type Page } from "@playwright/test"
import { formatLongUsDate, isoToRouteDate, startOfWeek, todayIso, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }
const QUESTION = "Delete this workout? The client's logged results go with it."
const field = (name: string, value: number) => ({ name, value })

/** A coach's client with a two-exercise workout today, the first set of which they logged. */
async function savedDay(baseURL: string): Promise<CoachedClient & { today: IsoDate }> {
  const people = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  const rows = (await api(baseURL, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: today,
    workout: [
      {
        name: "Back Squat",
        sets: [
          { set: 0, amsap: false, fields: [field("reps", 5), field("weight", 225)] },
          { set: 1, amsap: false, fields: [field("reps", 5), field("weight", 225)] }
        ]
      },
      { name: "Bench Press", sets: [{ set: 0, amsap: false, fields: [field("reps", 8), field("rpe", 8)] }] }
    ]
  })) as ReadonlyArray<SavedRow>
  const first = rows.find((row) => row.exercise === "Back Squat" && row.set === 0)
  await api(baseURL, people.clientIds.token, "PUT", "/api/updateWorkoutResult", { id: first?.id, reps: 5, weight: 225 })
  return { ...people, today }
}

/** How many workouts the server holds for the client that day. */
async function workoutsOnServer(baseURL: string, people: CoachedClient, date: IsoDate): Promise<number> {
  const query = new URLSearchParams({ clientId: String(people.clientIds.id), date })
  const answer = (await api(baseURL, people.coachIds.token, "GET", `/api/workoutByDate?${query.toString()}`)) as {
    data: Record<string, ReadonlyArray<unknown>>
  }
  return answer.data[date]?.length ?? 0
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false })
}

async function deleteTheWorkout(page: Page) {
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Strength Workout" }) })
  await card.getByRole("button", { name: "Delete" }).click()
  const question = card.getByRole("group", { name: QUESTION })
  await expect(question).toContainText("1 set has logged results.")
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused()
  return question
}

async function journey(page: Page, baseURL: string, label: string) {
  test.setTimeout(120_000)
  const people = await savedDay(baseURL)
  const { coach, clientIds, today } = people
  const routeDate = isoToRouteDate(today)
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.goto(`/coach/workouts/${String(clientIds.id)}/${routeDate}`)

  // Whose day: SPEC's long date, and the client by name.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(formatLongUsDate(today))
  await expect(page.getByText(`for ${people.client.name}`)).toBeVisible()
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Strength Workout" }) })
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(["Back Squat", "Bench Press"])

  // Edit and Copy address the workout by its order in the day.
  const day = `${String(clientIds.id)}/${routeDate}`
  await expect(card.getByRole("link", { name: "Edit" })).toHaveAttribute(
    "href",
    `/coach/workoutbuilder/${day}?workout=0`
  )
  await expect(card.getByRole("link", { name: "Copy or repeat" })).toHaveAttribute(
    "href",
    `/coach/copy/${day}?workout=0`
  )
  await expect(page.getByRole("link", { name: "Copy this day or week" })).toHaveAttribute("href", `/coach/copy/${day}`)
  await expect(page.getByRole("link", { name: "Back to calendar" })).toHaveAttribute(
    "href",
    `/coach/calendar?client=${String(clientIds.id)}&week=${startOfWeek(today)}`
  )
  await expectNoSeriousViolations(page)
  await card.getByRole("button", { name: "Delete" }).scrollIntoViewIfNeeded()
  await shot(page, `${label}-day`)

  // Asked first; Cancel keeps everything and gives the keyboard back to Delete.
  let question = await deleteTheWorkout(page)
  await expectNoSeriousViolations(page)
  await shot(page, `${label}-confirm`)
  await question.getByRole("button", { name: "Cancel" }).click()
  await expect(card.getByRole("button", { name: "Delete" })).toBeFocused()
  expect(await workoutsOnServer(baseURL, people, today)).toBe(1)

  // Deleted once the server says so; Undo is announced and takes the keyboard.
  question = await deleteTheWorkout(page)
  await question.getByRole("button", { name: "Delete" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Workout deleted." })).toBeVisible()
  await expect(page.getByRole("button", { name: "Undo" })).toBeFocused()
  await expect(card).toHaveCount(0)
  expect(await workoutsOnServer(baseURL, people, today)).toBe(0)
  await expectNoSeriousViolations(page)
  await shot(page, `${label}-undo`)

  // Undo: the server puts it back and the day is read again, logged set and all.
  await page.getByRole("button", { name: "Undo" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Workout restored." })).toBeVisible()
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(["Back Squat", "Bench Press"])
  await expect(card.getByText("225 lbs, 5 reps").first()).toBeVisible()
  expect(await workoutsOnServer(baseURL, people, today)).toBe(1)
  await expectNoSeriousViolations(page)

  // Deleted again and let go: after 10 seconds Undo is gone and the removal stands.
  question = await deleteTheWorkout(page)
  await question.getByRole("button", { name: "Delete" }).click()
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0, { timeout: 15_000 })
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused()
  await page.reload()
  await expect(page.getByText("No workouts on this day yet.")).toBeVisible()
  expect(await workoutsOnServer(baseURL, people, today)).toBe(0)

  // An id that is no number, and another coach's client: not found, not a connection problem.
  const stranger = await coachAndClient(baseURL)
  for (const id of ["not-a-number", String(stranger.clientIds.id)]) {
    await page.goto(`/coach/workouts/${id}/${routeDate}`)
    await expect(page.getByText("No client with that id on your list.")).toBeVisible()
    await expect(page.getByText(/connection/)).toHaveCount(0)
    await expectNoSeriousViolations(page)
  }
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test("the coach deletes a workout with a confirm, undoes it, deletes it for good; a bad client id is not found", async ({
    page,
    baseURL
  }) => {
    await journey(page, baseURL ?? "", "phone")
  })
})

test.describe("on a desktop", () => {
  test.use({ viewport: DESKTOP })

  test("the coach deletes a workout with a confirm, undoes it, deletes it for good; a bad client id is not found", async ({
    page,
    baseURL
  }) => {
    await journey(page, baseURL ?? "", "desktop")
  })
})
