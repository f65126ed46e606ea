/**
 * Form checks (docs/decisions/050-form-check-videos.md), end to end: real Chromium, the real
 * server (tus endpoint, signed links, live stream) and the Auth emulator. A kg lifter on a
 * 390 x 844 touch phone films set 2 in a basement: the upload crawls, the network goes
 * halfway through, the status says the clip waits, and when the network returns the upload
 * goes on from what the server holds (a HEAD, then a PATCH at its offset), never from the
 * start. The coach at a desk watches the clip, steps to 0:02 and comments there; the
 * lifter's page, never reloaded, shows the comment at once. A clip this browser cannot
 * decode (HEVC) still uploads, shows on the coach's dashboard, and is offered to download
 * instead of a black box.
 */
import { readFile } from "node:fs/promises"
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test"
import { clipTime } from "#domain/video-text.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { emulatedNetwork, startBasement, type Basement } from "./support/form-check-network.ts"
import {
  clipFile,
  EXERCISE,
  FORM_CHECK_MS,
  formCheckScene,
  HEVC_MOV,
  paddedClip,
  percentsShown,
  recordTus,
  storedVideos,
  watchPercents
} from "./support/form-check-scene.ts"
import { setGroup } from "./support/logging.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import type { Account } from "./support/stack.ts"
import { signedInPage } from "./support/two-people.ts"
import { DESKTOP, PHONE, screenshot } from "./support/viewports.ts"

/** Six MB of padding: at 1 MB/s the upload takes long enough to be cut off halfway. */
const PADDING_BYTES = 6 * 1024 * 1024
const UPLOAD_BYTES_PER_SECOND = 1024 * 1024
const WAITS_FOR_CONNECTION = "1 clip waits for a connection; it uploads when you're back online"
const COMMENT = "knees cave here"
const SET_TWO = `${EXERCISE}, set 2`

type Player = HTMLVideoElement

/** The lifter on a touch phone, signed in, on today's logging page. */
async function lifterLogging(browser: Browser, people: { client: Account; day: string }, proxy?: Basement["proxy"]) {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    ...(proxy === undefined ? {} : { proxy })
  })
  const page = await context.newPage()
  await openLogin(page)
  await logIn(page, people.client.email, people.client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await page.goto(`/client/workouts/${people.day}/0`)
  await expect(setGroup(page, 2).getByText("Add video")).toBeVisible()
  return { context, page }
}

/** A fingerprint of the picture the player shows (the fixture burns its own time into every frame). */
const pictureOf = (player: Locator): Promise<string> =>
  player.evaluate(async (video: Player) => {
    if (video.seeking) await new Promise((seeked) => video.addEventListener("seeked", seeked, { once: true }))
    const canvas = document.createElement("canvas")
    canvas.width = video.videoWidth
    canvas.height = video.videoHeight
    const context = canvas.getContext("2d")
    if (context === null) throw new Error("no 2d canvas")
    context.drawImage(video, 0, 0)
    let hash = 2166136261
    for (const value of context.getImageData(0, 0, canvas.width, canvas.height).data)
      hash = Math.imul(hash ^ value, 16777619) >>> 0
    return hash.toString(16)
  })

/** The player paused at `seconds`, once it is there. */
const pausedAt = (player: Locator, seconds: number): Promise<void> =>
  player.evaluate(
    (video: Player, at) =>
      new Promise<void>((seeked) => {
        video.pause()
        video.addEventListener("seeked", () => seeked(), { once: true })
        video.currentTime = at
      }),
    seconds
  )

const uploadsOf = (page: Page) => page.getByRole("complementary", { name: "Form-check uploads" })

/** The percent the status line's progress bar says, or -1 while there is none. */
const percentOf = async (bar: Locator): Promise<number> =>
  (await bar.count()) === 0 ? -1 : Number(await bar.getAttribute("aria-valuenow"))

test.setTimeout(240_000)

