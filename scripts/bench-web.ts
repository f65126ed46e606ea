// `npm run bench:web` (issues 7 and 16): lab loads of the built app in Chromium, as on a
// mid-range phone on gym Wi-Fi: 4x CPU slowdown, 150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up. Cold loads (empty HTTP cache, service worker bypassed) of /login and the
// signed-in dashboard; a returning client's dashboard with the service worker warm (its
// precache and the IndexedDB copy of the lifter's days filled by an earlier visit); and the
// same dashboard opened with the browser context offline. Builds, starts the real stack on
// an in-memory database, seeds the demo accounts, measures, and prints each figure against
// its goal. Figures, not assertions: nothing here fails a test run.
// Env: BENCH_RUNS (3, the median is reported), FIREBASE_AUTH_EMULATOR_HOST (reused when set;
// otherwise the script re-runs itself under `firebase emulators:exec` like `npm test`),
// BENCH_TRACE=1 (each load's timeline), BENCH_CHROME_TRACE=<dir> (Chromium's trace of each
// load; tracing slows the page, so read figures from runs without it).
import type { BrowserContext, CDPSession, Page } from "@playwright/test"
import { cpus, loadavg, totalmem } from "node:os"
import { addDays, isoToRouteDate, todayIso, type IsoDate } from "#domain/calendar.ts"
import { chromiumVersion, launchChromium, runUnderAuthEmulator, startSeededStack } from "./bench-stack.ts"
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoWorkoutFor } from "./seed.ts"

runUnderAuthEmulator("scripts/bench-web.ts")

const runs = Number(process.env.BENCH_RUNS ?? 3)

const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8
}
const CPU_SLOWDOWN = 4

/** Collects the page's own performance entries from the first byte of every document. */
const OBSERVE = `(() => {
  const m = (window.__bench = { lcp: 0, cls: 0, tbt: 0, longTasks: 0, events: [], trace: [] })
  const mark = (at, what) => m.trace.push([Math.round(at), what])
  const observe = (type, fn, extra) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true, ...extra }) } catch {}
  }
  observe("largest-contentful-paint", (e) => {
    m.lcp = e.startTime
    mark(e.startTime, "LCP " + (e.element ? e.element.tagName + " " + (e.element.textContent || "").slice(0, 40) : "?") + " size " + e.size)
  })
  observe("layout-shift", (e) => { if (!e.hadRecentInput) m.cls += e.value })
  observe("longtask", (e) => { m.longTasks += 1; m.tbt += Math.max(0, e.duration - 50); mark(e.startTime, "longtask " + Math.round(e.duration) + " ms") })
  observe("resource", (e) => { mark(e.startTime, "fetch start " + e.name.replace(location.origin, "")); mark(e.responseEnd, "fetch end   " + e.name.replace(location.origin, "")) })
  observe("paint", (e) => mark(e.startTime, e.name))
  observe("navigation", (e) => {
    for (const at of ["workerStart", "fetchStart", "responseStart", "responseEnd", "domInteractive", "domContentLoadedEventEnd"])
      if (e[at] > 0) mark(e[at], "document " + at)
  })
  observe("event", (e) => { m.events.push({ name: e.name, duration: e.duration, id: e.interactionId }) }, { durationThreshold: 16 })
})()`

interface BenchState {
  trace: Array<[number, string]>
  lcp: number
  cls: number
  tbt: number
  longTasks: number
  events: Array<{ name: string; duration: number; id: number }>
}

interface Load {
  readonly lcp: number
  readonly cls: number
  readonly tbt: number
  readonly jsBytes: number
  readonly jsFiles: number
}

/** The lab's CPU slowdown, and its network unless the context is offline (which it would undo). */
async function throttle(page: Page, network = true): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Network.enable")
  if (network) await cdp.send("Network.emulateNetworkConditions", NETWORK)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
  return cdp
}

/** JavaScript bytes on the wire (compressed bodies plus headers), counted by the browser. */
function countScripts(cdp: CDPSession): () => { bytes: number; files: number } {
  const scripts = new Set<string>()
  let bytes = 0
  let files = 0
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.add(event.requestId)
  })
  cdp.on("Network.loadingFinished", (event) => {
    if (!scripts.has(event.requestId)) return
    bytes += event.encodedDataLength
    files += 1
  })
  return () => ({ bytes, files })
}

