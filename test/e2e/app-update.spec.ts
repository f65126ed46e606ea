import { expect, test, type Page } from "@playwright/test"
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { extname, join, normalize } from "node:path"
import { build } from "vite"
import config from "../../vite.config.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { distDir } from "./support/run-folders.ts"

/*
 * An app update never serves a new chunk to old HTML (docs/decisions/026). Version A is the
 * build the suite runs (./support/run-folders.ts); version B is the same app built again with a comment
 * before every chunk, so every chunk's name changes. A small static server serves one of
 * the two folders; swapping it to B is a deploy in which A's chunks are gone from the server.
 * Only our own code is exercised: /login and /signup make no API call.
 */

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png"
}

/** Serves `folder()` as a deploy would: files as they are, any other path the SPA shell, no HTTP caching. */
function staticServer(folder: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname))
    const named = join(folder(), path)
    const isFile = existsSync(named) && statSync(named).isFile()
    const prerendered = `${named}.html`
    const file = isFile
      ? named
      : path.startsWith("/assets/")
        ? undefined
        : existsSync(prerendered)
          ? prerendered
          : join(folder(), "index.html")
    if (file === undefined) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, {
      "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-cache"
    })
    response.end(readFileSync(file))
  })
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)))
}

/** The build's own scripts and stylesheets, by URL path. */
const assetsOf = (folder: string): ReadonlySet<string> =>
  new Set(
    readdirSync(join(folder, "assets"))
      .filter((name) => /\.(?:js|css)$/.test(name))
      .map((name) => `/assets/${name}`)
  )

/** Every script the page has loaded so far (from the network or the service worker). */
const scriptsLoaded = (page: Page): Promise<Array<string>> =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/assets/") && path.endsWith(".js"))
  )

let root: string
let versionA: string
let versionB: string
let serving: string
let server: Server

test.beforeAll(async () => {
  test.setTimeout(180_000)
  root = mkdtempSync(join(tmpdir(), "app-update-"))
  versionA = join(root, "a")
  versionB = join(root, "b")
  cpSync(distDir, versionA, { recursive: true })
  const output = config.build?.rolldownOptions?.output
  await build({
    ...config,
    configFile: false,
    logLevel: "warn",
    build: {
      ...config.build,
      outDir: versionB,
      emptyOutDir: true,
      rolldownOptions: {
        ...config.build?.rolldownOptions,
        // After minifying, so it stays, and before hashing, so every chunk's name changes.
        output: { ...(Array.isArray(output) ? undefined : output), postBanner: "/* version B */" }
      }
    }
  })
  serving = versionA
  server = await staticServer(() => serving)
})

test.afterAll(() => {
  server.close()
  rmSync(root, { recursive: true, force: true })
})

test("an update waits, keeps the open app on its own chunks, and switches whole when the lifter presses Update", async ({
  page,
  context
}) => {
  test.setTimeout(120_000)
  const a = assetsOf(versionA)
  const b = assetsOf(versionB)
  const onlyA = [...a].filter((path) => !b.has(path))
  const onlyB = [...b].filter((path) => !a.has(path))
  expect(onlyA.length, "version B renames A's chunks").toBeGreaterThan(10)
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  // Version A installs its worker on the first visit and takes the page that installed it.
  await page.goto(`${origin}/login`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in")
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  // Version B is deployed: A's chunks are gone from the server. The open app finds it when
  // it is next shown (an installed app is brought back from the background, not reloaded).
  serving = versionB
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")))
  await expect(page.getByText("A new version is ready.")).toBeVisible({ timeout: 30_000 })

  // Opened again without pressing Update (a second tab), the app is still A, whole, and offers B.
  const other = await context.newPage()
  await other.goto(`${origin}/login`)
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Sign in")
  await expect(other.getByText("A new version is ready.")).toBeVisible({ timeout: 30_000 })
  // A screen not opened yet still comes from A: its chunk from A's precache, not B's from the server.
  await other.getByRole("link", { name: /sign up/i }).click()
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Sign up")
  const underA = await scriptsLoaded(other)
  expect(underA.length).toBeGreaterThan(3)
  expect(underA.filter((path) => !a.has(path))).toEqual([])
  expect(underA.some((path) => onlyA.includes(path))).toBe(true)
  await expectNoSeriousViolations(other)

  // Update in the first tab: it loads once more, on B's HTML and B's chunks only, and so
  // does the other tab, whose HTML was A's too.
  const otherReloaded = other.waitForEvent("load")
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Update" }).click()])
  await otherReloaded
  for (const [tab, heading] of [
    [page, "Sign in"],
    [other, "Sign up"]
  ] as const) {
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(heading)
    const underB = await scriptsLoaded(tab)
    expect(underB.filter((path) => !b.has(path))).toEqual([])
    expect(underB.some((path) => onlyB.includes(path))).toBe(true)
    await expect(tab.getByText("A new version is ready.")).toHaveCount(0)
  }
})