test("a lifter films set 2 in a basement; the coach answers at 0:02", async ({ browser, baseURL }) => {
  const origin = baseURL ?? ""
  const people = await formCheckScene(origin)
  const clip = await paddedClip(PADDING_BYTES)
  const basement = await startBasement()
  const lifter = await lifterLogging(browser, people, basement.proxy)
  const { page } = lifter
  const setTwo = setGroup(page, 2)

  // The basement: uploads crawl at 1 MB/s.
  const tus = recordTus(page)
  await watchPercents(page)
  const network = await emulatedNetwork(lifter.context, page)
  await network.throttle(UPLOAD_BYTES_PER_SECOND)
  await setTwo.getByLabel("Add video").setInputFiles(clipFile("squat-set-2.mp4", "video/mp4", clip))

  const uploads = uploadsOf(page)
  const bar = uploads.getByRole("progressbar", { name: `Uploading form check of ${EXERCISE} set 2` })
  await expect(uploads).toContainText(`Uploading form check (${EXERCISE} set 2)`)
  await expect(uploads).toContainText(/ · \d+%/)
  await expect.poll(() => percentOf(bar), { timeout: 30_000, intervals: [100] }).toBeGreaterThanOrEqual(40)
  expect(await percentOf(bar), "the cut comes before the last byte").toBeLessThan(90)

  // The signal goes halfway through.
  const beforeDrop = tus.length
  basement.cut()
  await network.offline()
  await expect(uploads.getByRole("status")).toHaveText(WAITS_FOR_CONNECTION)
  await expect(bar).toHaveCount(0)
  await expect(setTwo.getByText("Video added: it uploads when you're back online")).toBeVisible()
  await expectNoSeriousViolations(page)
  await screenshot(page, "form-check-waiting")
  await page.waitForTimeout(3_000)
  // Nothing of it is shown as a form check yet: the server holds only part of it.
  await expect(setTwo.getByText(/^Form check · /)).toHaveCount(0)
  const held = await storedVideos(origin, people, people.today)
  expect(held.map((video) => [video.status, video.sizeBytes])).toEqual([["uploading", clip.length]])
  const percentsBeforeRestore = (await percentsShown(page)).length

  // The signal returns (still slow): the upload goes on from where the server stands.
  const beforeRestore = tus.length
  basement.restore()
  await network.online(UPLOAD_BYTES_PER_SECOND)
  await expect(setTwo.getByText("Form check · 0:04")).toBeVisible({ timeout: 60_000 })
  await expect(uploads).toHaveCount(0)

  // One PATCH from the start, cut off; after the cut no new upload and nothing from byte 0.
  const cut = tus.slice(0, beforeDrop).filter((request) => request.method === "PATCH")
  expect(cut.map((request) => [request.offset, request.failed])).toEqual([[0, true]])
  const afterDrop = tus.slice(beforeDrop)
  expect(afterDrop.map((request) => request.method)).not.toContain("POST")
  expect(afterDrop.filter((request) => request.method === "PATCH" && request.offset === 0)).toEqual([])
  // Back online: a HEAD asks what the server holds, and the next PATCH starts there.
  const afterRestore = tus.slice(beforeRestore)
  const head = afterRestore.findIndex((request) => request.method === "HEAD" && request.status === 200)
  expect(head, `a HEAD answered after the network returned: ${JSON.stringify(afterRestore)}`).toBeGreaterThan(-1)
  const heldAtResume = afterRestore[head]?.answeredOffset ?? 0
  expect(heldAtResume, "the server kept what arrived before the cut").toBeGreaterThan(0)
  expect(heldAtResume).toBeLessThan(clip.length)
  const resumed = afterRestore.slice(head + 1).filter((request) => request.method === "PATCH")
  expect(resumed[0]?.offset).toBe(heldAtResume)
  expect(resumed.at(-1)?.answeredOffset).toBe(clip.length)
  // What left the phone, on the wire: the part before the cut, then only the rest.
  const patches = basement.forwarded.filter(
    (request) => request.method === "PATCH" && request.url.includes("/api/videos/uploads/")
  )
  const sentBeforeCut = patches[0]?.bytes ?? 0
  expect(sentBeforeCut, "the server cannot hold more than arrived").toBeGreaterThanOrEqual(heldAtResume)
  expect(patches.slice(1).reduce((sum, patch) => sum + patch.bytes, 0)).toBe(clip.length - heldAtResume)
  const total = patches.reduce((sum, patch) => sum + patch.bytes, 0)
  expect(total, `${total} bytes sent for a ${clip.length}-byte clip`).toBeLessThan(1.25 * clip.length)
  // And the status line counted on from what the server held, never again from the start: not
  // 0% while the HEAD is out (the outbox keeps each clip's last percent), nor 1%, 2%, ...
  const resumedPercents = (await percentsShown(page)).slice(percentsBeforeRestore)
  expect(resumedPercents.length).toBeGreaterThan(0)
  expect(
    Math.min(...resumedPercents),
    `percents shown after the network returned: ${resumedPercents.join(", ")}; held ${heldAtResume} of ${clip.length}`
  ).toBeGreaterThanOrEqual(Math.floor((heldAtResume * 100) / clip.length))
  expect(resumedPercents.at(-1)).toBe(100)

  const [stored] = await storedVideos(origin, people, people.today)
  expect(stored?.status).toBe("ready")
  expect(stored?.setId).toBe(people.setTwoId)
  expect(stored?.sizeBytes).toBe(clip.length)
  expect(stored?.mediaType).toBe("video/mp4")
  expect(Math.abs((stored?.durationMs ?? 0) - FORM_CHECK_MS)).toBeLessThan(100)
  await expectNoSeriousViolations(page)
  await screenshot(page, "form-check-lifter-uploaded")

  // The coach, at a desk, opens the client's day: the clip is under set 2.
  const coach = await signedInPage(browser, people.coach.email, people.coach.password, DESKTOP)
  const day = coach.page
  await day.goto(`/coach/workouts/${people.clientIds.id}/${people.day}`)
  const clips = day.getByRole("list", { name: `Form checks of ${EXERCISE.toLowerCase()} set 2` })
  await expect(clips).toContainText("Form check · 0:04")
  const rows = await day.getByRole("row").allInnerTexts()
  const setTwoRow = rows.findIndex((text) => text.startsWith("Set 2"))
  const clipRow = rows.findIndex((text) => text.includes("Form check · 0:04"))
  const setThreeRow = rows.findIndex((text) => text.startsWith("Set 3"))
  expect(setTwoRow).toBeGreaterThan(-1)
  expect(clipRow).toBeGreaterThan(setTwoRow)
  expect(clipRow).toBeLessThan(setThreeRow)

  await clips.getByRole("button", { name: `Watch form check of ${SET_TWO.toLowerCase()}` }).click()
  const player = day.getByLabel(`Clip of ${SET_TWO}, 0:04`)
  await expect(player).toBeVisible()
  // It plays: its length is the clip's, it has frames, and its time moves.
  await expect.poll(() => player.evaluate((video: Player) => video.readyState)).toBeGreaterThanOrEqual(1)
  expect(await player.evaluate((video: Player) => video.duration)).toBeCloseTo(FORM_CHECK_MS / 1000, 0)
  await player.evaluate(async (video: Player) => {
    video.muted = true
    await video.play()
  })
  await expect.poll(() => player.evaluate((video: Player) => video.currentTime)).toBeGreaterThan(0.5)
  expect(await player.evaluate((video: Player) => video.readyState)).toBeGreaterThanOrEqual(2)
  expect(await player.evaluate((video: Player) => video.videoWidth)).toBeGreaterThan(0)

  // To 0:02; a frame on shows the next picture, and a frame back the same one again: the coach's moment.
  await pausedAt(player, 2)
  const atTwo = await pictureOf(player)
  const review = day.getByRole("region", { name: `Form check: ${SET_TWO}` })
  await review.getByRole("button", { name: "Frame on" }).click()
  await expect.poll(() => player.evaluate((video: Player) => video.currentTime)).toBeGreaterThan(2)
  const frameOn = await pictureOf(player)
  expect(frameOn).not.toBe(atTwo)
  await review.getByRole("button", { name: "Frame back" }).click()
  await expect.poll(() => pictureOf(player)).toBe(atTwo)
  // The time the screen says is the player's.
  const seconds = Math.floor(await player.evaluate((video: Player) => video.currentTime))
  expect(seconds).toBe(2)
  await expect(review.getByText("0:02 / 0:04")).toBeVisible()
  await review.getByRole("button", { name: "Comment at 0:02" }).click()
  const field = review.getByRole("textbox", { name: "Comment at 0:02" })
  await expect(field).toBeFocused()
  await field.fill(COMMENT)
  await review.getByRole("button", { name: "Send", exact: true }).click()
  const coachList = review.getByRole("list", { name: `Coach's comments on ${SET_TWO}` })
  await expect(coachList.getByRole("listitem")).toHaveCount(1)
  await expect(coachList.getByRole("listitem")).toHaveText(`0:02${COMMENT}`)
  await expect(coachList.getByRole("button", { name: "Play from 0:02" })).toBeVisible()
  // Pinned to the picture the coach was looking at.
  const [commented] = await storedVideos(origin, people, people.today)
  expect(commented?.comments.map((comment) => comment.body)).toEqual([COMMENT])
  const atMs = commented?.comments[0]?.atMs ?? -1
  expect(clipTime(atMs)).toBe("0:02")
  await pausedAt(player, atMs / 1000)
  expect(await pictureOf(player)).toBe(atTwo)
  await expectNoSeriousViolations(day)
  await screenshot(day, "form-check-coach-commented")

  // The lifter's page, never reloaded, has it under set 2.
  const lifterList = setTwo.getByRole("list", { name: `Coach's comments on ${SET_TWO}` })
  await expect(lifterList.getByRole("listitem")).toHaveText(`0:02${COMMENT}`, { timeout: 5_000 })
  await expect(lifterList.getByRole("button", { name: "Play from 0:02" })).toBeVisible()
  await expect(setTwo.getByText("Form check · 0:04 · 1 comment")).toBeVisible()
  await expectNoSeriousViolations(page)
  await screenshot(page, "form-check-lifter-commented")

  await coach.context.close()
  await lifter.context.close()
  await basement.close()
})

