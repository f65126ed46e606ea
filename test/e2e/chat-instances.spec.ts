/**
 * Live chat across server instances (docs/decisions/029): two API servers in processes of their own
 * share one PostgreSQL schema, the coach's browser on instance A and the client's on
 * instance B. What each writes reaches the other through the database (LISTEN/NOTIFY,
 * ADR 029) and the other's live stream, without a reload: the client's Chat tab counts the
 * coach's message, the client reads it and answers, and the answer shows in the coach's
 * open thread; what the coach sends while the client is offline arrives once the client's
 * stream is back. Runs only where PostgreSQL is (playwright.config.ts lists it when
 * DATABASE_URL is set, as .ci/run sets it); PGlite is one process, so there is nothing to cross.
 */
import { expect, test, type Browser, type Page } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { freshSchema, startInstance, type Instance } from "./support/instances.ts"
import { instancePort } from "./support/run-folders.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, PHONE } from "./support/viewports.ts"

/** What the chat screens say while the device is offline (src/ui/layout/area-layout.tsx). */
const LIVE_OFFLINE = "Offline. New messages will show when you're back."

let a: Instance | undefined
let b: Instance | undefined

test.beforeAll(async () => {
  const schema = freshSchema()
  // One at a time: the first creates the schema's tables, the second finds them.
  a = await startInstance({ port: instancePort(0), schema, dropSchemaOnStop: true })
  b = await startInstance({ port: instancePort(1), schema })
})

test.afterAll(async () => {
  await b?.stop()
  await a?.stop()
})

const instance = (which: Instance | undefined): Instance => {
  if (which === undefined) throw new Error("the instances did not start")
  return which
}

async function signedInOn(browser: Browser, origin: string, email: string, password: string, viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: origin })
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, email, password)
  await expect(page).toHaveURL(/\/(coach|client)\/dashboard$/)
  return { context, page }
}

const thread = (page: Page) => page.getByRole("log")
const composer = (page: Page) => page.getByRole("textbox", { name: /^Message to / })
const chatTab = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Chat/ })

test("coach on instance A, client on instance B: a message each way shows on the other side without a reload", async ({
  browser
}) => {
  const serverA = instance(a)
  const serverB = instance(b)
  // The accounts are made through A; B reads them from the same database.
  const people = await coachAndClient(serverA.url)
  const coach = await signedInOn(browser, serverA.url, people.coach.email, people.coach.password, DESKTOP)
  const client = await signedInOn(browser, serverB.url, people.client.email, people.client.password, PHONE)

  await coach.page.goto(`/coach/chat/${people.clientIds.id}`)
  await expect(thread(coach.page)).toContainText("No messages yet")
  // The client stays on the dashboard: nothing unread yet.
  await expect(chatTab(client.page)).toHaveAccessibleName("Chat")

  // The coach writes on A; the client's Chat tab on B counts it, live.
  await composer(coach.page).fill("How did the squats feel today?")
  await composer(coach.page).press("Enter")
  await expect(
    thread(coach.page).getByRole("listitem").filter({ hasText: "How did the squats feel" })
  ).not.toContainText("Sending")
  await expect(chatTab(client.page)).toHaveAccessibleName("Chat, 1 unread")
  await expect(chatTab(client.page).locator(".nav-badge")).toHaveAttribute("data-count", "1")
  await expectNoSeriousViolations(client.page)
  await client.page.screenshot({ path: "test-results/chat-instances/client-badge-phone.png" })

  // The client opens the chat on B: the message is there, and once read the badge goes.
  await chatTab(client.page).click()
  await expect(client.page).toHaveURL(at("/client/chat"))
  await expect(thread(client.page)).toContainText("How did the squats feel today?")
  await expect(chatTab(client.page)).toHaveAccessibleName("Chat")

  // The client answers on B; it shows in the coach's open thread on A without a reload.
  await composer(client.page).fill("Heavy but clean. Knee is fine.")
  await composer(client.page).press("Enter")
  await expect(thread(coach.page).getByRole("listitem").filter({ hasText: "Heavy but clean." })).toBeVisible()
  // And the coach's next message reaches the client's open thread the same way.
  await composer(coach.page).fill("Great. Add 5 lb next week.")
  await composer(coach.page).press("Enter")
  await expect(thread(client.page).getByRole("listitem").filter({ hasText: "Add 5 lb next week" })).toBeVisible()

  // The client's network drops: the chat says new messages wait; what the coach sends
  // meanwhile arrives once the stream is back (it resumes after the last event it had).
  await client.context.setOffline(true)
  await expect(client.page.getByRole("status").filter({ hasText: LIVE_OFFLINE })).toBeVisible()
  await client.page.screenshot({ path: "test-results/chat-instances/client-offline-phone.png" })
  await composer(coach.page).fill("Sent while you were offline.")
  await composer(coach.page).press("Enter")
  await expect(
    thread(coach.page).getByRole("listitem").filter({ hasText: "Sent while you were offline." })
  ).not.toContainText("Sending")
  await client.context.setOffline(false)
  await expect(
    thread(client.page).getByRole("listitem").filter({ hasText: "Sent while you were offline." })
  ).toBeVisible()
  await expect(client.page.getByRole("status").filter({ hasText: LIVE_OFFLINE })).toHaveCount(0)

  // Each message once on both screens, and once in the database.
  await expect(thread(coach.page).getByRole("listitem")).toHaveCount(4)
  await expect(thread(client.page).getByRole("listitem")).toHaveCount(4)
  const stored = (await api(
    serverB.url,
    people.clientIds.token,
    "GET",
    `/api/chat/${people.clientIds.id}/messages?limit=100`
  )) as { messages: ReadonlyArray<{ body: string }> }
  expect(stored.messages.map((message) => message.body)).toEqual([
    "Sent while you were offline.",
    "Great. Add 5 lb next week.",
    "Heavy but clean. Knee is fine.",
    "How did the squats feel today?"
  ])
  await expectNoSeriousViolations(coach.page)
  await expectNoSeriousViolations(client.page)
  await coach.context.close()
  await client.context.close()
})
