/**
 * The invitation reaches the person by email (docs/decisions/033): a coach invites an
 * existing client from the dashboard, the server sends real SMTP to the e2e stack's mail
 * catcher (scripts/e2e-server.ts), and the client, signed out, opens the email's link:
 * the login screen, then back to their dashboard, where they accept. The coach's list then
 * shows them linked. A pending invitation's email can be sent again from the list, at most
 * once every ten minutes.
 */
import { expect, test, type Page } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { e2ePort } from "./support/run-folders.ts"
import { createAccount, uniqueEmail } from "./support/stack.ts"
import { screenshot } from "./support/viewports.ts"

interface CaughtMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
}

// scripts/e2e-server.ts serves the caught mail 1000 ports above the app.
const mailUrl = `http://127.0.0.1:${Number(e2ePort) + 1000}/messages`

async function mailTo(address: string): Promise<ReadonlyArray<CaughtMessage>> {
  const response = await fetch(mailUrl)
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`)
  const messages = (await response.json()) as ReadonlyArray<CaughtMessage>
  return messages.filter((message) => message.to === address.toLowerCase())
}

const entry = (page: Page, text: string) =>
  page.getByRole("list", { name: "Clients" }).getByRole("listitem").filter({ hasText: text })

test("the invited client follows the email's link, signs in and accepts; the coach's list shows them linked", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const coach = await createAccount(base, "Coach", "mailer")
  const client = await createAccount(base, "Client", "reader")

  const coachPage = await (await browser.newContext()).newPage()
  await openLogin(coachPage)
  await logIn(coachPage, coach.email, coach.password)
  await expect(coachPage).toHaveURL(at("/coach/dashboard"))
  await coachPage.getByLabel("Client email").fill(client.email)
  await coachPage.getByRole("button", { name: "Add client" }).click()
  await expect(coachPage.getByRole("status").filter({ hasText: "Invitation sent" })).toBeVisible()

  // One email, naming the coach, with the link to the dashboard.
  await expect.poll(async () => (await mailTo(client.email)).length).toBe(1)
  const [email] = await mailTo(client.email)
  expect(email?.subject).toBe(`${coach.name} invited you to train with them`)
  const link = /https?:\/\/\S+\/client\/dashboard/.exec(email?.text ?? "")?.[0]
  expect(link).toBe(`${base}/client/dashboard`)

  // Signed out, the link asks them to log in, then brings them back to the dashboard.
  const page = await (await browser.newContext()).newPage()
  await page.goto(link ?? "")
  await expect(page).toHaveURL(at("/login?redirect=%2Fclient%2Fdashboard"))
  await logIn(page, client.email, client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  const invitation = page.getByRole("list", { name: "Open invitations" }).getByRole("listitem")
  await expect(invitation).toHaveCount(1)
  await expect(invitation).toContainText(`${coach.name} (${coach.email}) invited you to train with them.`)
  await expectNoSeriousViolations(page)

  await page.getByRole("button", { name: `Accept ${coach.name}'s invitation` }).click()
  await expect(page.getByRole("status").filter({ hasText: `You now train with ${coach.name}.` })).toBeVisible()
  await expectNoSeriousViolations(page)

  await coachPage.reload()
  await expect(entry(coachPage, client.name).getByRole("link", { name: client.name })).toBeVisible()
  await expect(entry(coachPage, client.name)).not.toContainText("pending")
})

test("the coach resends a pending invitation: a second email arrives; resending again at once says when they may", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const coach = await createAccount(base, "Coach", "resender")
  const address = uniqueEmail("resent")

  const coachPage = await (await browser.newContext()).newPage()
  await openLogin(coachPage)
  await logIn(coachPage, coach.email, coach.password)
  await expect(coachPage).toHaveURL(at("/coach/dashboard"))
  await coachPage.getByLabel("Client email").fill(address)
  await coachPage.getByRole("button", { name: "Add client" }).click()
  await expect(coachPage.getByRole("status").filter({ hasText: "Invitation sent" })).toBeVisible()
  await expect.poll(async () => (await mailTo(address)).length).toBe(1)

  const resend = entry(coachPage, address).getByRole("button", { name: `Resend invitation: ${address}` })
  await resend.click()
  await expect(coachPage.getByRole("status").filter({ hasText: `Invitation sent again to ${address}.` })).toBeVisible()
  await expect.poll(async () => (await mailTo(address)).length).toBe(2)
  const [first, second] = await mailTo(address)
  expect(second?.subject).toBe(first?.subject)
  expect(second?.text).toBe(first?.text)

  await resend.click()
  const refusal = entry(coachPage, address).getByRole("alert")
  await expect(refusal).toContainText("The invitation was not sent again.")
  await expect(refusal).toContainText("you can resend it in 10 minutes")
  await expectNoSeriousViolations(coachPage)
  await screenshot(coachPage, "resend-refused")
  expect(await mailTo(address)).toHaveLength(2)
})
