// `npm run bench:import` (the goals: "a 10-year logbook (50,000 sets) parses and previews in
// under 10 s at 4x CPU, and the page stays responsive", and the server's stored sets per
// second). Part one, in Chromium with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate):
// the demo lifter on their profile picks a 50,000-set Strong export, timed from the pick to
// the preview's heading, with the page's long tasks (main thread busy > 50 ms) counted while
// the worker reads. Part two, through the real HTTP handler: the same logbook read in node as
// the worker reads it, sent chunk by chunk as the page sends it, on PGlite and, when
// DATABASE_URL is set (or PostgreSQL answers on 127.0.0.1:5432), on PostgreSQL in a schema of
// its own, dropped at the end. Figures, not assertions: nothing here fails.
// Env: BENCH_SETS (50000), FIREBASE_AUTH_EMULATOR_HOST (reused when set).
import Papa from "papaparse"
import { writeFile } from "node:fs/promises"
import { cpus, tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import pg from "pg"
import { toFirebaseUid } from "#domain/firebase-uid.ts"
import { detectFormat, makeLogbookReader } from "#domain/import-formats/logbook-reader.ts"
import { importChunks, suggestMapping } from "#domain/import-plan.ts"
import type { TokenVerifier } from "#server/auth/token-verifier.ts"
import { dropPostgresSchema } from "#server/db/client.ts"
import { users } from "#server/db/schema.ts"
import { startServer } from "#server/main.ts"
import { strongLogbook } from "#test/fixtures/imports/make-strong-logbook.ts"
import { chromiumVersion, launchChromium, runUnderAuthEmulator, startSeededStack } from "./bench-stack.ts"
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed.ts"

runUnderAuthEmulator("scripts/bench-import.ts")

const SETS = Number(process.env.BENCH_SETS ?? 50_000)
const CPU_SLOWDOWN = 4
const GOAL_MS = 10_000

const text = strongLogbook(SETS)
const file = join(tmpdir(), `bench-import-${SETS}.csv`)
await writeFile(file, text)
console.log(
  `bench:import: a Strong export of ${SETS.toLocaleString("en-US")} sets, ${(text.length / 1e6).toFixed(1)} MB`
)

/* ---------- Part one: the page ---------- */

const LONG_TASKS = `(() => {
  const seen = (window.__longTasks = [])
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) seen.push(entry.duration) })
    .observe({ type: "longtask" })
})()`

const stack = await startSeededStack("strength-bench-import-dist")
const browser = await launchChromium()
let previewMs = NaN
let longTasks: Array<number> = []
try {
  const [, lifter] = DEMO_ACCOUNTS.users
  const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto("/login")
  await page.getByLabel("Email").fill(lifter.email)
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole("button", { name: "Log In" }).click()
  await page.waitForURL(/\/client\/dashboard/, { timeout: 60_000 })
  await page.goto("/client/profile")
  const picker = page.getByLabel("Choose a CSV file")
  await picker.waitFor({ timeout: 60_000 })
  await page.evaluate(LONG_TASKS)
  const cdp = await context.newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
  const start = performance.now()
  await picker.setInputFiles(file)
  await page.getByRole("heading", { name: "Before anything is stored" }).waitFor({ timeout: 120_000 })
  previewMs = performance.now() - start
  longTasks = await page.evaluate(() => (window as unknown as { __longTasks: Array<number> }).__longTasks)
  await context.close()
} finally {
  await browser.close()
  await stack.close()
}
const blocking = longTasks.reduce((total, ms) => total + Math.max(0, ms - 50), 0)
console.log(`\nParse and preview in the page, ${chromiumVersion()}, CPU slowed ${CPU_SLOWDOWN}x, 390 x 844`)
console.log("| sets | pick to preview ms | long tasks | longest ms | blocking ms | goal |")
console.log("|---|---|---|---|---|---|")
console.log(
  `| ${SETS} | ${previewMs.toFixed(0)} | ${longTasks.length} | ${Math.max(0, ...longTasks).toFixed(0)} | ${blocking.toFixed(0)} | < ${GOAL_MS} ms |`
)

/* ---------- Part two: the server ---------- */

const rows = Papa.parse<Array<string>>(text, { skipEmptyLines: "greedy" }).data
const [header = [], ...body] = rows
const source = detectFormat(header)
if (source === undefined) throw new Error("the bench's own file was not recognised")
const reader = makeLogbookReader(source, header)
body.forEach((fields, index) => reader.row(fields, index + 2))
const logbook = reader.finish()
const chunks = importChunks(logbook, suggestMapping(logbook), "kg")

const LIFTER = toFirebaseUid("bench-import-lifter")
const tokens: TokenVerifier = {
  verify: (token) =>
    Promise.resolve(
      token === LIFTER
        ? { uid: LIFTER, email: "bench-import@bench.dev", emailVerified: true, expiresAt: Date.now() + 3_600_000 }
        : "invalid"
    )
}

async function postgresUrl(): Promise<string | undefined> {
  const named = process.env.DATABASE_URL
  if (named !== undefined && named !== "") return named
  const local = "postgres://postgres@127.0.0.1:5432/test"
  const client = new pg.Client({ connectionString: local, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    return local
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function storeAll(databaseUrl: string | undefined): Promise<string> {
  const schemaName = `bench_import_${Date.now().toString(36)}`
  const server = await startServer({
    port: 0,
    hostname: "127.0.0.1",
    databaseUrl: databaseUrl ?? "",
    dataDir: "memory://",
    schemaName: databaseUrl === undefined ? undefined : schemaName,
    tokens,
    rateLimits: false
  })
  try {
    await server.database.db
      .insert(users)
      .values({ firebaseId: LIFTER, name: "Bench Lifter", email: "bench-import@bench.dev", userType: "Client" })
    const perChunk: Array<number> = []
    let stored = 0
    const start = performance.now()
    for (const sessions of chunks) {
      const began = performance.now()
      const response = await fetch(`${server.url}/beta/api/imports/chunk`, {
        method: "POST",
        headers: { authorization: `Bearer ${LIFTER}`, "content-type": "application/json" },
        body: JSON.stringify({ import_key: `bench-import-${schemaName}`, source, file_name: "strong.csv", sessions })
      })
      const answer = (await response.json()) as { sets_added?: number }
      if (!response.ok) throw new Error(`chunk answered ${response.status}: ${JSON.stringify(answer)}`)
      stored += answer.sets_added ?? 0
      perChunk.push(performance.now() - began)
    }
    const seconds = (performance.now() - start) / 1000
    const sorted = [...perChunk].sort((a, b) => a - b)
    const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0
    return `| ${server.database.kind} | ${chunks.length} | ${stored} | ${seconds.toFixed(1)} | ${Math.round(stored / seconds)} | ${p50.toFixed(0)} | ${(sorted.at(-1) ?? 0).toFixed(0)} |`
  } finally {
    await server.close()
    if (databaseUrl !== undefined) await dropPostgresSchema(databaseUrl, schemaName)
  }
}

const postgres = await postgresUrl()
const lines = [await storeAll(undefined)]
if (postgres !== undefined) lines.push(await storeAll(postgres))
console.log(
  `\nStored through POST /api/imports/chunk, one chunk after another; ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}`
)
console.log("| database | chunks | sets stored | seconds | sets/s | chunk p50 ms | chunk max ms |")
console.log("|---|---|---|---|---|---|---|")
for (const line of lines) console.log(line)
if (postgres === undefined) console.log("(PostgreSQL: not reachable; set DATABASE_URL to measure it)")
