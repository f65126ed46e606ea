/**
 * Verifying an email end to end (docs/decisions/012, 037): real Chromium, the real
 * Auth emulator and API. A coach invites an address; the person signs up there with
 * email and password and is told the coach will see them once the email is verified;
 * they open the emulator's verification link in another tab, come back, and the app
 * moves on by itself while the coach's pending invitation becomes a linked client.
 * Opened in the same tab, the page load after it refreshes the ID token before asking our
 * server, and says only "Checking" until the server has answered (docs/decisions/037).
 */
import { expect, test, type Page, type Route } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { at, logIn, openLogin, signUp } from "./support/screens.ts"
import { createAccount, oobCodesFor, uniqueEmail, type Account } from "./support/stack.ts"
import { PHONE, screenshot } from "./support/viewports.ts"

const notice = (page: Page) => page.getByRole("status", { name: "Verify your email" })
const clients = (page: Page) => page.getByRole("list", { name: "Clients" })

async function coachInvites(page: Page, coach: Account, email: string) {
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.getByLabel("Client email").fill(email)
  await page.getByRole("button", { name: "Add client" }).click()
  await expect(clients(page).getByRole("listitem").filter({ hasText: email })).toContainText("Invitation pending")
}

test("an invited client who signs up by email is linked to the coach once the email is verified", async ({
  browser,
  baseURL
}) => {
  const coach = await createAccount(baseURL ?? "", "Coach")
  const client = {
    email: uniqueEmail("invited"),
    password: "first-Secret-1",
    name: "Vera Verified",
    userType: "Client" as const
  }

  const coachContext = await browser.newContext()
  const coachPage = await coachContext.newPage()
  await coachInvites(coachPage, coach, client.email)

  // Phone-sized: the notice must fit where most clients read it.
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await clientContext.newPage()
  await page.goto("/signup")
  await signUp(page, client)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await expect(notice(page)).toContainText(`We sent a verification link to ${client.email}`)
  await expect(notice(page)).toContainText("Your coach will see you once your email is verified.")
  await expectNoSeriousViolations(page)

  // Until then the coach still sees an invitation, not a client.
  await coachPage.reload()
  await expect(clients(coachPage).getByRole("listitem").filter({ hasText: client.email })).toContainText(
    "Invitation pending"
  )

  // The verification email Firebase sent: open its link in another tab, then come back.
  const [code] = await oobCodesFor(client.email, "VERIFY_EMAIL")
  expect(code).toBeDefined()
  const linkTab = await clientContext.newPage()
  await linkTab.goto(code?.oobLink ?? "")
  await linkTab.close()
  await page.bringToFront()

  await expect(notice(page)).toBeHidden()
  await expect(page).toHaveURL(at("/client/dashboard"))

  await coachPage.reload()
  const linked = clients(coachPage).getByRole("listitem").filter({ hasText: client.name })
  await expect(linked).toBeVisible()
  await expect(linked).not.toContainText("pending")
  await expect(clients(coachPage).getByRole("listitem")).toHaveCount(1)

  // A reload of the client's page keeps them verified: no notice comes back.
  await page.reload()
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await expect(notice(page)).toHaveCount(0)

  await clientContext.close()
  await coachContext.close()
})