test("an HEVC clip uploads, and the coach's browser that cannot play it offers the clip to download", async ({
  browser,
  baseURL
}) => {
  const origin = baseURL ?? ""
  const people = await formCheckScene(origin)
  const bytes = await readFile(HEVC_MOV)
  const lifter = await lifterLogging(browser, people)
  const setTwo = setGroup(lifter.page, 2)
  await setTwo.getByLabel("Add video").setInputFiles(HEVC_MOV)
  // Chromium cannot decode its picture; the container says how long it is.
  await expect(setTwo.getByText("Form check · 0:03")).toBeVisible({ timeout: 30_000 })
  const [stored] = await storedVideos(origin, people, people.today)
  expect(stored?.status).toBe("ready")
  expect(stored?.mediaType).toBe("video/quicktime")
  expect(stored?.sizeBytes).toBe(bytes.length)
  expect(stored?.durationMs).toBe(3000)

  // The coach's dashboard lists it, and leads to the client's day.
  const coach = await signedInPage(browser, people.coach.email, people.coach.password, DESKTOP)
  const day = coach.page
  const latest = day
    .getByRole("region", { name: "Form checks" })
    .getByRole("list", { name: "Latest form checks, newest first" })
    .getByRole("listitem")
  await expect(latest).toHaveCount(1)
  await expect(latest).toContainText(`${people.client.name} · ${SET_TWO}`)
  await expect(latest).toContainText("Form check · 0:03")
  await latest.getByRole("link", { name: /^Open .*'s / }).click()
  await expect(day).toHaveURL(at(`/coach/workouts/${people.clientIds.id}/${people.day}`))
  const clips = day.getByRole("list", { name: `Form checks of ${EXERCISE.toLowerCase()} set 2` })
  await clips.getByRole("button", { name: `Watch form check of ${SET_TWO.toLowerCase()}` }).click()
  const unplayable = day.getByRole("alert").filter({ hasText: "This browser can't play this clip" })
  await expect(unplayable).toBeVisible()
  await expect(day.locator("video")).toHaveCount(0)
  const download = unplayable.getByRole("link", { name: "Download clip" })
  const href = await download.getAttribute("href")
  expect(href).not.toBeNull()
  const fetched = await day.evaluate(async (url) => {
    const response = await fetch(url)
    const body = new Uint8Array(await response.arrayBuffer())
    let binary = ""
    for (const byte of body) binary += String.fromCharCode(byte)
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      disposition: response.headers.get("content-disposition"),
      base64: btoa(binary)
    }
  }, href ?? "")
  expect(fetched.status).toBe(200)
  expect(fetched.type).toBe("video/quicktime")
  expect(fetched.disposition).toMatch(/^attachment/)
  expect(Buffer.from(fetched.base64, "base64").equals(bytes)).toBe(true)
  await expectNoSeriousViolations(day)
  await screenshot(day, "form-check-coach-hevc")
  await coach.context.close()
  await lifter.context.close()
})