const state = (page: Page) => page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench)

type Visit = "cold" | "returning" | "offline"

/**
 * A throttled load of `path`, measured once `ready` is visible and the page settled. "cold":
 * empty HTTP cache, service worker bypassed (a first visit); "returning": caches and service
 * worker as an earlier visit left them; "offline": the same, the context offline (only the
 * CPU is slowed down: the network conditions would put it back online).
 */
async function measureLoad(
  context: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<void>,
  visit: Visit = "cold"
): Promise<Load> {
  const page = await context.newPage()
  const cdp = await throttle(page, visit !== "offline")
  if (visit === "cold") {
    await cdp.send("Network.clearBrowserCache")
    await cdp.send("Network.setBypassServiceWorker", { bypass: true })
  }
  const scripts = countScripts(cdp)
  // BENCH_CHROME_TRACE: written to <dir>/<visit><path>.json, for Perfetto or chrome://tracing.
  const traceDir = process.env.BENCH_CHROME_TRACE
  const tracing = traceDir === undefined ? undefined : page.context().browser()
  await tracing?.startTracing(page, {
    path: `${traceDir}/${visit}${path.replaceAll("/", "_")}.json`,
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink", "loading", "v8"]
  })
  try {
    await page.goto(path, { waitUntil: "load", timeout: 120_000 })
    // Let late chunks, long tasks and the final LCP candidate land. No locator until the
    // figures are read: Playwright's locators inject its selector engine into the page, a
    // ~45 ms script (at 4x) that would be counted as the app's own blocking time.
    await page.waitForLoadState("networkidle", { timeout: 60_000 })
    await page.waitForTimeout(1_500)
    const measured = await state(page)
    await ready(page)
    // BENCH_TRACE=1: the load's timeline (fetches, long tasks, LCP candidates), to see where the time goes.
    if (process.env.BENCH_TRACE === "1")
      console.log(
        `\n${visit} ${path}\n${[...measured.trace]
          .sort((a, b) => a[0] - b[0])
          .map(([at, what]) => `${String(at).padStart(6)} ms  ${what}`)
          .join("\n")}`
      )
    await tracing?.stopTracing()
    const { bytes, files } = scripts()
    return { lcp: measured.lcp, cls: measured.cls, tbt: measured.tbt, jsBytes: bytes, jsFiles: files }
  } finally {
    await page.close()
  }
}

/**
 * Waits for the app's service worker (issue 16) to be active, so that the next
 * navigation is answered by it; "no service worker" when none is there after `seconds`.
 */
async function serviceWorkerActive(page: Page, seconds = 30): Promise<boolean> {
  for (let waited = 0; waited < seconds; waited++) {
    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return registration?.active?.state === "activated"
    })
    if (active) return true
    await page.waitForTimeout(1_000)
  }
  return false
}

/** The IndexedDB databases the origin holds (the device copy of the lifter's days among them, once it exists). */
const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? "?").sort())

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** The nearest day from today on with a seeded workout (scripts/seed.ts schedules Mon/Wed/Fri). */
function seededDay(today: IsoDate): IsoDate {
  for (let day = today; ; day = addDays(day, 1)) if (demoWorkoutFor(day) !== undefined) return day
}

const server = await startSeededStack("strength-bench-web-dist")
const client = DEMO_ACCOUNTS.users[1]
const loggingPath = `/client/workouts/${isoToRouteDate(seededDay(todayIso(new Date())))}/0`

const browser = await launchChromium()
const loadsBefore = loadavg()