test("an email changed on the profile ends the session, and the new address signs in", async ({ page, baseURL }) => {
  const coach = await createAccount(baseURL ?? "", "Coach")
  const newEmail = uniqueEmail("moved")
  await openLogin(page)
  const signedIn = page.waitForResponse((answer) => answer.url().includes("/beta/api/user/check") && answer.ok())
  await logIn(page, coach.email, coach.password)
  const session = bearerClaims((await signedIn).request().headers()["authorization"])
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await expect(notice(page)).toHaveCount(0)

  // An email change revokes the account's sessions: tokens count only from that second on
  // (tokensValidAfterTime), and the page's later tokens keep the sign-in's auth_time. Against
  // the emulator firebase-admin checks revocation on every call, so our server refuses this
  // session from then on, reads included (docs/decisions/012). Firebase compares whole
  // seconds: a change in the sign-in's own second escaped that, so it is made in a later one.
  // No Admin revoke on top: the emulator would then refuse the token the page holds, and
  // Firebase's SDK would sign out at its next look without the app saying why.
  await page.goto("/coach/profile")
  await page.getByLabel("Email").fill(newEmail)
  await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(Number(session["auth_time"]))
  await page.getByRole("button", { name: "Update" }).click()
  // The dashboard's first call is refused even with a fresh token: the whole app says so at
  // once, in the session's screen, not each panel on its own, and never that the server
  // could not be reached.
  await expect(page).toHaveURL(at("/login"))
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible()
  await expect(page.getByRole("alert")).toHaveText(
    "Your account is disabled or your sign-in was revoked; sign in again"
  )
  // A new try would be refused too: the one way on is the button that says so.
  await expect(page.getByRole("button", { name: "Sign in again" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0)
  await expect(notice(page)).toBeHidden()
  await screenshot(page, "email-change-ended")

  // The new address is verified meanwhile, in another tab; the session stays ended.
  const [code] = await oobCodesFor(newEmail, "VERIFY_EMAIL")
  expect(code).toBeDefined()
  const linkTab = await page.context().newPage()
  await linkTab.goto(code?.oobLink ?? "")
  await linkTab.close()
  await page.bringToFront()
  await expect(page.getByRole("button", { name: "Sign in again" })).toBeVisible()

  // Signed out here and at Firebase before anything else loads: a page opened meanwhile
  // would restore the refused session.
  await page.getByRole("button", { name: "Sign in again" }).click()
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible()
  await logIn(page, newEmail, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  // The address shown is the one our server stored, after a reload too.
  await page.goto("/coach/profile")
  await expect(page.getByLabel("Email")).toHaveValue(newEmail)
  await page.reload()
  await expect(page.getByLabel("Email")).toHaveValue(newEmail)
})

/** The claims of the ID token a request carries (the server reads `email_verified` there). */
function bearerClaims(authorization: string | undefined): Record<string, unknown> {
  const payload = (authorization ?? "").replace(/^Bearer /, "").split(".")[1] ?? ""
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>
}

test("a client who opens the verification link in the same tab is linked, and never told so before the coach sees it", async ({
  browser,
  baseURL
}) => {
  const coach = await createAccount(baseURL ?? "", "Coach")
  const client = {
    email: uniqueEmail("same-tab"),
    password: "first-Secret-1",
    name: "Sam Sametab",
    userType: "Client" as const
  }

  const coachContext = await browser.newContext()
  const coachPage = await coachContext.newPage()
  await coachInvites(coachPage, coach, client.email)
  await expectNoSeriousViolations(coachPage)

  const clientContext = await browser.newContext({ viewport: PHONE })
  const page = await clientContext.newPage()
  await page.goto("/signup")
  await signUp(page, client)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await expect(notice(page)).toContainText(`We sent a verification link to ${client.email}`)
  await expect(notice(page)).toContainText("Your coach will see you once your email is verified.")
  await screenshot(page, "same-tab-before-verification")

  // The next user/check is held until the test has looked at both screens: while our
  // server has not answered, the client must not be told more than the coach sees.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const held = new Promise<Route>((resolve) => {
    void page.route(
      "**/beta/api/user/check?*",
      async (route) => {
        resolve(route)
        await released
        await route.continue()
      },
      { times: 1 }
    )
  })

  // The emailed link, opened in this very tab; then back to the dashboard.
  const [code] = await oobCodesFor(client.email, "VERIFY_EMAIL")
  expect(code).toBeDefined()
  await page.goto(code?.oobLink ?? "")
  await expect(page.getByText("The email has been successfully verified.")).toBeVisible()
  await page.goto("/client/dashboard")

  // The app asks our server with a token that already says verified (it refreshed it first).
  const check = await held
  expect(bearerClaims(check.request().headers()["authorization"])["email_verified"]).toBe(true)
  await expect(notice(page)).toContainText("Checking your verification…")
  await expect(notice(page)).toContainText("Your coach will see you as soon as it is confirmed.")
  await screenshot(page, "same-tab-checking")
  await expectNoSeriousViolations(page)
  await coachPage.reload()
  await expect(clients(coachPage).getByRole("listitem").filter({ hasText: client.email })).toContainText(
    "Invitation pending"
  )

  // Our server answers: the notice goes, and the coach sees the client linked.
  const answered = page.waitForResponse("**/beta/api/user/check?*")
  release()
  expect((await answered).ok()).toBe(true)
  await expect(notice(page)).toBeHidden()
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await screenshot(page, "same-tab-after-verification")
  await expectNoSeriousViolations(page)

  await coachPage.reload()
  const linked = clients(coachPage).getByRole("listitem").filter({ hasText: client.name })
  await expect(linked).toBeVisible({ timeout: 10_000 })
  await expect(linked).not.toContainText("pending")
  await expect(clients(coachPage).getByRole("listitem")).toHaveCount(1)
  await expectNoSeriousViolations(coachPage)

  await clientContext.close()
  await coachContext.close()
})
