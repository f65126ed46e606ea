/**
 * Notes and replies that arrive (docs/decisions/041), end to end in real Chromium with the
 * real server, service worker and Auth emulator: a lifter on a 390 x 844 touch phone writes
 * a set note with no signal, reloads with none (the note is still there, not sent yet),
 * and the network returns; the first answer is lost on the way back, and the retry carries
 * the same id, so the coach sees the note exactly once. The coach replies from the day
 * view; the lifter's dashboard shows an unread badge and the reply, the workout page shows
 * it, and opening the replies clears the badge and the server's read mark.
 */
import { expect, test, type Browser, type Page } from "@playwright/test"
import { isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient } from "./support/api.ts"
import { withTheAppInstalled } from "./support/installed-app.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

const NOTE = "left knee, stopped at 3"
const REPLY = "Take the next squat day lighter."
const NOT_SENT_YET = "Not sent yet — will send when you're online."

/** A coach, their client, and a squat of two sets for the client today. */
async function scene(origin: string) {
  const people = await coachAndClient(origin)
  const today = todayIso(new Date())
  const set = (n: number) => ({
    set: n,
    amsap: false,
    fields: [
      { name: "reps", value: 5 },
      { name: "weight", value: 225 }
    ]
  })
  await api(origin, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: today,
    workout: [{ name: "Squat", sets: [set(0), set(1)] }]
  })
  return { ...people, today, day: isoToRouteDate(today) }
}

/** The comments the server holds for the client's day, read as the coach. */
const storedComments = async (origin: string, people: CoachedClient, date: string) =>
  (await api(
    origin,
    people.coachIds.token,
    "GET",
    `/api/comments/${people.clientIds.id}?date=${date}`
  )) as ReadonlyArray<{
    id: string
    body: string
  }>

const serverReplies = async (origin: string, people: CoachedClient) =>
  (await api(origin, people.clientIds.token, "GET", "/api/commentReplies")) as {
    unread: number
    readUpTo: string | null
    replies: ReadonlyArray<{ body: string }>
  }

/** The lifter on a touch phone, signed in, with the service worker in control (a reload with no network opens the app). */
async function lifterOnAPhone(browser: Browser, people: CoachedClient) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, people.client.email, people.client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await withTheAppInstalled(page)
  return { context, page }
}

const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

test.setTimeout(180_000)