const loginLoads: Array<Load> = []
const dashboardLoads: Array<Load> = []
/** A figure, or why there is none (no service worker: the browser's offline page). */
const returningLoads: Array<Load | string> = []
const offlineLoads: Array<Load | string> = []
const serviceWorkers: Array<boolean> = []
let storedDatabases: ReadonlyArray<string> = []
const NEXT_WORKOUT = /Next Workout/
const editDurations: Array<number> = []
const doneDurations: Array<number> = []
// Seven per run: the default three runs give the worst of 21 of each.
const SAMPLE_DIGITS = ["5", "6", "7", "8", "9", "4", "3"]
try {
  for (let run = 0; run < runs; run++) {
    // Signed out: a fresh context has an empty cache and no session.
    const signedOut = await browser.newContext({ baseURL: server.url })
    await signedOut.addInitScript(OBSERVE)
    loginLoads.push(
      await measureLoad(signedOut, "/login", (page) => page.getByRole("button", { name: "Log In" }).waitFor())
    )
    await signedOut.close()

    // Signed in: sign in unthrottled (the session lands in IndexedDB), let the dashboard
    // fill the device copy and the service worker install, then load the dashboard cold
    // (HTTP cache cleared, worker bypassed), as a returning client, and offline.
    const signedIn = await browser.newContext({ baseURL: server.url })
    await signedIn.addInitScript(OBSERVE)
    // The live event stream (issue 17) stays open by design, so the page would never be
    // network-idle; it starts after the first paint and is refused here, which the app
    // takes as a dropped stream and retries later.
    await signedIn.route(/\/beta\/api\/events/, (route) => route.abort())
    const page = await signedIn.newPage()
    await page.goto("/login")
    await page.getByLabel("Email").fill(client.email)
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole("button", { name: "Log In" }).click()
    await page.waitForURL(/\/client\/dashboard/, { timeout: 60_000 }).catch(async (error: unknown) => {
      const root = await page.locator("#root").evaluate((element) => element.outerHTML.slice(0, 600))
      throw new Error(`signing in stopped at ${page.url()}: ${root}`, { cause: error })
    })
    await page.getByText(NEXT_WORKOUT).first().waitFor({ timeout: 60_000 })
    await page.waitForLoadState("networkidle", { timeout: 60_000 })
    const worker = await serviceWorkerActive(page)
    serviceWorkers.push(worker)
    storedDatabases = await databases(page)
    await page.close()
    dashboardLoads.push(
      await measureLoad(signedIn, "/client/dashboard", (p) => p.getByRole("heading").first().waitFor())
    )

    // The next workout on screen is what a returning or offline open is for.
    const nextWorkout = (p: Page) => p.getByText(NEXT_WORKOUT).first().waitFor({ timeout: 30_000 })
    const attempt = async (visit: Visit, into: Array<Load | string>) => {
      try {
        into.push(await measureLoad(signedIn, "/client/dashboard", nextWorkout, visit))
      } catch (error) {
        into.push(`${worker ? "" : "no service worker; "}${String(error).split("\n")[0] ?? ""}`)
      }
    }
    await attempt("returning", returningLoads)
    await signedIn.setOffline(true)
    await attempt("offline", offlineLoads)
    await signedIn.setOffline(false)

    // A set edit and a "done" tap in the logging pager, under the same CPU slowdown: the
    // longest event of typing one digit, and of tapping a set's Done button (which logs
    // the whole set and starts the rest timer). Entries under 16 ms are not reported at all.
    const logging = await signedIn.newPage()
    await logging.goto(loggingPath)
    const field = logging.locator(".set-logger input").first()
    await field.waitFor({ timeout: 60_000 })
    await throttle(logging)
    const longestOf = async (names: ReadonlyArray<string>, act: () => Promise<void>) => {
      await logging.evaluate(() => {
        ;(window as unknown as { __bench: BenchState }).__bench.events = []
      })
      await act()
      await logging.waitForTimeout(500)
      const { events } = await state(logging)
      return Math.max(0, ...events.filter((e) => names.includes(e.name)).map((e) => e.duration))
    }
    for (const digit of SAMPLE_DIGITS) {
      await field.fill("")
      await field.focus()
      editDurations.push(
        await longestOf(["keydown", "keypress", "beforeinput", "input", "keyup"], () => logging.keyboard.press(digit))
      )
    }
    const done = logging.getByRole("button", { name: /^Mark set \d+ done$/ }).first()
    for (let tap = 0; tap < SAMPLE_DIGITS.length; tap++) {
      doneDurations.push(
        await longestOf(["pointerdown", "pointerup", "mousedown", "mouseup", "click"], () => done.click())
      )
    }
    await signedIn.close()
  }
} finally {
  await browser.close()
  await server.close()
}

