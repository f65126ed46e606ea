/**
 * A coach's demo video (docs/decisions/048), end to end: real Chromium, the real server and
 * Auth emulator. The coach at 1280 x 800 sets a link on an exercise of the client's day;
 * a typed address that is not a link is refused before anything is sent; once the server
 * holds it the day shows it. The lifter at 390 x 844 finds "Watch demo" beside the exercise,
 * opening a new tab; the coach takes it away and the lifter's day no longer offers it.
 */
import { expect, test } from "@playwright/test"
import { isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { prescribed } from "./support/logging.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

const LINK = "https://videos.example.com/back-squat"

test("a coach sets a demo link from the day, the lifter opens it, and the coach takes it away", async ({
  browser,
  baseURL
}) => {
  test.setTimeout(120_000)
  const base = baseURL ?? ""
  const s = await coachAndClient(base)
  const today = todayIso(new Date())
  await api(base, s.coachIds.token, "POST", "/api/workout", {
    clientId: s.clientIds.id,
    date: today,
    workout: [{ name: "Back Squat", exercise_id: "back-squat", sets: [{ set: 0, ...prescribed(5, 225) }] }]
  })
  const dayPath = `/coach/workouts/${s.clientIds.id}/${isoToRouteDate(today)}`

  const coachContext = await browser.newContext({ viewport: DESKTOP })
  const coach = await coachContext.newPage()
  await openLogin(coach)
  await logIn(coach, s.coach.email, s.coach.password)
  await expect(coach).toHaveURL(at("/coach/dashboard"))
  await coach.goto(dayPath)
  await coach.getByRole("button", { name: "Add demo video for Back Squat" }).click()
  const form = coach.getByRole("form", { name: "Demo video for Back Squat" })
  const field = form.getByLabel("Video link (https)")
  await expect(field).toBeFocused()
  await field.fill("youtube back squat")
  await form.getByRole("button", { name: "Save link" }).click()
  await expect(form.getByRole("alert")).toContainText("The link must be an https:// address")
  await field.fill(LINK)
  await field.press("Enter")
  // Shown once the server holds it: the day read again, the form closed, focus back on its button.
  const shown = coach.getByRole("link", { name: "Watch demo of Back Squat (opens a new tab)" })
  await expect(shown).toHaveAttribute("href", LINK)
  await expect(coach.getByRole("button", { name: "Change demo video for Back Squat" })).toBeFocused()
  await expectNoSeriousViolations(coach)
  await screenshot(coach, "exercise-demo-coach-desktop")

  const lifterContext = await browser.newContext({ viewport: PHONE, hasTouch: true })
  const lifter = await lifterContext.newPage()
  await openLogin(lifter)
  await logIn(lifter, s.client.email, s.client.password)
  await expect(lifter).toHaveURL(at("/client/dashboard"))
  await lifter.goto(`/client/workouts/${isoToRouteDate(today)}`)
  const demo = lifter.getByRole("link", { name: "Watch demo of Back Squat (opens a new tab)" })
  await expect(demo).toHaveAttribute("href", LINK)
  await expect(demo).toHaveAttribute("target", "_blank")
  await expect(demo).toHaveAttribute("rel", "noopener noreferrer")
  await expectNoSeriousViolations(lifter)
  await screenshot(lifter, "exercise-demo-lifter-phone")

  await coach.getByRole("button", { name: "Change demo video for Back Squat" }).click()
  await coach.getByRole("button", { name: "Remove link" }).click()
  await expect(coach.getByRole("button", { name: "Add demo video for Back Squat" })).toBeVisible()
  await expect(shown).toHaveCount(0)
  await lifter.reload()
  await expect(lifter.getByRole("heading", { level: 3, name: "Back Squat" })).toBeVisible()
  await expect(demo).toHaveCount(0)

  await coachContext.close()
  await lifterContext.close()
})