test("a set note written offline survives a reload, arrives once, and the coach's reply reaches the lifter until read", async ({
  browser,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const people = await scene(origin)
  const client = await lifterOnAPhone(browser, people)
  const { page } = client

  // Online, the lifter opens today's logging page; then the signal goes.
  await page.goto(`/client/workouts/${people.day}/0`)
  const setOne = setGroup(page, 1)
  const addNote = setOne.getByRole("button", { name: "Add a note to set 1" })
  await expect(addNote).toBeVisible()
  await client.context.setOffline(true)
  await addNote.tap()
  await setOne.getByRole("textbox", { name: "Note on set 1" }).fill(NOTE)
  await setOne.getByRole("button", { name: "Send" }).tap()
  await expect(setOne.getByText(NOT_SENT_YET)).toBeVisible()
  await expect(setOne.getByText("Your note was sent.")).toHaveCount(0)

  // Reloaded with no signal (the tab closed and opened again): still there, still not sent.
  await page.reload()
  const waiting = setGroup(page, 1).getByRole("list", { name: "Notes on set 1 not sent yet" })
  await expect(waiting).toContainText(NOTE)
  await expect(waiting).toContainText(NOT_SENT_YET)
  await expect(waiting.getByRole("listitem")).toHaveCount(1)
  await expectNoSeriousViolations(page)
  await screenshot(page, "note-kept-offline")
  expect(await storedComments(origin, people, people.today)).toEqual([])

  // Back online, the first answer is lost on its way back: the server stored the note, the
  // phone never heard. The outbox tries again with the same id.
  const posted: Array<string> = []
  await client.context.route("**/api/comments", async (route) => {
    if (route.request().method() !== "POST") return route.fallback()
    const { id } = route.request().postDataJSON() as { id: string }
    posted.push(id)
    if (posted.length > 1) return route.fallback()
    await route.fetch()
    return route.abort("connectionreset")
  })
  await client.context.setOffline(false)
  const notes = setGroup(page, 1).getByRole("list", { name: "Notes on set 1", exact: true })
  await expect(notes).toContainText(NOTE, { timeout: 40_000 })
  await expect(waiting).toHaveCount(0, { timeout: 40_000 })
  // The outbox never heard the answer: it sends again (after its wait), with the same id.
  await expect.poll(() => posted.length, { timeout: 40_000 }).toBeGreaterThanOrEqual(2)
  expect(new Set(posted).size).toBe(1)
  await expect(notes.getByRole("listitem")).toHaveCount(1)
  const stored = await storedComments(origin, people, people.today)
  expect(stored.map((comment) => comment.body)).toEqual([NOTE])

  // The coach sees it once beside set 1, and replies there.
  const coachContext = await browser.newContext({ viewport: DESKTOP })
  const coach = await coachContext.newPage()
  await openLogin(coach)
  await logIn(coach, people.coach.email, people.coach.password)
  await expect(coach).toHaveURL(at("/coach/dashboard"))
  await coach.goto(`/coach/workouts/${people.clientIds.id}/${people.day}`)
  const coachNotes = coach.getByRole("list", { name: "Client notes on squat set 1" })
  await expect(coachNotes.getByRole("listitem")).toHaveCount(1)
  await expect(coachNotes).toContainText(NOTE)
  await coachNotes.getByRole("button", { name: `Reply to “${NOTE}”` }).click()
  await coachNotes.getByRole("textbox", { name: "Your reply" }).fill(REPLY)
  await coachNotes.getByRole("button", { name: "Send" }).click()
  await expect(coachNotes).toContainText(`You replied: ${REPLY}`)
  await expectNoSeriousViolations(coach)

  // The lifter's dashboard: a badge and, opened, the reply.
  await page.goto("/client/dashboard")
  const replies = page.getByRole("region", { name: /^Replies from your coach/ })
  await expect(replies.locator(".replies-badge")).toHaveText("1 new reply")
  expect((await serverReplies(origin, people)).unread).toBe(1)
  await expectNoSeriousViolations(page)
  await screenshot(page, "dashboard-reply-unread")

  // The workout page shows the reply under the note.
  await page.goto(`/client/workouts/${people.day}`)
  const workoutNotes = page.getByRole("region", { name: "Your notes and your coach's replies" })
  await expect(workoutNotes).toContainText(NOTE)
  await expect(workoutNotes).toContainText(`Coach replied: ${REPLY}`)
  await expectNoSeriousViolations(page)
  await screenshot(page, "workout-page-reply")

  // Opening the replies reads them: the badge goes once the server holds the mark.
  await page.goto("/client/dashboard")
  await expect(replies.locator(".replies-badge")).toHaveText("1 new reply")
  await replies.getByRole("button", { name: "Read 1 new reply" }).tap()
  await expect(replies.getByRole("list", { name: "Replies, newest first" })).toContainText(`Coach replied: ${REPLY}`)
  await expect(replies.locator(".replies-badge")).toHaveCount(0)
  const read = await serverReplies(origin, people)
  expect(read.unread).toBe(0)
  expect(read.readUpTo).not.toBeNull()
  await expectNoSeriousViolations(page)
  await screenshot(page, "dashboard-reply-read")
  // Read is the server's: a reload (or another device) shows no badge.
  await page.reload()
  await expect(replies.getByRole("button", { name: "Show replies" })).toBeVisible()
  await expect(replies.locator(".replies-badge")).toHaveCount(0)

  await coachContext.close()
  await client.context.close()
})
