/**
 * Work done ahead of schedule reads true on every screen (docs/decisions/042), end to end:
 * real Chromium, the real server and Auth emulator. The coach programs a lifter's Barbell
 * Row three days ahead and five days ahead; the lifter, who rowed 135 x 5 ten days ago,
 * does the first of them today (160 x 5) and submits it. The coach's dashboard reads
 * "Last session: today" (never the workout's future date), "Next:" the workout still to
 * do, and the record as an estimate; the maxes page has a working e1RM; the lifter's
 * progress plots today's estimate, labelled as one. Axe on each screen.
 */
import { expect, test } from "@playwright/test"
import {
  addDays,
  formatLongUsDate,
  formatMediumUsDate,
  formatShortUsDate,
  todayIso,
  type IsoDate
} from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient, type SavedRow } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const row = (weight: number) => [
  {
    name: "Barbell Row",
    sets: [
      {
        set: 0,
        amsap: false,
        fields: [
          { name: "reps", value: 5 },
          { name: "weight", value: weight }
        ]
      }
    ]
  }
]

/** The day as the overview words it: "Nov 28", with the year when it is another year's. */
const dayText = (date: IsoDate, today: IsoDate) =>
  date.slice(0, 4) === today.slice(0, 4) ? formatShortUsDate(date) : formatMediumUsDate(date)

async function scene(baseURL: string) {
  const today = todayIso(new Date())
  const people = await coachAndClient(baseURL)
  const program = async (date: IsoDate, weight: number) =>
    (await api(baseURL, people.coachIds.token, "POST", "/api/workout", {
      clientId: people.clientIds.id,
      date,
      workout: row(weight)
    })) as ReadonlyArray<SavedRow>
  const logAndSubmit = async (date: IsoDate, rows: ReadonlyArray<SavedRow>, weight: number) => {
    await api(baseURL, people.clientIds.token, "PUT", "/api/updateWorkoutResult", { id: rows[0]?.id, reps: 5, weight })
    const ended = new Date()
    await api(baseURL, people.clientIds.token, "PUT", "/api/workoutCompletion", {
      date,
      workout_order: 0,
      started_at: new Date(ended.getTime() - 30 * 60_000).toISOString(),
      ended_at: ended.toISOString(),
      duration_seconds: 25 * 60
    })
  }
  const tenDaysAgo = addDays(today, -10)
  await logAndSubmit(tenDaysAgo, await program(tenDaysAgo, 135), 135)
  const ahead = addDays(today, 3)
  const following = addDays(today, 5)
  const aheadRows = await program(ahead, 160)
  await program(following, 165)
  // Done today, three days before its date.
  await logAndSubmit(ahead, aheadRows, 160)
  return { ...people, today, ahead, following }
}

test("a workout done ahead of its date: last session today, next the one still to do, estimates said so", async ({
  page,
  browser,
  baseURL
}) => {
  test.setTimeout(120_000)
  const s: CoachedClient & { today: IsoDate; ahead: IsoDate; following: IsoDate } = await scene(baseURL ?? "")

  await openLogin(page)
  await logIn(page, s.coach.email, s.coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  const lifterRow = page
    .getByRole("list", { name: "Training at a glance" })
    .getByRole("listitem")
    .filter({ hasText: s.client.name })
  await expect(lifterRow).toContainText(`Last session: ${dayText(s.today, s.today)}`)
  await expect(lifterRow).not.toContainText(`Last session: ${dayText(s.ahead, s.today)}`)
  await expect(lifterRow).toContainText(`Next: ${dayText(s.following, s.today)}, Barbell Row`)
  // 160 x 5 is an estimated 1RM of 186.7 lb, above the 157.5 of ten days ago.
  await expect(lifterRow).toContainText("New record: Barbell Row — estimated 1RM 186.7 lb")
  await expectNoSeriousViolations(page)

  await page.goto(`/coach/clients/${s.clientIds.id}/maxes`)
  const working = page.getByRole("region", { name: "Working e1RM (estimated)" })
  await expect(working).toContainText("Barbell Row — 186.7 lbs")
  await expect(working).not.toContainText("Nothing logged in the last 8 weeks.")
  await expectNoSeriousViolations(page)

  // The lifter, in a browser of their own.
  const lifter = await browser.newContext()
  const phone = await lifter.newPage()
  await openLogin(phone)
  await logIn(phone, s.client.email, s.client.password)
  await expect(phone).toHaveURL(at("/client/dashboard"))
  // Their own next workout is the one still to do, not the one done today.
  await expect(phone.getByRole("region", { name: "Next Workout:" })).toContainText(formatLongUsDate(s.following))
  await phone.goto("/client/progress")
  await expect(phone.getByRole("combobox", { name: "Exercise" })).toHaveValue("barbell-row")
  await expect(phone.locator("figcaption")).toContainText(
    `Barbell Row: 2 days logged in the last 6 months, estimated e1RM from 157.5 lbs on ${formatShortUsDate(addDays(s.today, -10))} to 186.7 lbs on ${formatShortUsDate(s.today)}, 1 PR.`
  )
  await expect(phone.getByText(`Estimated e1RM PRs: ${formatShortUsDate(s.today)} — 186.7 lbs`)).toBeVisible()
  await expect(phone.getByText("Estimated e1RM (lbs)")).toBeVisible()
  await expect(phone.getByText(/Example data|No sets logged/)).toHaveCount(0)
  await expectNoSeriousViolations(phone)
  await lifter.close()
})
