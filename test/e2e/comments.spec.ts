/**
 * Comments where the work is (docs/decisions/029), end to end: real Chromium, the real server and
 * Auth emulator, the client logging on a 390 x 844 phone and the coach on a desktop, each
 * in a browser context of their own. The client leaves a note on a set and comments on the
 * workout while logging; the coach's day view shows the note beside that set and the
 * dashboard's 'Comments' panel lists both newest first, without a reload (the live feed),
 * with a link to the day; the coach replies in place and the client sees the reply live.
 * A note written offline says it is not sent yet and is stored once back online.
 */
import { expect, test, type Page } from "@playwright/test"
import { isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient, type CoachedClient } from "./support/api.ts"
import { at } from "./support/screens.ts"
import { signedInPage } from "./support/two-people.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

const squat = [
  {
    name: "Squat",
    sets: [0, 1].map((set) => ({
      set,
      amsap: false,
      fields: [
        { name: "reps", value: 5 },
        { name: "weight", value: 225 }
      ]
    }))
  }
]

/** A coach, their client, and a squat workout for the client today. */
async function scene(origin: string) {
  const people = await coachAndClient(origin)
  const today = todayIso(new Date())
  await api(origin, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: today,
    workout: squat
  })
  return { ...people, today, day: isoToRouteDate(today) }
}

async function storedComments(origin: string, people: CoachedClient, date: string) {
  return (await api(
    origin,
    people.clientIds.token,
    "GET",
    `/api/comments/${people.clientIds.id}?date=${date}`
  )) as ReadonlyArray<{ id: string; body: string; setId: number | null; reply: { body: string } | null }>
}

test.setTimeout(180_000)

const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

