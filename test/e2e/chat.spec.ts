/**
 * Chat between a coach and a client (docs/decisions/030), end to end: real Chromium, the real server
 * and Auth emulator, the coach on a desktop and the client on a 390 x 844 phone, each in a
 * browser context of their own. A message each way shows on the other side without a
 * reload, and 'Read' shows live and after a reload; a message written offline shows as
 * not sent yet, survives leaving the chat and a reload with no network, and is stored
 * exactly once when the network returns; older messages load on scrolling up.
 */
import { randomUUID } from "node:crypto"
import { expect, test, type Browser, type Page } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient } from "./support/api.ts"
import { withTheAppInstalled } from "./support/installed-app.ts"
import { at } from "./support/screens.ts"
import { signedInPage } from "./support/two-people.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

interface StoredMessage {
  readonly id: string
  readonly body: string
  readonly senderId: number
}

/** The whole thread as the server holds it (newest page only: these threads are short). */
async function storedMessages(baseURL: string, people: CoachedClient): Promise<ReadonlyArray<StoredMessage>> {
  const page = (await api(
    baseURL,
    people.clientIds.token,
    "GET",
    `/api/chat/${people.clientIds.id}/messages?limit=100`
  )) as { messages: ReadonlyArray<StoredMessage> }
  return page.messages
}

/** A new coach and their new client, the coach signed in on a desktop, the client on a phone. */
async function bothSignedIn(browser: Browser, origin: string) {
  const people = await coachAndClient(origin)
  const coach = await signedInPage(browser, people.coach.email, people.coach.password, DESKTOP)
  const client = await signedInPage(browser, people.client.email, people.client.password, PHONE)
  return { people, coach, client }
}

/** The bottom bar's Chat tab (its name may carry the unread count). */
const chatTab = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Chat/ })

const thread = (page: Page) => page.getByRole("log")
const composer = (page: Page) => page.getByRole("textbox", { name: /^Message to / })

