import { expect, type Page } from "@playwright/test"
import type { CoachedClient } from "./api.ts"
import { at, logIn, openLogin } from "./screens.ts"

/** The service worker in control of the page, so a reload with no network still opens the app. */
export async function withTheAppInstalled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // The worker controls the pages opened after it is ready.
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** The client signed in on their dashboard, with the app installed. */
export async function signInWithTheAppInstalled(page: Page, people: CoachedClient) {
  await openLogin(page)
  await logIn(page, people.client.email, people.client.password)
  await expect(page).toHaveURL(at("/client/dashboard"))
  await withTheAppInstalled(page)
  await expect(page).toHaveURL(at("/client/dashboard"))
}

/** The unit the lifter's device copy keeps for them, once the server has answered it (docs/decisions/038). */
export const copiedUnit = (page: Page, clientId: number) =>
  page.evaluate(async (key) => {
    // Opening a database that is not there would create an empty one the app then could not upgrade.
    const names = (await indexedDB.databases()).map((database) => database.name)
    if (!names.includes("strength-coach-device-copy")) return null
    return new Promise<string | null>((resolve) => {
      const opening = indexedDB.open("strength-coach-device-copy")
      opening.onerror = () => resolve(null)
      opening.onsuccess = () => {
        const db = opening.result
        if (!db.objectStoreNames.contains("days")) {
          db.close()
          resolve(null)
          return
        }
        const read = db.transaction("days").objectStore("days").get(key)
        read.onerror = () => resolve(null)
        read.onsuccess = () => {
          const kept = read.result as { preferences?: { value?: { unit?: string } } | null } | undefined
          db.close()
          resolve(kept?.preferences?.value?.unit ?? null)
        }
      }
    })
  }, String(clientId))
