/**
 * A coach brings their roster and their programs (docs/decisions/049), end to end: real
 * Chromium, the real server and Auth emulator, nothing mocked. A roster CSV of three rows
 * (one not an address) is previewed, confirmed and reported row by row, and the two
 * invitations join the client list. A two-week program CSV is previewed, kept as a template
 * beside the others on the copy screen, and exported: the downloaded CSV is the file
 * imported.
 */
import { readFile } from "node:fs/promises"
import { expect, test, type Page } from "@playwright/test"
import { addDays, isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, screenshot } from "./support/viewports.ts"

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") })

async function signedInCoach(page: Page, baseURL: string) {
  const s = await coachAndClient(baseURL)
  await openLogin(page)
  await logIn(page, s.coach.email, s.coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  return s
}

test.use({ viewport: DESKTOP })

test("a coach imports a roster: a preview, then each row's outcome, and the invitations on the list", async ({
  page,
  baseURL
}) => {
  test.setTimeout(120_000)
  await signedInCoach(page, baseURL ?? "")
  const unique = Date.now().toString(36)
  const rae = `rae-${unique}@tests.dev`
  const sam = `sam-${unique}@tests.dev`
  const roster = ["name,email", `Rae Roster,${rae}`, "Bad Row,not-an-email", `Sam Second,${sam}`, ""].join("\n")

  const section = page.getByRole("region", { name: "Import clients" })
  await section.getByRole("button", { name: "Import clients" }).click()
  await section.getByLabel("Roster file (CSV)").setInputFiles(csvFile("clients.csv", roster))

  // Every row, and which one will not be invited; nothing is sent yet.
  const preview = section.getByRole("table", { name: "clients.csv: 3 rows, 1 will not be invited" })
  await expect(preview).toBeFocused()
  await expect(preview.getByRole("row")).toHaveText([
    "LineNameEmailCheck",
    `2Rae Roster${rae}Looks right`,
    "3Bad Rownot-an-emailNot an email address",
    `4Sam Second${sam}Looks right`
  ])
  await expect(page.getByRole("list", { name: "Clients", exact: true }).getByText(rae)).toHaveCount(0)
  await expectNoSeriousViolations(page)
  await screenshot(page, "coach-imports-roster-preview")

  await section.getByRole("button", { name: "Confirm import" }).click()
  await expect(section.getByRole("status")).toHaveText("Import done: 2 invitations sent, 1 row not invited.")
  const report = section.getByRole("table", { name: "What became of each row of clients.csv" })
  await expect(report.getByRole("row")).toHaveText([
    "LineEmailOutcomeDetails",
    `2${rae}InvitedInvitation sent`,
    "3not-an-emailNot an emailNot an email address",
    `4${sam}InvitedInvitation sent`
  ])
  // The two invitations are on the list, waiting for an answer.
  const clients = page.getByRole("list", { name: "Clients", exact: true })
  for (const address of [rae, sam]) {
    const entry = clients.getByRole("listitem").filter({ hasText: address })
    await expect(entry.getByText("Invitation pending")).toBeVisible()
  }
  await expect(clients.getByText("not-an-email")).toHaveCount(0)
  await expectNoSeriousViolations(page)
  await screenshot(page, "coach-imports-roster-report")

  // After a reload the list the server holds is the same.
  await page.reload()
  await expect(page.getByRole("list", { name: "Clients", exact: true }).getByText(rae)).toBeVisible()
})

/** Two weeks as a coach writes them, exactly as the export writes them back. */
const TWO_WEEKS = [
  "week,day,workout,exercise,sets,reps,load",
  "1,1,Heavy,Back Squat,3,5,100 kg",
  "1,1,Heavy,Romanian Deadlift,3,8,RPE 7.5",
  "1,3,,Bench Press,4,6,75%",
  "2,1,Heavy,Back Squat,3,5,105 kg",
  "2,1,Heavy,Back Squat,1,AMRAP,90 kg",
  "2,4,Light,Overhead Press,3,10,",
  ""
].join("\n")

test("a coach imports a two-week program, sees its preview, keeps it, and exports the same file", async ({
  page,
  baseURL
}) => {
  test.setTimeout(120_000)
  const s = await signedInCoach(page, baseURL ?? "")
  const day = isoToRouteDate(addDays(todayIso(new Date()), 1))
  await page.goto(`/coach/copy/${s.clientIds.id}/${day}`)
  const files = page.getByRole("region", { name: "Program files" })
  await expect(files).toBeVisible()
  await files.getByLabel("Program file (CSV or JSON)").setInputFiles(csvFile("Base block.csv", TWO_WEEKS))

  // What the file holds, counted and day by day; the name is the file's.
  await expect(files.locator("dl")).toHaveText("Weeks2Days4Workouts4Exercises5Sets17")
  const preview = files.getByRole("table", { name: "What Base block.csv holds" })
  await expect(preview.getByRole("row")).toHaveText([
    "WeekDayWorkouts",
    "11Heavy: Back Squat 3 sets, Romanian Deadlift 3 sets",
    "13Bench Press 4 sets",
    "21Heavy: Back Squat 4 sets",
    "24Light: Overhead Press 3 sets"
  ])
  await expect(files.getByLabel("Template name")).toHaveValue("Base block")
  await expectNoSeriousViolations(page)
  await screenshot(page, "coach-imports-program-preview")

  await files.getByRole("button", { name: "Save as template" }).click()
  const [imported, exported] = [files.getByRole("status").first(), files.getByRole("status").last()]
  await expect(imported).toHaveText("Saved “Base block” as a template. Choose it under “Or a template” to apply it.")
  // It joins the templates to apply, as a program.
  await expect(page.getByRole("radio", { name: /^Base block Program, 11 days · 4 workouts/ })).toBeVisible()

  // Exported as CSV: the file imported, byte for byte.
  const downloading = page.waitForEvent("download")
  await files.getByRole("button", { name: "Export Base block as CSV" }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe("Base block.csv")
  const path = await download.path()
  expect(await readFile(path, "utf8")).toBe(TWO_WEEKS)
  await expect(exported).toHaveText("Exported Base block.csv.")

  // And as JSON, the program with the library's ids.
  const downloadingJson = page.waitForEvent("download")
  await files.getByRole("button", { name: "Export Base block as JSON" }).click()
  const json = JSON.parse(await readFile(await (await downloadingJson).path(), "utf8")) as {
    name: string
    weeks: Array<{ week: number; days: Array<{ workouts: Array<{ exercises: Array<{ exercise_id: string }> }> }> }>
  }
  expect(json.name).toBe("Base block")
  expect(json.weeks.map((week) => week.week)).toEqual([1, 2])
  expect(json.weeks[0]?.days[0]?.workouts[0]?.exercises[0]?.exercise_id).toBe("back-squat")
  await expectNoSeriousViolations(page)
  await screenshot(page, "coach-imports-program-saved")
})
