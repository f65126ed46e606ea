/**
 * Coaching by consent end to end (docs/decisions/033): real Chromium, the Auth emulator and
 * the API. A verified coach invites an existing verified client, who sees the invitation
 * (and a second coach's beside it) on the dashboard; until they accept, the coach's list
 * says "Invitation pending" and the client's training stays closed to the coach. The client
 * accepts one and declines the other ("Declined" on that coach's list), then ends coaching
 * from the profile, and the first coach's list drops them.
 */
import { expect, test, type Browser, type Page } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, signedIn } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { createAccount, uniqueEmail, type Account } from "./support/stack.ts"
import { screenshot } from "./support/viewports.ts"

const clientList = (page: Page) => page.getByRole("list", { name: "Clients" })
const entry = (page: Page, text: string) => clientList(page).getByRole("listitem").filter({ hasText: text })
const invitations = (page: Page) => page.getByRole("list", { name: "Open invitations" }).getByRole("listitem")

async function signedInPage(browser: Browser, account: Account, landing: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await openLogin(page)
  await logIn(page, account.email, account.password)
  await expect(page).toHaveURL(at(landing))
  return page
}

/** What the coach's token may read of a client's training: the status of the API's answer. */
async function workoutsStatus(baseURL: string, token: string, clientId: number): Promise<number> {
  const response = await fetch(`${baseURL}/beta/api/workouts/${clientId}?from=2026-01-01&to=2026-01-31`, {
    headers: { authorization: `Bearer ${token}` }
  })
  return response.status
}

test("a client answers coaches' invitations and ends coaching; each coach's list follows the server", async ({
  browser,
  baseURL
}) => {
  const base = baseURL ?? ""
  const ava = await createAccount(base, "Coach", "ava")
  const ben = await createAccount(base, "Coach", "ben")
  const client = await createAccount(base, "Client", "lifter")
  const [avaIds, benIds, clientIds] = await Promise.all([ava, ben, client].map((account) => signedIn(base, account)))
  if (avaIds === undefined || benIds === undefined || clientIds === undefined) throw new Error("not signed in")

  // Ava invites the client from her dashboard: an invitation, not a client.
  const coachPage = await signedInPage(browser, ava, "/coach/dashboard")
  await coachPage.getByLabel("Client email").fill(client.email)
  await coachPage.getByRole("button", { name: "Add client" }).click()
  await expect(coachPage.getByRole("status").filter({ hasText: "Invitation sent" })).toBeVisible()
  await expect(entry(coachPage, client.email)).toContainText("Invitation pending")
  // Until the client accepts, Ava cannot open their calendar or read their training.
  await expect(entry(coachPage, client.email).getByRole("link")).toHaveCount(0)
  expect([403, 404]).toContain(await workoutsStatus(base, avaIds.token, clientIds.id))
  await expectNoSeriousViolations(coachPage)

  // Ben invites the same client, through the API as his browser would.
  await api(base, benIds.token, "POST", "/api/addClient", { data: { coachId: benIds.id, clientEmail: client.email } })

  // The client sees both invitations, oldest first.
  const page = await signedInPage(browser, client, "/client/dashboard")
  await expect(invitations(page)).toHaveCount(2)
  await expect(invitations(page).nth(0)).toContainText(`${ava.name} (${ava.email}) invited you to train with them.`)
  await expect(invitations(page).nth(1)).toContainText(`${ben.name} (${ben.email}) invited you to train with them.`)
  await expectNoSeriousViolations(page)
  await screenshot(page, "client-dashboard-two-invitations")

  // Accepting says so once the server has: Ava is their coach; Ben's invitation stays.
  await page.getByRole("button", { name: `Accept ${ava.name}'s invitation` }).click()
  await expect(page.getByRole("status").filter({ hasText: `You now train with ${ava.name}.` })).toBeVisible()
  await expect(invitations(page)).toHaveCount(1)
  await expect(invitations(page).nth(0)).toContainText(ben.name)

  await coachPage.reload()
  await expect(entry(coachPage, client.name).getByRole("link", { name: client.name })).toBeVisible()
  await expect(entry(coachPage, client.name)).not.toContainText("pending")
  expect(await workoutsStatus(base, avaIds.token, clientIds.id)).toBe(200)

  // Declining Ben's: his list reads "Declined" beside an invitation still pending.
  await page.getByRole("button", { name: `Decline ${ben.name}'s invitation` }).click()
  await expect(page.getByRole("status").filter({ hasText: "Invitation declined." })).toBeVisible()
  await expect(page.getByRole("list", { name: "Open invitations" })).toHaveCount(0)
  const other = uniqueEmail("someone")
  await api(base, benIds.token, "POST", "/api/addClient", { data: { coachId: benIds.id, clientEmail: other } })
  const benPage = await signedInPage(browser, ben, "/coach/dashboard")
  await expect(entry(benPage, client.email)).toContainText("Declined")
  await expect(entry(benPage, other)).toContainText("Invitation pending")
  await expectNoSeriousViolations(benPage)
  await screenshot(benPage, "coach-list-pending-and-declined")

  // The profile shows the real coach; ending coaching is asked first, then said once done.
  await page.goto("/client/profile")
  const coachCard = page.getByRole("region", { name: "Your coach" })
  await expect(coachCard).toContainText(ava.name)
  await expect(coachCard).toContainText(ava.email)
  await expect(coachCard).toContainText("Since")
  await expect(page.getByText("Coach name")).toHaveCount(0)
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible()
  await expectNoSeriousViolations(page)
  await screenshot(page, "client-profile")
  await coachCard.getByRole("button", { name: "End coaching" }).click()
  await expect(coachCard.getByRole("group", { name: `End coaching with ${ava.name}?` })).toBeVisible()
  await expectNoSeriousViolations(page)
  await coachCard.getByRole("button", { name: "End coaching" }).click()
  await expect(coachCard.getByRole("status")).toHaveText("Coaching ended. Your workouts and logs stay yours.")
  await expect(coachCard).toContainText("No coach yet")

  // Ava's list drops them, and her access ends with the link.
  await coachPage.reload()
  await expect(clientList(coachPage).or(coachPage.getByText("No clients yet!"))).toBeVisible()
  await expect(entry(coachPage, client.name)).toHaveCount(0)
  expect([403, 404]).toContain(await workoutsStatus(base, avaIds.token, clientIds.id))
})
