/**
 * A form check filmed with no signal (docs/decisions/050-form-check-videos.md), end to end in
 * real Chromium with the real server, service worker and Auth emulator: a lifter on a
 * 390 x 844 touch phone opens today's workout online, loses the network, and adds a clip to
 * set 2. The clip is kept on the phone and the status line says it waits for a connection;
 * the server has nothing. The lifter goes back to the dashboard, still offline, and the
 * network returns there: the clip uploads from the dashboard, and the server holds it whole,
 * on set 2, with its true size and length.
 */
import { expect, test } from "@playwright/test"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { emulatedNetwork } from "./support/form-check-network.ts"
import {
  EXERCISE,
  FORM_CHECK_BYTES,
  FORM_CHECK_MP4,
  FORM_CHECK_MS,
  formCheckScene,
  percentsShown,
  recordTus,
  storedVideos,
  watchPercents
} from "./support/form-check-scene.ts"
import { withTheAppInstalled } from "./support/installed-app.ts"
import { setGroup } from "./support/logging.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { PHONE, screenshot } from "./support/viewports.ts"

const WAITS_FOR_CONNECTION = "1 clip waits for a connection; it uploads when you're back online"
/** A weak signal back: the 184 KB clip takes a few seconds, long enough to see it go. */
const RETURNING_BYTES_PER_SECOND = 48 * 1024

test.setTimeout(180_000)

test("a clip added with no network uploads after the network returns, from the dashboard", async ({
  browser,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const people = await formCheckScene(origin)
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, people.client.email, people.client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  // The app installed: its screens and chunks open with no network, as on the lifter's phone.
  await withTheAppInstalled(page)

  // Online, today's workout opens with everything on it, set 2's "Add video" too.
  await page.goto(`/client/workouts/${people.day}/0`)
  const setTwo = setGroup(page, 2)
  await expect(setTwo.getByText("Add video")).toBeVisible()
  const tus = recordTus(page)
  const network = await emulatedNetwork(context, page)

  // The signal goes; the lifter films set 2 anyway.
  await network.offline()
  await setTwo.getByLabel("Add video").setInputFiles(FORM_CHECK_MP4)
  const uploads = page.getByRole("complementary", { name: "Form-check uploads" })
  await expect(uploads.getByRole("status")).toHaveText(WAITS_FOR_CONNECTION)
  await expect(setTwo.getByText("Video added: it uploads when you're back online")).toBeVisible()
  await expect(uploads.getByRole("progressbar")).toHaveCount(0)
  await expectNoSeriousViolations(page)
  await screenshot(page, "form-check-offline-logging")
  // Nothing left the phone, and the server has no clip.
  expect(tus).toEqual([])
  expect(await storedVideos(origin, people, people.today)).toEqual([])

  // Back to the dashboard, in the app, still with no signal: the clip still waits.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).tap()
  await expect(page).toHaveURL(at("/client/dashboard"))
  await expect(uploads.getByRole("status")).toHaveText(WAITS_FOR_CONNECTION)
  await expectNoSeriousViolations(page)
  await screenshot(page, "form-check-offline-dashboard")
  expect(await storedVideos(origin, people, people.today)).toEqual([])

  // The network returns on the dashboard, a weak one: the clip goes up from there, the line
  // saying how far, and then clears.
  await watchPercents(page)
  await network.online(RETURNING_BYTES_PER_SECOND)
  await expect(uploads.getByRole("progressbar", { name: `Uploading form check of ${EXERCISE} set 2` })).toBeVisible()
  await expect(uploads).toContainText(new RegExp(`^Uploading form check \\(${EXERCISE} set 2\\) · \\d+%`))
  await expect(uploads).toHaveCount(0, { timeout: 30_000 })
  await expect(page).toHaveURL(at("/client/dashboard"))
  expect(tus.map((request) => [request.method, request.status])).toEqual([
    ["HEAD", 404],
    ["POST", 201],
    ["PATCH", 204]
  ])
  expect(tus.find((request) => request.method === "PATCH")?.answeredOffset).toBe(FORM_CHECK_BYTES)
  const percents = await percentsShown(page)
  expect(
    percents.some((percent) => percent > 0 && percent < 100),
    `percents shown: ${percents.join(", ")}`
  ).toBe(true)
  expect(percents.at(-1)).toBe(100)
  const [stored, ...others] = await storedVideos(origin, people, people.today)
  expect(others).toEqual([])
  expect(stored?.status).toBe("ready")
  expect(stored?.setId).toBe(people.setTwoId)
  expect([stored?.exercise, stored?.setIndex]).toEqual([EXERCISE, 1])
  expect(stored?.mediaType).toBe("video/mp4")
  expect(stored?.sizeBytes).toBe(FORM_CHECK_BYTES)
  expect(Math.abs((stored?.durationMs ?? 0) - FORM_CHECK_MS)).toBeLessThan(50)

  // And the workout shows it under set 2.
  await page.goto(`/client/workouts/${people.day}/0`)
  await expect(setGroup(page, 2).getByText("Form check · 0:04")).toBeVisible()
  await context.close()
})