test("a coach and a client talk live: a message each way shows without a reload, unread counts and 'Read' follow", async ({
  browser,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const { people, coach, client } = await bothSignedIn(browser, origin)

  // Each opens their chats from the bottom bar.
  await chatTab(coach.page).click()
  await expect(coach.page).toHaveURL(at("/coach/chat"))
  const row = coach.page.getByRole("link", { name: new RegExp(people.client.name) })
  await expect(row).toContainText("No messages yet")
  await chatTab(client.page).click()
  await expect(client.page).toHaveURL(at("/client/chat"))
  await expect(thread(client.page)).toContainText("No messages yet. Say hello to your coach.")
  await expectNoSeriousViolations(client.page)

  // Enter sends; Shift+Enter is a new line in the same message.
  await composer(client.page).fill("Left knee twinged on the last set.")
  await composer(client.page).press("Shift+Enter")
  await composer(client.page).pressSequentially("Stopped at 3.")
  await composer(client.page).press("Enter")
  await expect(composer(client.page)).toHaveValue("")
  const sent = thread(client.page).getByRole("listitem").filter({ hasText: "Left knee twinged" })
  await expect(sent).toContainText("Left knee twinged on the last set.\nStopped at 3.")
  await expect(sent).not.toContainText("Sending")

  // The coach's list counts it without a reload, then the thread shows it.
  await expect(row).toContainText("1 unread")
  await row.click()
  await expect(coach.page).toHaveURL(at(`/coach/chat/${people.clientIds.id}`))
  await expect(coach.page.getByRole("heading", { level: 1 })).toHaveText(`Chat with ${people.client.name}`)
  await expect(thread(coach.page)).toContainText("Left knee twinged on the last set.")
  // The coach has read it: the client sees 'Read' under it, live.
  await expect(sent).toContainText("Read")
  await expectNoSeriousViolations(coach.page)

  // The coach replies with a link; it reaches the client without a reload and opens safely.
  await composer(coach.page).fill("Good call. Watch https://example.com/knee-tracking before Monday.")
  await coach.page.getByRole("button", { name: "Send" }).click()
  const reply = thread(client.page).getByRole("listitem").filter({ hasText: "Good call." })
  await expect(reply).toBeVisible()
  const link = reply.getByRole("link", { name: "https://example.com/knee-tracking" })
  await expect(link).toHaveAttribute("target", "_blank")
  await expect(link).toHaveAttribute("rel", "noopener noreferrer")
  await expectNoSeriousViolations(client.page)

  // The client has the thread open: the coach sees 'Read' under the reply, and still after a reload.
  const coachReply = () => thread(coach.page).getByRole("listitem").filter({ hasText: "Good call." })
  await expect(coachReply()).toContainText("Read")
  await coach.page.reload()
  await expect(coach.page.getByRole("heading", { level: 1 })).toHaveText(`Chat with ${people.client.name}`)
  await expect(coachReply()).toContainText("Read")

  // Each message is stored once, though the sender's own copy came back on the live stream too.
  await expect(thread(coach.page).getByRole("listitem")).toHaveCount(2)
  await expect(thread(client.page).getByRole("listitem")).toHaveCount(2)
  expect((await storedMessages(origin, people)).map((message) => message.body)).toEqual([
    "Good call. Watch https://example.com/knee-tracking before Monday.",
    "Left knee twinged on the last set.\nStopped at 3."
  ])

  // An empty message is not sent: the composer says why.
  await composer(client.page).fill("   ")
  await composer(client.page).press("Enter")
  await expect(client.page.getByRole("alert")).toHaveText("Message must not be empty")

  await screenshot(client.page, "client-thread")
  await screenshot(coach.page, "coach-thread")
  await coach.page.getByRole("link", { name: "← All chats" }).click()
  await expect(coach.page).toHaveURL(at("/coach/chat"))
  await expect(coach.page.getByRole("link", { name: new RegExp(people.client.name) })).not.toContainText("unread")
  await expectNoSeriousViolations(coach.page)
  await screenshot(coach.page, "coach-list")
  await coach.context.close()
  await client.context.close()
})

test("a message written offline shows as not sent, survives leaving the chat and a reload, and is sent exactly once back online", async ({
  browser,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const { people, coach, client } = await bothSignedIn(browser, origin)
  await withTheAppInstalled(client.page)
  await coach.page.goto(`/coach/chat/${people.clientIds.id}`)
  await expect(thread(coach.page)).toContainText("No messages yet")
  await chatTab(client.page).click()
  await expect(thread(client.page)).toContainText("No messages yet")

  await client.context.setOffline(true)
  await composer(client.page).fill("Gym wifi is down, sending this later")
  await composer(client.page).press("Enter")
  const waiting = thread(client.page).getByRole("listitem").filter({ hasText: "Gym wifi is down" })
  await expect(waiting).toContainText("Not sent yet: it will send when you're back online")
  await screenshot(client.page, "client-offline")

  // Leaving the chat and coming back keeps it waiting.
  await client.page.getByRole("link", { name: "Dashboard" }).click()
  await expect(client.page).toHaveURL(at("/client/dashboard"))
  await chatTab(client.page).click()
  await expect(waiting).toContainText("Not sent yet")
  expect(await storedMessages(origin, people)).toEqual([])

  // Reloading with no network (the tab closed and opened again): it is still there, still not sent.
  await client.page.reload()
  await expect(client.page).toHaveURL(at("/client/chat"))
  await expect(waiting).toContainText("Not sent yet: it will send when you're back online")
  await expect(waiting).toHaveCount(1)
  await expectNoSeriousViolations(client.page)
  await screenshot(client.page, "client-offline-reloaded")
  expect(await storedMessages(origin, people)).toEqual([])

  await client.context.setOffline(false)
  await expect(waiting).not.toContainText("Not sent yet", { timeout: 20_000 })
  await expect(waiting).not.toContainText("Sending")
  await expect(thread(coach.page).getByRole("listitem").filter({ hasText: "Gym wifi is down" })).toHaveCount(1)
  await expect(thread(client.page).getByRole("listitem").filter({ hasText: "Gym wifi is down" })).toHaveCount(1)
  const stored = await storedMessages(origin, people)
  expect(stored.map((message) => message.body)).toEqual(["Gym wifi is down, sending this later"])
  // Nothing is left on the device to send again: another reload shows it once, sent.
  await client.page.reload()
  await expect(waiting).toHaveCount(1)
  await expect(waiting).not.toContainText("Not sent yet")
  expect((await storedMessages(origin, people)).map((message) => message.body)).toEqual([
    "Gym wifi is down, sending this later"
  ])

  // Written offline, then the app reopened offline on another screen: it is sent when the
  // network returns without the chat being opened again, once.
  await client.context.setOffline(true)
  await composer(client.page).fill("Second one, from the car park")
  await composer(client.page).press("Enter")
  await expect(thread(client.page).getByRole("listitem").filter({ hasText: "car park" })).toContainText("Not sent yet")
  await client.page.getByRole("link", { name: "Dashboard" }).click()
  await expect(client.page).toHaveURL(at("/client/dashboard"))
  await client.page.reload()
  await expect(client.page).toHaveURL(at("/client/dashboard"))
  await expect(client.page.getByRole("heading", { level: 1 })).toBeVisible()
  await client.context.setOffline(false)
  await expect
    .poll(async () => (await storedMessages(origin, people)).map((message) => message.body), { timeout: 30_000 })
    .toEqual(["Second one, from the car park", "Gym wifi is down, sending this later"])
  await expect(thread(coach.page).getByRole("listitem").filter({ hasText: "car park" })).toHaveCount(1)
  await coach.context.close()
  await client.context.close()
})

test("older messages load as the person scrolls up, oldest at the top", async ({ browser, baseURL }) => {
  const origin = baseURL ?? ""
  const people = await coachAndClient(origin)
  // 60 messages, 30 each: the sending limit is 30 a minute per person.
  for (let n = 1; n <= 60; n++) {
    const from = n % 2 === 1 ? people.clientIds : people.coachIds
    await api(origin, from.token, "POST", `/api/chat/${people.clientIds.id}/messages`, {
      id: randomUUID(),
      body: `Message ${n}`
    })
  }
  const client = await signedInPage(browser, people.client.email, people.client.password, PHONE)
  await chatTab(client.page).click()
  const log = thread(client.page)
  await expect(log.getByText("Message 60", { exact: true })).toBeVisible()
  await expect(log.getByRole("listitem")).toHaveCount(50)
  await expect(log.getByText("Message 1", { exact: true })).toHaveCount(0)

  await log.evaluate((element) => element.scrollTo({ top: 0 }))
  await expect(log.getByText("This is the start of your conversation.")).toBeVisible()
  await expect(log.getByRole("listitem")).toHaveCount(60)
  const bodies = await log.locator(".chat-message__text").allTextContents()
  expect(bodies.slice(0, 3)).toEqual(["Message 1", "Message 2", "Message 3"])
  expect(bodies.at(-1)).toBe("Message 60")
  // The place read stays put: the newest message is not in view after the older page went in above.
  await expect(log.getByText("Message 60", { exact: true })).not.toBeInViewport()
  await client.context.close()
})
