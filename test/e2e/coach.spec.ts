/**
 * The coach's area end to end: real Chromium, the real server and the real Auth
 * emulator. A coach adds clients, finds a client's day on the calendar, builds a
 * workout in the five-step builder (surviving a reload and a failed save), and sees
 * it on that day and marked on the calendar.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, formatLongUsDate, isoToRouteDate, startOfWeek, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { acceptInvitation, signedIn } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { createAccount, uniqueEmail, type Account } from "./support/stack.ts"

async function signInAsCoach(page: Page, coach: Account) {
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
}

async function addClient(page: Page, email: string) {
  await page.getByLabel("Client email").fill(email)
  await page.getByRole("button", { name: "Add client" }).click()
}

const clients = (page: Page) => page.getByRole("list", { name: "Clients" })

test("a coach adds an existing client and an unknown email, and sees both; a bad email is refused", async ({
  page,
  baseURL
}) => {
  const coach = await createAccount(baseURL ?? "", "Coach")
  const client = await createAccount(baseURL ?? "", "Client")
  const stranger = uniqueEmail("not-signed-up")
  await signInAsCoach(page, coach)
  await expect(page.getByRole("heading", { name: "Upcoming workouts" })).toBeVisible()
  await expect(page.getByRole("heading", { name: "Comments" })).toBeVisible()
  await expectNoSeriousViolations(page)

  await addClient(page, "someone@nowhere")
  await expect(page.getByText("Invalid email format")).toBeVisible()

  await addClient(page, client.email)
  await expect(page.getByText("Invitation sent")).toBeVisible()
  // An existing client is invited too, and is on the list once they accept (ADR 033).
  await expect(clients(page).getByRole("listitem").filter({ hasText: client.email })).toContainText("pending")
  await acceptInvitation(baseURL ?? "", (await signedIn(baseURL ?? "", client)).token, coach.email)
  await page.reload()
  await expect(clients(page).getByText(client.name)).toBeVisible()

  await addClient(page, stranger)
  await expect(page.getByText("Invitation sent")).toBeVisible()
  const invitation = clients(page).getByRole("listitem").filter({ hasText: stranger })
  await expect(invitation).toContainText("Invitation pending")
  await expect(clients(page).getByRole("listitem").filter({ hasText: client.name })).not.toContainText("pending")

  await page.reload()
  await expect(clients(page).getByRole("listitem")).toHaveCount(2)
})

test("a coach with no clients is told to add some on the calendar", async ({ page, baseURL }) => {
  const coach = await createAccount(baseURL ?? "", "Coach")
  await signInAsCoach(page, coach)
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click()
  await expect(page.getByText("No clients yet! Add some to get started!")).toBeVisible()
  await expectNoSeriousViolations(page)
})

test("a coach builds a three-exercise workout for a client's day and sees it on the day and the calendar", async ({
  page,
  baseURL
}) => {
  test.setTimeout(120_000)
  const coach = await createAccount(baseURL ?? "", "Coach")
  const first = await createAccount(baseURL ?? "", "Client", "aaa-client")
  const client = await createAccount(baseURL ?? "", "Client", "zzz-client")
  await signInAsCoach(page, coach)
  await addClient(page, first.email)
  await expect(clients(page).getByRole("listitem").filter({ hasText: first.email })).toBeVisible()
  await addClient(page, client.email)
  await expect(clients(page).getByRole("listitem").filter({ hasText: client.email })).toBeVisible()
  // Both accept (ADR 033): then they are the coach's clients.
  for (const person of [first, client]) {
    await acceptInvitation(baseURL ?? "", (await signedIn(baseURL ?? "", person)).token, coach.email)
  }
  await page.reload()
  await expect(clients(page).getByText(first.name)).toBeVisible()
  await expect(clients(page).getByText(client.name)).toBeVisible()

  // The calendar: pick the client, move a week forward and back.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click()
  const today = todayIso(new Date())
  await expect(page.getByRole("heading", { name: formatLongUsDate(today) })).toBeVisible()
  await expect(page.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
  const picker = page.getByLabel("Client")
  await picker.selectOption({ label: client.name })
  const clientId = await picker.inputValue()
  // The address keeps the client and the grid's week.
  await expect(page).toHaveURL(at(`/coach/calendar?client=${clientId}&week=${startOfWeek(today)}`))
  await page.getByRole("button", { name: "Next week" }).click()
  await expect(page.getByRole("heading", { name: formatLongUsDate(addDays(today, 7)) })).toBeVisible()
  await page.getByRole("button", { name: "Previous week" }).click()
  await expect(page.getByRole("heading", { name: formatLongUsDate(today) })).toBeVisible()
  await page.getByRole("button", { name: "Next week" }).click()
  await page.getByRole("button", { name: "Today" }).click()
  await expect(page.getByRole("heading", { name: formatLongUsDate(today) })).toBeVisible()
  await expect(page.getByRole("link", { name: /, 20\d\d/ })).toHaveCount(28)
  await expectNoSeriousViolations(page)

  // Open a day next week: nothing there yet.
  const day = addDays(today, 8)
  const dayPath = `/coach/workouts/${clientId}/${isoToRouteDate(day)}`
  await page.getByRole("link", { name: formatLongUsDate(day), exact: true }).click()
  await expect(page).toHaveURL(at(dayPath))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(formatLongUsDate(day))
  await expect(page.getByRole("heading", { name: "Strength Workout" })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Back to calendar" })).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole("link", { name: "Add workout" }).click()

  // Step 1.
  await expect(page.getByRole("heading", { name: "Workout Categories" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Back to workouts" })).toHaveAttribute("href", dayPath)
  await expectNoSeriousViolations(page)
  await page.getByRole("button", { name: "Strength" }).click()

  // Exercise 1: one AMSAP set.
  await page.getByRole("button", { name: "Add exercise" }).click()
  await page.getByLabel("Exercise name").fill("Back Squat")
  await expectNoSeriousViolations(page)
  await page.getByRole("button", { name: "Add set" }).click()
  await expect(page.getByRole("heading", { name: "Set Builder" })).toBeVisible()
  await page.getByRole("switch", { name: /AMSAP/ }).check()
  await expectNoSeriousViolations(page)
  await page.getByRole("button", { name: "Add 1 AMSAP set" }).click()
  await expect(page.getByText("AMRAP, at RPE 8, for AMSAP")).toBeVisible()
  await page.getByRole("button", { name: "Submit Exercise" }).click()

  // Exercise 2: rpe and e1rm_percent on, reps off.
  await page.getByRole("button", { name: "Add exercise" }).click()
  await page.getByLabel("Exercise name").fill("Deadlift")
  await page.getByRole("button", { name: "Add set" }).click()
  // The last 'Add sets' carries over (ADR 020), AMSAP included.
  await expect(page.getByRole("switch", { name: /AMSAP/ })).toBeChecked()
  await page.getByRole("switch", { name: /AMSAP/ }).uncheck()
  await page.getByRole("button", { name: "Edit fields" }).click()
  await expect(page.getByRole("heading", { name: "Field Editor" })).toBeVisible()
  await page.getByRole("switch", { name: "Reps" }).uncheck()
  await page.getByRole("switch", { name: "% of e1RM" }).check()
  await expectNoSeriousViolations(page)
  await page.getByRole("button", { name: "Back to set builder" }).click()
  await page.getByLabel("RPE").selectOption("7")
  await page.getByLabel("% of e1RM").fill("80")
  await page.getByRole("button", { name: "More sets" }).click()
  await page.getByRole("button", { name: "Add 2 sets" }).click()
  await expect(page.getByText("at RPE 7, 80% of e1RM")).toHaveCount(2)
  await page.getByRole("button", { name: "Submit Exercise" }).click()

  // A reload in the middle keeps the draft.
  await page.reload()
  await expect(page.getByRole("heading", { name: "Workout Assignment" })).toBeVisible()
  const exercises = page.getByRole("list", { name: "Exercises" }).getByRole("listitem")
  await expect(exercises).toHaveCount(2)
  await expect(exercises.nth(0)).toContainText("Back Squat")
  await expect(exercises.nth(1)).toContainText("Deadlift")

  // Exercise 3: left unnamed, so dropped on leaving.
  await page.getByRole("button", { name: "Add exercise" }).click()
  await expect(page.getByLabel("Exercise name")).toHaveValue("")
  await page.getByRole("button", { name: "Submit Exercise" }).click()
  await expect(exercises).toHaveCount(2)
  await expectNoSeriousViolations(page)

  // A failed save stays on the builder with the draft and a retry.
  await page.route("**/beta/api/workout", (route) => route.abort("connectionrefused"), { times: 1 })
  await page.getByRole("button", { name: "Submit Workout" }).click()
  await expect(page.getByRole("alert")).toContainText("The workout was not saved")
  await expect(exercises).toHaveCount(2)
  await page.getByRole("button", { name: "Try again" }).click()

  // Back on the day, which now shows the workout.
  await expect(page).toHaveURL(at(dayPath))
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Strength Workout" }) })
  await expect(card).toHaveCount(1)
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(["Back Squat", "Deadlift"])
  await expect(card.getByText("AMRAP, at RPE 8, for AMSAP")).toBeVisible()
  await expect(card.getByText("at RPE 7, 80% of e1RM")).toHaveCount(2)
  await expect(card.getByText("Not logged yet")).toHaveCount(3)
  await expectNoSeriousViolations(page)

  // A reload of the builder for that day starts afresh: the saved draft was cleared.
  await page.goto(`/coach/workoutbuilder/${clientId}/${isoToRouteDate(day)}`)
  await expect(page.getByRole("heading", { name: "Workout Categories" })).toBeVisible()
  await page.goBack()

  // And the calendar marks the day, for the same client.
  await page.getByRole("link", { name: "Back to calendar" }).click()
  await expect(page).toHaveURL(at(`/coach/calendar?client=${clientId}&week=${startOfWeek(day)}`))
  await expect(page.getByLabel("Client")).toHaveValue(clientId)
  // The day names its workout by its exercises.
  await expect(page.getByRole("link", { name: `${formatLongUsDate(day)}, Back Squat, Deadlift` })).toBeVisible()
})
