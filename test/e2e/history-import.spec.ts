/**
 * A lifter brings their Strong logbook (docs/decisions/049-import-and-export.md), end to end:
 * real Chromium at 390 x 844 with touch, the real server and Auth emulator. The file is read
 * in the page's worker, previewed with its mapping (nothing stored yet), confirmed, and the
 * count said is the server's; the lift is then on Progress. The same file again stores
 * nothing, and so does our own export of it, downloaded and imported back. The coach at a
 * desk sees the imported session marked as imported.
 */
import { expect, test } from "@playwright/test"
import { readFile, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { addDays, isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { IMPORTED_ORIGIN } from "#machines/coach-day/coach-day.selectors.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

const HEADER =
  "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration"

/** Strong's semicolon export, in kg: a warm-up and a rest timer that are not lifts, a quoted note with a comma. */
const strongExport = (first: string, second: string) =>
  [
    HEADER,
    `${first} 18:03:22;"Legs";"Squat (Barbell)";W;60;kg;5;;;;0;"";"";1h 5m`,
    `${first} 18:03:22;"Legs";"Squat (Barbell)";1;100;kg;5;8;;;0;"felt good, fast";"";1h 5m`,
    `${first} 18:03:22;"Legs";"Squat (Barbell)";2;100;kg;5;8,5;;;0;"";"";1h 5m`,
    `${first} 18:03:22;"Legs";"Rest Timer";Rest Timer;;;;;;;120;"";"";1h 5m`,
    `${first} 18:03:22;"Legs";"Reverse Hyper (Machine)";1;40;kg;12;;;;0;"";"";1h 5m`,
    `${second} 07:30:00;"Push";"Bench Press (Barbell)";1;80;kg;5;;;;0;"";"";50m`,
    `${second} 07:30:00;"Push";"Bench Press (Barbell)";2;80;kg;5;;;;0;"";"";50m`
  ].join("\n") + "\n"

test("a kg lifter imports a Strong export, sees it on progress, and neither it nor our export adds twice", async ({
  browser,
  baseURL
}) => {
  test.setTimeout(180_000)
  const base = baseURL ?? ""
  const s = await coachAndClient(base)
  await api(base, s.clientIds.token, "PUT", `/api/preferences/${s.clientIds.id}`, {
    unit: "kg",
    bar: null,
    smallest_plate: null
  })
  const today = todayIso(new Date())
  const first = addDays(today, -3)
  const second = addDays(today, -1)
  const file = join(tmpdir(), `strong-${Date.now()}.csv`)
  await writeFile(file, strongExport(first, second))

  const context = await browser.newContext({ viewport: PHONE, hasTouch: true })
  const lifter = await context.newPage()
  await openLogin(lifter)
  await logIn(lifter, s.client.email, s.client.password)
  await expect(lifter).toHaveURL(at("/client/dashboard"))
  await lifter.goto("/client/profile")
  const importer = lifter.getByRole("region", { name: "Bring your history" })
  await importer.getByLabel("Choose a CSV file").setInputFiles(file)

  // The preview, before anything is stored.
  await expect(importer.getByRole("heading", { name: "Before anything is stored" })).toBeFocused()
  await expect(importer.getByText(/^From Strong: 2 sessions, 5 sets,/)).toBeVisible()
  const mapping = importer.getByRole("table", { name: "What each exercise becomes" })
  await expect(mapping.getByLabel("Squat (Barbell)")).toHaveValue("back-squat")
  await expect(mapping.getByLabel("Bench Press (Barbell)")).toHaveValue("bench-press")
  await expect(mapping.getByLabel("Reverse Hyper (Machine)")).toHaveValue("new")
  await expect(importer.getByText("2 rows not imported", { exact: false })).toBeVisible()
  const before = (await api(base, s.clientIds.token, "GET", `/api/workoutResults/${s.clientIds.id}`)) as Array<unknown>
  expect(before).toEqual([])
  await expectNoSeriousViolations(lifter)
  await screenshot(lifter, "history-import-preview-phone")

  await importer.getByRole("button", { name: "Import 5 sets" }).click()
  await expect(importer.getByRole("status")).toHaveText("Imported 5 new sets from 2 sessions.")
  // Said from the server's answer: the server holds them, in kg as the file said.
  const stored = (await api(
    base,
    s.clientIds.token,
    "GET",
    `/api/workoutResults/${s.clientIds.id}?from=${first}&to=${second}`
  )) as Array<{
    exercise_id: string
    weight: number
    weight_unit: string
  }>
  expect(stored.map((row) => [row.exercise_id, row.weight, row.weight_unit]).sort()).toEqual([
    ["back-squat", 100, "kg"],
    ["back-squat", 100, "kg"],
    ["bench-press", 80, "kg"],
    ["bench-press", 80, "kg"],
    [expect.stringMatching(/^custom-\d+$/), 40, "kg"]
  ])
  const yourImports = lifter.getByRole("region", { name: "Your imports" })
  await expect(yourImports.getByText(/from Strong: 2 sessions, 5 sets/)).toBeVisible()
  await screenshot(lifter, "history-import-stored-phone")

  await importer.getByRole("link", { name: "See your progress" }).click()
  await expect(lifter).toHaveURL(at("/client/progress"))
  const lift = lifter.getByLabel("Exercise")
  await lift.selectOption({ label: "Back Squat" })
  await expect(lifter).toHaveURL(/exercise=/)
  // The imported squat, in the kg the file gave it: 100 kg x 5 at RPE 8.5 is about 117 kg.
  await expect(lifter.getByText("Estimated e1RM (kg)")).toBeVisible()
  await screenshot(lifter, "history-import-progress-phone")

  // The same file again: nothing new.
  await lifter.goto("/client/profile")
  await importer.getByLabel("Choose a CSV file").setInputFiles(file)
  await importer.getByRole("button", { name: "Import 5 sets" }).click()
  await expect(importer.getByRole("status")).toContainText("0 new sets")

  // Our own export, downloaded and imported back: nothing new either.
  const downloading = lifter.waitForEvent("download")
  await lifter.getByRole("button", { name: "Download CSV" }).click()
  const download = await downloading
  const exported = join(tmpdir(), `export-${Date.now()}-${download.suggestedFilename()}`)
  await download.saveAs(exported)
  await expect(lifter.getByRole("region", { name: "Take your data" }).getByRole("status")).toHaveText(
    `Downloaded ${download.suggestedFilename()}.`
  )
  await importer.getByLabel("Import another file").setInputFiles(exported)
  await expect(importer.getByText(/^From this app: 2 sessions, 5 sets,/)).toBeVisible()
  await importer.getByRole("button", { name: "Import 5 sets" }).click()
  await expect(importer.getByRole("status")).toContainText("0 new sets")
  await context.close()

  // The coach at a desk: the session is there, marked as imported.
  const coachContext = await browser.newContext({ viewport: DESKTOP })
  const coach = await coachContext.newPage()
  await openLogin(coach)
  await logIn(coach, s.coach.email, s.coach.password)
  await expect(coach).toHaveURL(at("/coach/dashboard"))
  await coach.goto(`/coach/workouts/${s.clientIds.id}/${isoToRouteDate(first)}`)
  await expect(coach.getByRole("heading", { level: 2, name: "Legs" })).toBeVisible()
  await expect(coach.getByText(IMPORTED_ORIGIN)).toBeVisible()
  await expectNoSeriousViolations(coach)
  await screenshot(coach, "history-import-coach-desktop")

  // The coach takes the client's history away from the client's page, and the account whole.
  await coach.goto(`/coach/clients/${s.clientIds.id}/maxes`)
  const history = coach.getByRole("region", { name: "This client's history" })
  const clientCsv = coach.waitForEvent("download")
  await history.getByRole("button", { name: "Download CSV" }).click()
  const csv = await readFile(await (await clientCsv).path(), "utf8")
  expect(csv.split("\n")[0]).toBe(
    "date,session,workout,started_at,duration_seconds,exercise,exercise_id,set,weight,unit,reps,rpe"
  )
  expect(csv).toContain(",Back Squat,back-squat,1,100,kg,5,8")
  await expect(history.getByRole("status")).toHaveText(/^Downloaded .+\.csv\.$/)
  await screenshot(coach, "history-import-coach-client-downloads")
  await coach.goto("/coach/profile")
  const account = coach.waitForEvent("download")
  await coach
    .getByRole("region", { name: "Take your data" })
    .getByRole("button", { name: "Download your account" })
    .click()
  expect((await account).suggestedFilename()).toMatch(/\.zip$/)
  await screenshot(coach, "history-import-coach-account-download")
  await expectNoSeriousViolations(coach)
  await coachContext.close()
})
