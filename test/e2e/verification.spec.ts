/**
 * Verifying an email end to end (issue 12, docs/decisions/012): real Chromium, the real
 * Auth emulator and API. A coach invites an address; the person signs up there with
 * email and password and is told the coach will see them once the email is verified;
 * they open the emulator's verification link in another tab, come back, and the app
 * moves on by itself while the coach's pending invitation becomes a linked client.
 */
import { expect, test, type Page } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { at, logIn, openLogin, signUp } from "./support/screens.ts"
import { createAccount, oobCodesFor, uniqueEmail, type Account } from "./support/stack.ts"

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
  const client = { email: uniqueEmail("invited"), password: "first-Secret-1", name: "Vera Verified", userType: "Client" as const }

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

test("an email changed on the profile is stored once the new address is verified", async ({ page, baseURL }) => {
  const coach = await createAccount(baseURL ?? "", "Coach")
  const newEmail = uniqueEmail("moved")
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await expect(notice(page)).toHaveCount(0)

  await page.goto("/coach/profile")
  await page.getByLabel("Email").fill(newEmail)
  await page.getByRole("button", { name: "Update" }).click()
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await expect(notice(page)).toContainText(`We sent a verification link to ${newEmail}`)
  await expect(notice(page)).not.toContainText("Your coach")

  const [code] = await oobCodesFor(newEmail, "VERIFY_EMAIL")
  expect(code).toBeDefined()
  const linkTab = await page.context().newPage()
  await linkTab.goto(code?.oobLink ?? "")
  await linkTab.close()
  await page.bringToFront()
  await expect(notice(page)).toBeHidden()

  // After a reload the address shown is the one our server stored.
  await page.goto("/coach/profile")
  await expect(page.getByLabel("Email")).toHaveValue(newEmail)
  await page.reload()
  await expect(page.getByLabel("Email")).toHaveValue(newEmail)
})
