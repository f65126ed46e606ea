/**
 * Signing out leaves nothing of the person on the device (docs/decisions/027):
 * after a client has used the app (the dashboard, a workout page, a logged set, and one
 * more set logged offline that has not reached the coach), 'Log Out' first asks about the
 * unsent set, and once they sign out anyway, no IndexedDB record, cache entry,
 * localStorage or sessionStorage item holds their id, email, name, exercise names or
 * logged values. Only the service worker's precache of the app shell may remain.
 */
import { expect, test, type Page } from "@playwright/test"
import { isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

const PHONE = { width: 390, height: 844 }

/** Everything the page's origin keeps in the browser, as text. */
const deviceContents = (page: Page) =>
  page.evaluate(async () => {
    const databases = await Promise.all(
      (await indexedDB.databases()).map(
        ({ name }) =>
          new Promise<{ name: string; stores: Record<string, unknown[]> }>((resolve, reject) => {
            const open = indexedDB.open(name ?? "")
            open.onerror = () => reject(open.error ?? new Error(`${name} could not be opened`))
            open.onsuccess = () => {
              const db = open.result
              const names = Array.from(db.objectStoreNames)
              if (names.length === 0) {
                resolve({ name: name ?? "", stores: {} })
                return
              }
              const tx = db.transaction(names)
              const stores: Record<string, unknown[]> = {}
              names.forEach((store) => {
                const all = tx.objectStore(store).getAll()
                all.onsuccess = () => {
                  stores[store] = all.result as unknown[]
                }
              })
              tx.oncomplete = () => {
                db.close()
                resolve({ name: name ?? "", stores })
              }
            }
          })
      )
    )
    const cacheNames = await caches.keys()
    const cached = await Promise.all(
      cacheNames.map(async (cacheName) => {
        const cache = await caches.open(cacheName)
        const requests = await cache.keys()
        const bodies = await Promise.all(requests.map(async (request) => (await cache.match(request))?.text() ?? ""))
        return { cacheName, urls: requests.map((request) => request.url), bodies }
      })
    )
    const dump = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? "").map((k) => [k, storage.getItem(k)])
      )
    return { databases, cached, local: dump(localStorage), session: dump(sessionStorage) }
  })

test.use({ viewport: PHONE })

test("signing out asks about an unsent set, then leaves nothing of the client on the device", async ({
  page,
  context,
  baseURL
}) => {
  test.setTimeout(120_000)
  const { client, coachIds, clientIds } = await coachAndClient(baseURL ?? "")
  const today = todayIso(new Date())
  await api(baseURL ?? "", coachIds.token, "POST", "/api/workout", {
    clientId: clientIds.id,
    date: today,
    workout: [
      {
        name: "Basement Tempo Squat",
        sets: [
          { set: 0, amsap: false, fields: [{ name: "reps", value: 5 }] },
          { set: 1, amsap: false, fields: [{ name: "reps", value: 5 }] }
        ]
      }
    ]
  })
  await openLogin(page)
  await logIn(page, client.email, client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await expect(page.getByText("Basement Tempo Squat")).toBeVisible()

  // A workout page, and a set logged and saved.
  await page.goto(`/client/workouts/${isoToRouteDate(today)}`)
  await expect(page.getByRole("heading", { name: "Basement Tempo Squat" })).toBeVisible()
  await page.getByRole("link", { name: "Start workout" }).click()
  const set = (n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })
  await set(1).getByLabel("Weight (lbs)").fill("137.5")
  await set(1).getByLabel("Reps").fill("5")
  await set(1).getByRole("button", { name: "Mark set 1 done" }).click()
  await expect(set(1).getByText("Logged", { exact: true })).toBeVisible({ timeout: 20_000 })

  // Another set logged offline: it waits in the outbox.
  await context.setOffline(true)
  await set(2).getByLabel("Weight (lbs)").fill("142.5")
  await set(2).getByLabel("Reps").fill("4")
  await set(2).getByRole("button", { name: "Mark set 2 done" }).click()
  await expect(set(2).getByText("Waiting to sync")).toBeVisible()
  const before = JSON.stringify(await deviceContents(page))
  expect(before).toContain("Basement Tempo Squat")
  expect(before).toContain("142.5")

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click()
  await page.getByRole("button", { name: "Log Out" }).click()
  const question = page.getByRole("alertdialog")
  await expect(question).toHaveText(
    /1 logged set has not reached your coach yet\. Signing out deletes it from this device\./
  )
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: "test-results/offline-signout/question-phone.png", fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: "test-results/offline-signout/question-desktop.png", fullPage: true })
  await page.setViewportSize(PHONE)
  // Staying keeps everything; asked again, signing out anyway erases it.
  await page.getByRole("button", { name: "Stay signed in" }).click()
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible()
  expect(JSON.stringify(await deviceContents(page))).toContain("142.5")
  await page.getByRole("button", { name: "Log Out" }).click()
  await page.getByRole("button", { name: "Sign out anyway" }).click()
  await expect(page).toHaveURL(at("/login"))
  await context.setOffline(false)

  const after = await deviceContents(page)
  // The precache holds the app's own code, which may hold any number: its bodies are
  // searched for who the client is and what they named; everything else for all of it.
  const everything = JSON.stringify(after)
  const stored = JSON.stringify({ ...after, cached: after.cached.map(({ cacheName, urls }) => ({ cacheName, urls })) })
  for (const personal of [client.email, client.name, "Basement Tempo Squat"]) {
    expect(everything, `${personal} is left on the device`).not.toContain(personal)
  }
  for (const value of ["137.5", "142.5", "strength-coach:signed-in-user"]) {
    expect(stored, `${value} is left on the device`).not.toContain(value)
  }
  expect(stored, "the client's id is left on the device").not.toMatch(
    new RegExp(`(?<![\\w.-])${clientIds.id}(?![\\w.-])`)
  )
  // The app's own stores are empty; only the precached app shell may be cached.
  for (const { name, stores } of after.databases) {
    if (name.startsWith("strength-coach")) expect(Object.values(stores).flat(), name).toEqual([])
  }
  for (const { cacheName, urls } of after.cached) {
    expect(cacheName).toMatch(/^workbox-precache/)
    expect(urls.filter((url) => url.includes("/api/"))).toEqual([])
  }
  expect(Object.keys(after.local).filter((key) => key.startsWith("strength-coach"))).toEqual([])
  expect(Object.keys(after.session).filter((key) => key.startsWith("strength-coach"))).toEqual([])
})
