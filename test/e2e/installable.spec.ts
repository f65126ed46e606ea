import { expect, test, type Page } from "@playwright/test"

/*
 * Installable, the way Lighthouse and Chromium's install prompt judge it, checked in the
 * browser (docs/decisions/026): the page links a web manifest with the fields and icons an
 * install needs, every icon is fetched and decodes at its declared size, a service worker
 * with scope "/" controls the page, and that worker answers a reload with no network.
 */

interface ManifestIcon {
  readonly src: string
  readonly sizes: string
  readonly type?: string
  readonly purpose?: string
}

interface WebManifest {
  readonly id?: string
  readonly name?: string
  readonly short_name?: string
  readonly start_url?: string
  readonly scope?: string
  readonly display?: string
  readonly theme_color?: string
  readonly background_color?: string
  readonly icons?: ReadonlyArray<ManifestIcon>
}

/** Fetches the image at `url` in the page and decodes it as the browser would; its pixel size. */
const decodedSize = (page: Page, url: string) =>
  page.evaluate(async (href) => {
    const response = await fetch(href)
    const bitmap = await createImageBitmap(await response.blob())
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      size: `${bitmap.width}x${bitmap.height}`
    }
  }, url)

test("the app can be installed: a manifest with its fields and decodable icons, and an Apple touch icon", async ({
  page
}) => {
  await page.goto("/login")
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute("href")
  expect(manifestUrl).not.toBeNull()
  const manifest = await page.evaluate(async (href) => {
    const response = await fetch(href)
    return (await response.json()) as unknown
  }, manifestUrl ?? "")
  expect(manifest).toMatchObject({
    id: "/",
    name: "Strength Coach",
    short_name: "Strength",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#1f4fd1"
  })
  const { icons = [], background_color } = manifest as WebManifest
  expect(background_color).toMatch(/^#[0-9a-f]{6}$/i)
  for (const size of ["192x192", "512x512"]) {
    for (const purpose of ["any", "maskable"]) {
      const icon = icons.find((i) => i.sizes === size && (i.purpose ?? "any").split(" ").includes(purpose))
      expect(icon, `a ${size} icon for ${purpose}`).toBeDefined()
    }
  }
  for (const icon of icons) {
    const decoded = await decodedSize(page, new URL(icon.src, page.url()).href)
    expect(decoded, icon.src).toEqual({ status: 200, type: "image/png", size: icon.sizes })
  }

  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")
  expect(await decodedSize(page, new URL(appleIcon ?? "", page.url()).href)).toEqual({
    status: 200,
    type: "image/png",
    size: "180x180"
  })
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes")
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1f4fd1")
})

test("a service worker with scope / controls the app, and opens it with no network, never answering the API", async ({
  page,
  context,
  baseURL
}) => {
  await page.goto("/login")
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(scope).toBe(`${baseURL}/`)
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in")
  // A screen never opened online: its HTML and chunks were precached with the rest.
  await page.goto("/forgot-password")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot password")
  // The API is never answered from a cache: offline, its calls fail.
  const apiCall = await page.evaluate(() =>
    fetch("/beta/api/user", { headers: { accept: "application/json" } }).then(
      (response) => `answered ${response.status}`,
      () => "failed"
    )
  )
  expect(apiCall).toBe("failed")
  await expect(page.goto("/beta/docs")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
  await context.setOffline(false)
})
