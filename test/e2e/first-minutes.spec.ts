/**
 * The first minutes, as a newcomer lives them on a phone: a coach signs up, verifies their
 * email in the same tab, invites their first client; the client signs up at that address,
 * verifies, and finds the first workout the coach set. Every screen on the way says what
 * happens next (its words are asserted), passes axe, and is screenshotted for a person to
 * look at; no screen shows a sample coach or an example in place of the person's data.
 */
import { expect, test, type Page } from "@playwright/test"
import { formatLongUsDate, isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, signedIn } from "./support/api.ts"
import { at, signUp } from "./support/screens.ts"
import { oobCodesFor, uniqueEmail, type Account } from "./support/stack.ts"
import { PHONE, screenshot } from "./support/viewports.ts"

test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

const person = (label: string, userType: Account["userType"], name: string): Account => ({
  email: uniqueEmail(label),
  password: "first-Secret-1",
  name,
  userType
})

/** Opens the emailed verification link in this tab, then goes back where the person was. */
async function verifyInThisTab(page: Page, email: string, back: string) {
  const [code] = await oobCodesFor(email, "VERIFY_EMAIL")
  expect(code, `a verification email for ${email}`).toBeDefined()
  await page.goto(code?.oobLink ?? "")
  await expect(page.getByText("The email has been successfully verified.")).toBeVisible()
  await page.goto(back)
}

/** The screen is looked at: axe, a screenshot, and none of the sample data of old. */
async function lookAt(page: Page, name: string) {
  await expectNoSeriousViolations(page)
  await screenshot(page, name)
  for (const placeholder of ["Coach name", "coach@example.com"])
    await expect(page.getByText(placeholder)).toHaveCount(0)
}

test("a coach and their first client get from sign-up to the first workout, told what happens next at each step", async ({
  browser,
  baseURL
}) => {
  // Two people's whole first minutes, each screen looked at twice: longer than one flow.
  test.setTimeout(180_000)
  const coach = person("first-coach", "Coach", "Casey Coach")
  const client = person("first-client", "Client", "Robin Lifter")

  // The coach signs up, and is told to verify before inviting anyone.
  const coachContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
  const coachPage = await coachContext.newPage()
  await coachPage.goto("/signup")
  await expect(coachPage.getByLabel("User type")).toHaveAccessibleDescription(/Coaches add clients/)
  await lookAt(coachPage, "1-signup")
  await signUp(coachPage, coach)
  await expect(coachPage).toHaveURL(at("/coach/dashboard"))
  await expect(coachPage.getByText("Verify your email address to invite clients")).toBeVisible()
  await expect(coachPage.getByLabel("Client email")).toHaveCount(0)
  await lookAt(coachPage, "2-coach-unverified")

  // The link, opened in the same tab: the form to invite appears; the empty list says what to do.
  await verifyInThisTab(coachPage, coach.email, "/coach/dashboard")
  await expect(coachPage.getByLabel("Client email")).toBeVisible()
  await expect(coachPage.getByText("No clients yet! Add some to get started!")).toBeVisible()
  await lookAt(coachPage, "3-coach-empty")

  // The first invitation: sent, and on the list as pending until the client answers.
  await coachPage.getByLabel("Client email").fill(client.email)
  await coachPage.getByRole("button", { name: "Add client" }).click()
  await expect(coachPage.getByText("Invitation sent")).toBeVisible()
  const entry = coachPage.getByRole("list", { name: "Clients" }).getByRole("listitem").filter({ hasText: client.email })
  await expect(entry).toContainText("Invitation pending")
  await lookAt(coachPage, "4-coach-invited")

  // The client signs up at the invited address and is told why the coach cannot see them yet.
  const clientContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
  const page = await clientContext.newPage()
  await page.goto("/signup")
  await signUp(page, client)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await expect(page.getByText(`We sent a verification link to ${client.email}`)).toBeVisible()
  await expect(page.getByText("Your coach will see you once your email is verified.")).toBeVisible()
  await expect(page.getByText("Hello, Robin!")).toBeVisible()
  await lookAt(page, "5-client-unverified")

  // Verified in the same tab: the coach sees them linked, the client's notice goes.
  await verifyInThisTab(page, client.email, "/client/dashboard")
  await expect(page.getByText("Your coach will see you once your email is verified.")).toBeHidden()
  await coachPage.reload()
  const linked = coachPage.getByRole("list", { name: "Clients" }).getByRole("listitem").filter({ hasText: client.name })
  await expect(linked).toBeVisible({ timeout: 10_000 })
  await expect(linked).not.toContainText("pending")
  await lookAt(coachPage, "6-coach-linked")
  await expect(page.getByText("No workouts scheduled!")).toBeVisible()
  await lookAt(page, "7-client-no-workout")

  // The profile names the real coach.
  await page.goto("/client/profile")
  await expect(page.getByText(coach.name)).toBeVisible()
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible()
  await lookAt(page, "8-client-profile")

  // The coach sets the first workout; the client's dashboard leads to it.
  const today = todayIso(new Date())
  const [coachIds, clientIds] = await Promise.all([signedIn(baseURL ?? "", coach), signedIn(baseURL ?? "", client)])
  await api(baseURL ?? "", coachIds.token, "POST", "/api/workout", {
    clientId: clientIds.id,
    date: today,
    workout: [
      {
        name: "Squat",
        sets: [
          {
            set: 0,
            amsap: false,
            fields: [
              { name: "reps", value: 5 },
              { name: "rpe", value: 8 }
            ]
          }
        ]
      }
    ]
  })
  await page.goto("/client/dashboard")
  const next = page.getByRole("region", { name: "Next Workout:" })
  await expect(next).toContainText("Squat")
  await lookAt(page, "9-client-first-workout")
  await next.getByRole("link").first().click()
  await expect(page).toHaveURL(at(`/client/workouts/${isoToRouteDate(today)}`))
  await expect(page.getByText(formatLongUsDate(today))).toBeVisible()
  await expect(
    page.getByRole("button", { name: "Start workout" }).or(page.getByRole("link", { name: "Start workout" }))
  ).toBeVisible()
  await lookAt(page, "10-client-workout-day")

  await clientContext.close()
  await coachContext.close()
})