const loadsAfter = loadavg()
const runFigures = (load: Load) => `${Math.round(load.lcp)}/${Math.round(load.tbt)}`
const runOrReason = (load: Load | string) => (typeof load === "string" ? `(${load})` : runFigures(load))
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const ms = (value: number) => `${Math.round(value)} ms`
const rows: Array<[string, string, string, boolean]> = []
for (const [name, loads, lcpGoal] of [
  ["/login (cold)", loginLoads, 1200],
  ["/client/dashboard (signed in, cold)", dashboardLoads, 2000]
] as const) {
  const lcp = median(loads.map((l) => l.lcp))
  const cls = median(loads.map((l) => l.cls))
  const tbt = median(loads.map((l) => l.tbt))
  const js = median(loads.map((l) => l.jsBytes))
  const files = median(loads.map((l) => l.jsFiles))
  rows.push([`${name} LCP`, ms(lcp), `<= ${lcpGoal} ms`, lcp > 0 && lcp <= lcpGoal])
  rows.push([`${name} CLS`, cls.toFixed(3), "<= 0.02", cls <= 0.02])
  rows.push([`${name} total blocking time`, ms(tbt), "<= 150 ms", tbt <= 150])
  const jsGoal = name.startsWith("/login") ? 175 : 210
  rows.push([`${name} JS transferred (br, ${files} files)`, kib(js), `<= ${jsGoal} KiB gzip`, js <= jsGoal * 1024])
}
// Issue 16: with the service worker warm; the goal of an offline open is that it renders.
const measuredOnly = (loads: ReadonlyArray<Load | string>) => loads.filter((l): l is Load => typeof l !== "string")
for (const [name, loads, lcpGoal] of [
  ["/client/dashboard (returning, worker warm)", returningLoads, 600],
  ["/client/dashboard (offline open, worker warm)", offlineLoads, undefined]
] as const) {
  const measured = measuredOnly(loads)
  const missing = loads.length - measured.length
  const goal = lcpGoal === undefined ? "renders offline" : `<= ${lcpGoal} ms`
  if (measured.length === 0) {
    rows.push([`${name} LCP`, "none", goal, false])
    continue
  }
  const lcp = median(measured.map((l) => l.lcp))
  const met = missing === 0 && lcp > 0 && (lcpGoal === undefined || lcp <= lcpGoal)
  rows.push([`${name} LCP${missing === 0 ? "" : ` (${missing} of ${loads.length} failed)`}`, ms(lcp), goal, met])
  rows.push([
    `${name} CLS`,
    median(measured.map((l) => l.cls)).toFixed(3),
    "<= 0.02",
    median(measured.map((l) => l.cls)) <= 0.02
  ])
  rows.push([
    `${name} total blocking time`,
    ms(median(measured.map((l) => l.tbt))),
    "<= 150 ms",
    median(measured.map((l) => l.tbt)) <= 150
  ])
}
for (const [name, durations] of [
  ["set edit in the logging pager", editDurations],
  ['"done" tap in the logging pager', doneDurations]
] as const) {
  const worst = Math.max(...durations)
  rows.push([
    `${name} (Event Timing, worst of ${durations.length})`,
    worst === 0 ? "< 16 ms" : ms(worst),
    "<= 50 ms",
    worst <= 50
  ])
}
const width = Math.max(...rows.map((r) => r[0].length))
console.log(`\n${"figure".padEnd(width)}  ${"measured".padStart(10)}  ${"goal".padEnd(18)}  met`)
for (const [name, value, goal, met] of rows)
  console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${goal.padEnd(18)}  ${met ? "yes" : "NO"}`)
console.log(
  `\nmedian of ${runs} runs; 4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up; cold: empty HTTP cache, worker bypassed` +
    `\nservice worker: ${serviceWorkers.every(Boolean) ? "active" : serviceWorkers.some(Boolean) ? "active in some runs" : "no service worker"}; IndexedDB: ${storedDatabases.join(", ") || "none"}` +
    `\nmachine: ${cpus().length} x ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${chromiumVersion()}` +
    `\nload average (1/5/15 min): before ${loadsBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadsAfter.map((l) => l.toFixed(2)).join(" ")}` +
    `\nset edits measured: ${editDurations.map((d) => (d === 0 ? "<16" : Math.round(d))).join(", ")} ms` +
    `\ndone taps measured: ${doneDurations.map((d) => (d === 0 ? "<16" : Math.round(d))).join(", ")} ms` +
    `\nruns (LCP/TBT ms): /login ${loginLoads.map(runFigures).join(", ")}; dashboard ${dashboardLoads.map(runFigures).join(", ")}` +
    `; returning ${returningLoads.map(runOrReason).join(", ")}; offline ${offlineLoads.map(runOrReason).join(", ")}`
)
