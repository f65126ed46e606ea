/**
 * Done means done (docs/decisions/039-done-means-done.md), on a phone with touch: what a
 * lifter types ahead is a draft, kept on the phone across a reload, marked as a draft and
 * never sent; Done logs the set (the server holds it), Undo takes it back (the server
 * holds nothing for it), Done with an empty weight asks first, and a Done made offline
 * arrives once the network is back. Real Chromium, the real server and service worker,
 * the Auth emulator; what the server holds is read through the API.
 */
import { expect, test, type Page } from "@playwright/test"
import { isoToRouteDate, type IsoDate } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, type CoachedClient } from "./support/api.ts"
import { coachedWorkoutToday, prescribed, setGroup } from "./support/logging.ts"
import { at, logIn, openLogin } from "./support/screens.ts"
import { PHONE } from "./support/viewports.ts"

/** A coach with one client and today's squat: two sets of 5 at 100 lb. */
const squatToday = (baseURL: string) =>
  coachedWorkoutToday(baseURL, [{ name: "Squat", sets: [0, 1].map((set) => ({ set, ...prescribed(5, 100) })) }])

type HeldSet = { set: number; weight: number | null; reps: number | null; rir: number | null }
/** What the server holds for the squat's set `index` (0-based), read as the coach; undefined: no result. */
async function heldFor(baseURL: string, people: CoachedClient, today: IsoDate, index: number) {
  const rows = (await api(
    baseURL,
    people.coachIds.token,
    "GET",
    `/api/workoutResults/${people.clientIds.id}?from=${today}&to=${today}`
  )) as ReadonlyArray<HeldSet>
  const row = rows.find((held) => held.set === index)
  return row === undefined || (row.weight === null && row.reps === null && row.rir === null)
    ? undefined
    : { weight: row.weight, reps: row.reps, rir: row.rir }
}

/** The drafts this phone keeps (their own database), as the page's own IndexedDB holds them. */
const draftsOnThePhone = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ typed: Record<string, string> }>>((resolve, reject) => {
        const open = indexedDB.open("strength-coach-drafts")
        open.onerror = () => reject(open.error ?? new Error("no outbox"))
        open.onsuccess = () => {
          const read = open.result.transaction("drafts").objectStore("drafts").getAll()
          read.onsuccess = () => {
            open.result.close()
            resolve(
              (read.result as Array<{ kind?: string; typed: Record<string, string> }>).filter((r) => r.kind === "draft")
            )
          }
          read.onerror = () => reject(read.error ?? new Error("unreadable"))
        }
      })
  )

test.describe("on a phone with touch", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test("typing ahead is a draft; Done logs, Undo unlogs, an empty weight asks, an offline Done arrives once", async ({
    page,
    context,
    baseURL
  }) => {
    test.setTimeout(180_000)
    const base = baseURL ?? ""
    const people = await squatToday(base)
    const { today } = people
    await openLogin(page)
    await logIn(page, people.client.email, people.client.password)
    await expect(page).toHaveURL(at("/client/dashboard"))
    // The service worker in control, so the page reloads with no network later on.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.goto(`/client/workouts/${isoToRouteDate(today)}/0`)
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

    // Set 2 typed ahead: a draft, said so, kept on the phone, never sent.
    const second = setGroup(page, 2)
    await expect(second.getByLabel("Weight (lbs)")).toHaveValue("100")
    await second.getByLabel("Weight (lbs)").fill("110")
    await expect(second.getByText("Draft — not logged yet")).toBeVisible()
    await expect(second.getByRole("button", { name: "Mark set 2 done" })).toHaveText("Done")
    await expect(second.getByText(/Logged|Saved/)).toHaveCount(0)
    await expectNoSeriousViolations(page)
    await expect
      .poll(async () => (await draftsOnThePhone(page)).map((draft) => draft.typed))
      .toEqual([{ weight: "110" }])
    await page.reload()
    await expect(setGroup(page, 2).getByLabel("Weight (lbs)")).toHaveValue("110")
    await expect(setGroup(page, 2).getByText("Draft — not logged yet")).toBeVisible()
    expect(await heldFor(base, people, today, 1)).toBeUndefined()

    // Done: the server holds the set; the button now undoes it, and says so.
    await setGroup(page, 2).getByRole("button", { name: "Mark set 2 done" }).tap()
    await expect(setGroup(page, 2).getByText("Logged", { exact: true })).toBeVisible()
    expect(await heldFor(base, people, today, 1)).toEqual({ weight: 110, reps: 5, rir: null })
    await expect(setGroup(page, 2).getByRole("button", { name: "Undo set 2" })).toBeVisible()
    await expect.poll(async () => (await draftsOnThePhone(page)).length).toBe(0)
    await expectNoSeriousViolations(page)

    // Undo: the server holds nothing for it; the values stay, as a draft.
    await setGroup(page, 2).getByRole("button", { name: "Undo set 2" }).tap()
    await expect(setGroup(page, 2).getByText("Draft — not logged yet")).toBeVisible()
    await expect(setGroup(page, 2).getByLabel("Weight (lbs)")).toHaveValue("110")
    await expect.poll(() => heldFor(base, people, today, 1)).toBeUndefined()
    await expect(setGroup(page, 2).getByRole("button", { name: "Mark set 2 done" })).toBeVisible()

    // Done with the weight emptied asks first; Cancel logs nothing, Log anyway logs it without.
    const first = setGroup(page, 1)
    await first.getByLabel("Weight (lbs)").fill("")
    await first.getByRole("button", { name: "Mark set 1 done" }).tap()
    const ask = first.getByRole("alertdialog", { name: "No weight entered. Log this set without a weight?" })
    await expect(ask).toBeVisible()
    await expect(ask.getByRole("button", { name: "Log anyway" })).toBeFocused()
    await expectNoSeriousViolations(page)
    await ask.getByRole("button", { name: "Cancel" }).tap()
    await expect(ask).toHaveCount(0)
    await expect(first.getByRole("button", { name: "Mark set 1 done" })).toBeFocused()
    expect(await heldFor(base, people, today, 0)).toBeUndefined()
    await first.getByRole("button", { name: "Mark set 1 done" }).tap()
    await ask.getByRole("button", { name: "Log anyway" }).tap()
    await expect(first.getByText("Logged", { exact: true })).toBeVisible()
    expect(await heldFor(base, people, today, 0)).toEqual({ weight: null, reps: 5, rir: null })

    // Offline, set 2 done: kept on the phone across a reload; online, it arrives once.
    await context.setOffline(true)
    await setGroup(page, 2).getByRole("button", { name: "Mark set 2 done" }).tap()
    await expect(setGroup(page, 2).getByText("Waiting to sync")).toBeVisible({ timeout: 20_000 })
    await expect(setGroup(page, 2).getByText("Logged", { exact: true })).toHaveCount(0)
    await page.reload()
    await expect(setGroup(page, 2).getByLabel("Weight (lbs)")).toHaveValue("110")
    expect(await heldFor(base, people, today, 1)).toBeUndefined()
    await context.setOffline(false)
    await expect
      .poll(() => heldFor(base, people, today, 1), { timeout: 30_000 })
      .toEqual({ weight: 110, reps: 5, rir: null })
    await expect(setGroup(page, 2).getByText("Logged", { exact: true })).toBeVisible({ timeout: 30_000 })
    const rows = (await api(
      base,
      people.coachIds.token,
      "GET",
      `/api/workoutResults/${people.clientIds.id}?from=${today}&to=${today}`
    )) as ReadonlyArray<HeldSet>
    expect(rows.filter((row) => row.set === 1)).toHaveLength(1)
  })
})
