/**
 * The coach's dashboard shows who needs attention (docs/decisions/021), end to end: real Chromium,
 * the real server and Auth emulator, on a desktop and a 390 x 844 phone. Everything is
 * set up through the API as the apps would: the coach programs one client's week, that
 * client logs a set and submits a workout, the other client has nothing coming. The
 * dashboard counts it, flags the idle client first, and each row opens that client's
 * calendar.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, formatMediumUsDate, formatShortUsDate, startOfWeek, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { acceptInvitation, api, link, signedIn, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { createAccount } from "./support/stack.ts"

const SCREENS = [
  { label: "desktop", viewport: { width: 1280, height: 800 } },
  { label: "phone", viewport: { width: 390, height: 844 } }
] as const

const squat = [
  {
    name: "Back Squat",
    sets: [
      {
        set: 0,
        amsap: false,
        fields: [
          { name: "reps", value: 5 },
          { name: "weight", value: 225 }
        ]
      }
    ]
  }
]

/** A coach with two clients: one programmed this week who trains today, one with nothing scheduled. */
async function scene(baseURL: string) {
  const today = todayIso(new Date())
  const coach = await createAccount(baseURL, "Coach")
  const trained = await createAccount(baseURL, "Client", "trained")
  const idle = await createAccount(baseURL, "Client", "idle")
  const coachIds = await signedIn(baseURL, coach)
  const trainedIds = await signedIn(baseURL, trained)
  const idleIds = await signedIn(baseURL, idle)
  await link(baseURL, coachIds, coach.email, { email: trained.email, ids: trainedIds })
  await link(baseURL, coachIds, coach.email, { email: idle.email, ids: idleIds })
  // Two workouts this week (today and Saturday, a second workout of today on a Saturday).
  const saved = (await api(baseURL, coachIds.token, "POST", "/api/workout", {
    clientId: trainedIds.id,
    date: today,
    workout: squat
  })) as ReadonlyArray<SavedRow>
  await api(baseURL, coachIds.token, "POST", "/api/workout", {
    clientId: trainedIds.id,
    date: addDays(startOfWeek(today), 6),
    workout: squat
  })
  const [set] = saved
  if (set === undefined) throw new Error("the saved workout has no set")
  await api(baseURL, trainedIds.token, "PUT", "/api/updateWorkoutResult", { id: set.id, reps: 5, weight: 225 })
  const ended = new Date()
  await api(baseURL, trainedIds.token, "PUT", "/api/workoutCompletion", {
    date: today,
    workout_order: 0,
    started_at: new Date(ended.getTime() - 45 * 60_000).toISOString(),
    ended_at: ended.toISOString(),
    duration_seconds: 40 * 60
  })
  return { today, coach, trained, idle, trainedIds, idleIds }
}

const overviewRows = (page: Page) => page.getByRole("list", { name: "Training at a glance" }).getByRole("listitem")

for (const { label, viewport } of SCREENS) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport })

    test("the dashboard shows each client's week, flags the one with nothing coming, and opens a calendar", async ({
      page,
      baseURL
    }) => {
      test.setTimeout(90_000)
      const s = await scene(baseURL ?? "")
      await openLogin(page)
      await logIn(page, s.coach.email, s.coach.password)
      await expect(page).toHaveURL(at("/coach/dashboard"))

      await expect(page.getByRole("heading", { name: "Upcoming workouts" })).toBeVisible()
      const rows = overviewRows(page)
      await expect(rows).toHaveCount(2)
      // The client needing attention comes first.
      const idleRow = rows.nth(0)
      await expect(idleRow.getByRole("link")).toHaveText(s.idle.name)
      await expect(idleRow).toContainText("Needs attention")
      await expect(idleRow).toContainText("Last session: Never")
      await expect(idleRow).toContainText("Nothing scheduled in the next 7 days")

      const trainedRow = rows.filter({ hasText: s.trained.name })
      await expect(rows.nth(1)).toContainText(s.trained.name)
      await expect(trainedRow.getByRole("link")).toHaveText(s.trained.name)
      await expect(trainedRow).toContainText(`Last session: ${formatShortUsDate(s.today)}`)
      await expect(trainedRow).toContainText("This week: 1 of 2 done")
      await expect(trainedRow).not.toContainText("Missed")
      await expect(trainedRow).not.toContainText("Needs attention")
      // Today's workout is done: next is Saturday's (a second one today, on a Saturday).
      const saturday = addDays(startOfWeek(s.today), 6)
      await expect(trainedRow).toContainText(
        `Next: ${saturday === s.today ? "Today" : saturday.slice(0, 4) === s.today.slice(0, 4) ? formatShortUsDate(saturday) : formatMediumUsDate(saturday)}, Back Squat`
      )

      await expect(page.getByRole("heading", { name: "Comments" })).toBeVisible()
      await expect(page.getByText("No comments yet.")).toBeVisible()
      await expectNoSeriousViolations(page)
      await page.screenshot({ path: `test-results/coach-overview/dashboard-${label}.png`, fullPage: true })

      // Adding a client reads the overview again: the newcomer has a row at once.
      const newcomer = await createAccount(baseURL ?? "", "Client", "newcomer")
      await page.getByLabel("Client email").fill(newcomer.email)
      await page.getByRole("button", { name: "Add client" }).click()
      // An invitation is not a client yet (ADR 033): once accepted, the newcomer has a row.
      await expect(page.getByRole("list", { name: "Clients" }).getByText(newcomer.email)).toBeVisible()
      await acceptInvitation(baseURL ?? "", (await signedIn(baseURL ?? "", newcomer)).token, s.coach.email)
      await page.reload()
      await expect(rows).toHaveCount(3)
      await expect(rows.filter({ hasText: newcomer.name })).toContainText("Nothing scheduled in the next 7 days")

      // The whole row is the way in: a tap in its middle, on its lines, opens that client's calendar.
      await trainedRow.click()
      // The calendar adds the week it shows to the address.
      await expect(page).toHaveURL(new RegExp(`/coach/calendar\\?client=${s.trainedIds.id}(&|$)`))
      await expect(page.getByRole("combobox", { name: "Client" })).toHaveValue(String(s.trainedIds.id))
    })
  })
}