test("a client's notes on a set and a workout reach the coach's day view and dashboard live; the coach's reply reaches the client", async ({
  browser,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const people = await scene(origin)
  const coach = await signedInPage(browser, people.coach.email, people.coach.password, DESKTOP)
  const client = await signedInPage(browser, people.client.email, people.client.password, PHONE)

  // The coach watches the client's day in one tab and the dashboard in another.
  const dayView = coach.page
  await dayView.goto(`/coach/workouts/${people.clientIds.id}/${people.day}`)
  await expect(dayView.getByRole("heading", { name: "Squat" })).toBeVisible()
  const dashboard = await coach.context.newPage()
  await dashboard.goto("/coach/dashboard")
  const panel = dashboard.getByRole("region", { name: "Comments" })
  await expect(panel).toContainText("No comments yet.")

  // The client, logging, leaves a note on set 2.
  await client.page.goto(`/client/workouts/${people.day}/0`)
  const setTwo = setGroup(client.page, 2)
  await setTwo.getByRole("button", { name: "Add a note to set 2" }).click()
  const field = setTwo.getByRole("textbox", { name: "Note on set 2" })
  await expect(field).toBeFocused()
  // Nothing to say is refused before it is sent, in the server's words.
  await field.fill("   ")
  await setTwo.getByRole("button", { name: "Send" }).click()
  await expect(setTwo.getByRole("alert")).toHaveText("The note must not be empty")
  await field.fill("left knee, stopped at 3")
  await setTwo.getByRole("button", { name: "Send" }).click()
  await expect(setTwo.getByRole("status").filter({ hasText: "Your note was sent." })).toBeVisible()
  await expect(setTwo.getByRole("list", { name: "Notes on set 2" })).toContainText("left knee, stopped at 3")

  // And comments on the workout.
  await client.page.getByRole("button", { name: "Comment on this workout" }).click()
  await client.page.getByRole("textbox", { name: "Comment on this workout" }).fill("Gym was packed; rests ran long.")
  const workoutNotes = client.page.getByRole("region", { name: "Notes on this workout" })
  await workoutNotes.getByRole("button", { name: "Send" }).click()
  await expect(workoutNotes.getByRole("list", { name: "Your notes on this workout" })).toContainText(
    "Gym was packed; rests ran long."
  )
  await expectNoSeriousViolations(client.page)
  await screenshot(client.page, "logging-with-notes")

  // The coach's day view shows them without a reload: the note under set 2, the comment on the workout.
  const setNotes = dayView.getByRole("list", { name: "Client notes on squat set 2" })
  await expect(setNotes).toContainText("left knee, stopped at 3")
  await expect(setNotes).toContainText("Not replied yet")
  await expect(dayView.getByRole("list", { name: "Comments on this workout" })).toContainText(
    "Gym was packed; rests ran long."
  )
  // Beside the set it is on: the row after set 2's prescribed and performed.
  const rows = dayView.getByRole("row")
  const setTwoRow = rows.filter({ has: dayView.getByRole("rowheader", { name: "Set 2" }) })
  await expect(setTwoRow).toContainText("5 reps")
  await expect(rows.nth((await rows.allInnerTexts()).findIndex((text) => text.startsWith("Set 2")) + 1)).toContainText(
    "left knee, stopped at 3"
  )

  // The dashboard's panel, newest first, names the client and the place.
  const items = panel.getByRole("list", { name: "Latest comments, newest first" }).getByRole("listitem")
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText("Gym was packed; rests ran long.")
  await expect(items.nth(0)).toContainText(`${people.client.name} · Workout`)
  await expect(items.nth(1)).toContainText("left knee, stopped at 3")
  await expect(items.nth(1)).toContainText(`${people.client.name} · Squat, set 2`)
  await expectNoSeriousViolations(dashboard)
  await screenshot(dashboard, "dashboard-comments")

  // The coach replies in place, in the day view.
  await setNotes.getByRole("button", { name: "Reply to “left knee, stopped at 3”" }).click()
  await setNotes
    .getByRole("textbox", { name: "Your reply" })
    .fill("Keep the next squat day light and tell me how it feels.")
  await setNotes.getByRole("button", { name: "Send" }).click()
  await expect(setNotes.getByText("Your reply was sent.")).toBeVisible()
  await expect(setNotes).toContainText("You replied: Keep the next squat day light")
  await expectNoSeriousViolations(dayView)
  await screenshot(dayView, "coach-day-comments")

  // The dashboard follows, and the client sees the reply under their note, both without a reload.
  await expect(items.nth(1)).toContainText("You replied: Keep the next squat day light")
  await expect(setTwo.getByRole("list", { name: "Notes on set 2" })).toContainText(
    "Coach replied: Keep the next squat day light and tell me how it feels."
  )

  // The dashboard's link opens that client's day.
  await items
    .nth(1)
    .getByRole("link", { name: /^Open .*'s / })
    .click()
  await expect(dashboard).toHaveURL(at(`/coach/workouts/${people.clientIds.id}/${people.day}`))
  await expect(dashboard.getByRole("list", { name: "Client notes on squat set 2" })).toContainText("left knee")

  const stored = await storedComments(origin, people, people.today)
  expect(stored.map((comment) => comment.body)).toEqual(["left knee, stopped at 3", "Gym was packed; rests ran long."])
  expect(stored[0]?.reply?.body).toBe("Keep the next squat day light and tell me how it feels.")
  await coach.context.close()
  await client.context.close()
})

test("a note written offline says it is not sent yet, and is stored exactly once when the network returns", async ({
  browser,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const people = await scene(origin)
  const client = await signedInPage(browser, people.client.email, people.client.password, PHONE)
  await client.page.goto(`/client/workouts/${people.day}/0`)
  const setOne = setGroup(client.page, 1)
  await setOne.getByRole("button", { name: "Add a note to set 1" }).click()
  const field = setOne.getByRole("textbox", { name: "Note on set 1" })
  await field.fill("felt easy, add 5 lb next time")
  // The gym's basement: the network goes while the lifter is writing.
  await client.context.setOffline(true)
  await expect(field).toHaveValue("felt easy, add 5 lb next time")
  await setOne.getByRole("button", { name: "Send" }).click()
  await expect(setOne.getByText("Not sent yet — will send when you're online.")).toBeVisible()
  await expect(setOne.getByText("Your note was sent.")).toHaveCount(0)
  await expectNoSeriousViolations(client.page)
  await screenshot(client.page, "logging-note-offline")
  expect(await storedComments(origin, people, people.today)).toEqual([])

  await client.context.setOffline(false)
  await expect(setOne.getByText("Your note was sent.")).toBeVisible()
  await expect(setOne.getByRole("list", { name: "Notes on set 1" })).toContainText("felt easy, add 5 lb next time")
  const stored = await storedComments(origin, people, people.today)
  expect(stored.map((comment) => comment.body)).toEqual(["felt easy, add 5 lb next time"])
  await client.context.close()
})
