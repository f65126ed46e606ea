/**
 * No screen shows a placeholder or sample data to a signed-in person with data of their
 * own (docs/decisions/042): real Chromium, the real server and Auth emulator. A lifter who
 * has logged sets (one of them for a workout dated ahead, done today) and their coach visit
 * every route of src/routes, and a lifter whose only sets are four months old opens their
 * progress; no page says "Coach name", "coach@example.com", a progress photo box, "Example
 * data", or the example chart's date labels (SPEC's Mar 1 .. Apr 12), except a label that
 * is a real day of this scene.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, formatShortUsDate, isoToRouteDate, todayIso, type IsoDate } from "#domain/calendar.ts"
import { SAMPLE_PROGRESS } from "#domain/progress.ts"
import { api, coachAndClient, link, signedIn, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { createAccount } from "./support/stack.ts"

const PLACEHOLDERS = ["Coach name", "coach@example.com", "Progress photo", "Example data"]

/** One set of Back Squat, 5 at 225 lb. */
const fields = Object.entries({ reps: 5, weight: 225 }).map(([name, value]) => ({ name, value }))
const squat = [{ name: "Back Squat", sets: [{ set: 0, amsap: false, fields }] }]

/** The example's labels, less any that is a day this scene shows for real. */
const exampleLabels = (sceneDays: ReadonlyArray<IsoDate>) => {
  const real = new Set(sceneDays.map(formatShortUsDate))
  return SAMPLE_PROGRESS.map((sample) => sample.name).filter((label) => !real.has(label))
}

/** The page's whole text once it has settled: nothing loading, the first heading shown. */
async function settledText(page: Page, path: string): Promise<string> {
  await page.goto(path)
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible()
  await expect(page.getByText(/^Loading/)).toHaveCount(0)
  return (await page.locator("body").textContent()) ?? ""
}

async function expectNoPlaceholders(page: Page, paths: ReadonlyArray<string>, labels: ReadonlyArray<string>) {
  for (const path of paths) {
    const text = await settledText(page, path)
    for (const placeholder of [...PLACEHOLDERS, ...labels])
      expect(new RegExp(`\\b${placeholder}\\b`).test(text), `${path} shows "${placeholder}"`).toBe(false)
  }
}

test("a lifter with logged sets and their coach see no placeholder and no example data on any route", async ({
  page,
  browser,
  baseURL
}) => {
  test.setTimeout(180_000)
  const today = todayIso(new Date())
  const people = await coachAndClient(baseURL ?? "")
  const ahead = addDays(today, 2)
  const days = [addDays(today, -3), ahead] as const
  for (const date of days) {
    const rows = (await api(baseURL ?? "", people.coachIds.token, "POST", "/api/workout", {
      clientId: people.clientIds.id,
      date,
      workout: squat
    })) as ReadonlyArray<SavedRow>
    await api(baseURL ?? "", people.clientIds.token, "PUT", "/api/updateWorkoutResult", {
      id: rows[0]?.id,
      reps: 5,
      weight: 225
    })
  }
  // A second lifter of the coach, whose only set is four months old.
  const veteran = await createAccount(baseURL ?? "", "Client", "veteran")
  const veteranIds = await signedIn(baseURL ?? "", veteran)
  await link(baseURL ?? "", people.coachIds, people.coach.email, { email: veteran.email, ids: veteranIds })
  const longAgo = addDays(today, -120)
  const [old] = (await api(baseURL ?? "", people.coachIds.token, "POST", "/api/workout", {
    clientId: veteranIds.id,
    date: longAgo,
    workout: squat
  })) as ReadonlyArray<SavedRow>
  await api(baseURL ?? "", veteranIds.token, "PUT", "/api/updateWorkoutResult", { id: old?.id, reps: 5, weight: 225 })
  const labels = exampleLabels([today, longAgo, ...days])
  const client = people.clientIds.id
  const routeDay = isoToRouteDate(today)

  // Every route of src/routes a lifter can open.
  await openLogin(page)
  await logIn(page, people.client.email, people.client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await expectNoPlaceholders(
    page,
    [
      "/",
      "/client",
      "/client/dashboard",
      "/client/calendar",
      "/client/progress",
      "/client/progress?range=3m",
      "/client/chat",
      "/client/profile",
      `/client/workouts/${isoToRouteDate(ahead)}`,
      `/client/workouts/${routeDay}/0`
    ],
    labels
  )

  // ...and every route a coach can open, about this lifter.
  const coachContext = await browser.newContext()
  const coach = await coachContext.newPage()
  await openLogin(coach)
  await logIn(coach, people.coach.email, people.coach.password)
  await expect(coach).toHaveURL(at("/coach/dashboard"))
  await expectNoPlaceholders(
    coach,
    [
      "/coach",
      "/coach/dashboard",
      `/coach/calendar?client=${client}`,
      "/coach/progress",
      "/coach/profile",
      "/coach/chat",
      `/coach/chat/${client}`,
      `/coach/clients/${client}/maxes`,
      `/coach/copy/${client}/${isoToRouteDate(ahead)}`,
      `/coach/workoutbuilder/${client}/${routeDay}`,
      `/coach/workouts/${client}/${isoToRouteDate(ahead)}`
    ],
    labels
  )
  await coachContext.close()

  // Sets older than every range shown are still theirs: never the example in their place.
  const veteranContext = await browser.newContext()
  const veteranPage = await veteranContext.newPage()
  await openLogin(veteranPage)
  await logIn(veteranPage, veteran.email, veteran.password)
  await expect(veteranPage).toHaveURL(at("/client/dashboard"))
  await expectNoPlaceholders(veteranPage, ["/client/profile", "/client/progress", "/client/progress?range=3m"], labels)
  await expect(veteranPage.getByText("Pick a longer range to see your earlier sets.")).toBeVisible()
  await veteranContext.close()
})
