/**
 * docs/decisions/013: a save whose answer is lost may have been stored, and the builder's retry
 * used to store the workout a second time. The draft now carries one idempotency key
 * (docs/decisions/013-input-bounds.md): here the first save reaches the server and is
 * stored, its answer never reaches the page, the coach reloads and submits again, and the
 * day shows the workout once.
 */
import { expect, test } from "@playwright/test"
import { addDays, formatLongUsDate, isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { acceptInvitation, signedIn } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { createAccount } from "./support/stack.ts"

test("a save whose answer was lost, retried after a reload, stores the workout once", async ({ page, baseURL }) => {
  const coach = await createAccount(baseURL ?? "", "Coach")
  const client = await createAccount(baseURL ?? "", "Client")
  await openLogin(page)
  await logIn(page, coach.email, coach.password)
  await expect(page).toHaveURL(at("/coach/dashboard"))
  await page.getByLabel("Client email").fill(client.email)
  await page.getByRole("button", { name: "Add client" }).click()
  await expect(page.getByText("Invitation sent")).toBeVisible()
  // The client accepts the invitation (ADR 033); the calendar then lists them.
  await acceptInvitation(baseURL ?? "", (await signedIn(baseURL ?? "", client)).token, coach.email)
  await page.reload()

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click()
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible()
  const picker = page.getByRole("combobox", { name: "Client" })
  await picker.selectOption({ label: client.name })
  const clientId = await picker.inputValue()
  const day = addDays(todayIso(new Date()), 3)
  const dayPath = `/coach/workouts/${clientId}/${isoToRouteDate(day)}`
  await page.goto(`/coach/workoutbuilder/${clientId}/${isoToRouteDate(day)}`)

  await page.getByRole("button", { name: "Strength" }).click()
  await page.getByRole("button", { name: "Add exercise" }).click()
  await page.getByLabel("Exercise name").fill("Front Squat")
  await page.getByRole("button", { name: "Add set" }).click()
  await page.getByRole("button", { name: "Add 1 set" }).click()
  await page.getByRole("button", { name: "Submit Exercise" }).click()

  // The save reaches the server, which stores it; the page never hears back.
  const sentKeys: Array<unknown> = []
  await page.route(
    "**/beta/api/workout",
    async (route) => {
      sentKeys.push((route.request().postDataJSON() as { idempotencyKey?: unknown }).idempotencyKey)
      const stored = await route.fetch()
      expect(stored.status()).toBe(200)
      await route.abort("connectionreset")
    },
    { times: 1 }
  )
  await page.getByRole("button", { name: "Submit Workout" }).click()
  await expect(page.getByRole("alert")).toContainText("The workout was not saved")

  // The coach reloads (the draft comes back, with its key) and submits again.
  await page.reload()
  await expect(page.getByRole("heading", { name: "Workout Assignment" })).toBeVisible()
  const retried = page.waitForRequest("**/beta/api/workout")
  await page.getByRole("button", { name: "Submit Workout" }).click()
  sentKeys.push(((await retried).postDataJSON() as { idempotencyKey?: unknown }).idempotencyKey)

  await expect(page).toHaveURL(at(dayPath))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(formatLongUsDate(day))
  await expect(page.getByRole("heading", { name: "Strength Workout" })).toHaveCount(1)
  expect(sentKeys).toHaveLength(2)
  expect(sentKeys[0]).toEqual(expect.stringMatching(/^[0-9a-f]{32}$/))
  expect(sentKeys[1]).toBe(sentKeys[0])
})
