// Size budgets (issue 7): the JavaScript, gzip, a browser transfers on a cold first load
// of each route, read from the build's manifest. Run after `vite build`:
//   tsx scripts/check-size.ts [distDir]
// Prints every route and chunk against its budget; exits 1 when any budget is exceeded.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { gzipSync } from "node:zlib"
import { CHART_ROUTE, CHART_SOURCE, readManifest, ROUTE_SPLIT, routeLoads, type Manifest } from "./route-chunks.ts"

export const KiB = 1024
export const BUDGETS = {
  /** The signed-out first screen. */
  login: 175 * KiB,
  /** Any signed-in first screen (it also loads the gateway client to find the user's record). */
  signedIn: 210 * KiB,
  chunk: 100 * KiB,
  chart: 45 * KiB
} as const

/**
 * Routes allowed more than their kind, each with its reason in an ADR. The logging page
 * carries the outbox's completion records (ADR 028) and its workout's device copy states
 * (ADR 027: +2.1 KiB, machine states and the session's offline and sign-out steps); a
 * coach's maxes page carries the session's share of that (+0.8 KiB in the entry chunk).
 * Both then carry what keeps every signed-in screen live (ADR 031: +1.8 and +1.5 KiB).
 * The logging page's set machine keeps drafts and answers Undo and the empty-field question
 * (ADR 039: +0.8 KiB, its new states; the question and the drafts' store are lazy), and
 * every signed-in screen's contract gained the copy weeks and the reader's calendar (ADR 040,
 * ADR 042: +0.5 KiB).
 */
export const ROUTE_BUDGETS: Readonly<Record<string, number>> = {
  "/client/workouts/$date/$idx": 218.75 * KiB,
  "/coach/clients/$userId/maxes": 213.5 * KiB,
  // The session waits out a sign-out before any guard decides (ADR 032's note): it sat at
  // 210.0 exactly, and a build's chunk hashes alone moved it over by a few bytes.
  "/coach/workoutbuilder/$userId/$date": 210.5 * KiB,
  // The coach's day shows each weight in the coach's unit, with the unit's machine and the
  // loads' offline states (ADR 038: +0.8 KiB).
  "/coach/workouts/$userId/$date": 210.5 * KiB,
  // The chat screens fetch the chat chunk with the route, not after it (ADR 030).
  "/client/chat": 214 * KiB,
  "/coach/chat": 214 * KiB,
  "/coach/chat/$clientId": 214 * KiB
}

/** Manifest keys of chunks that import `target`, statically or dynamically. */
const importersOf = (manifest: Manifest, target: string): Array<string> =>
  Object.keys(manifest).filter((key) => {
    const chunk = manifest[key]
    return chunk?.imports?.includes(target) === true || chunk?.dynamicImports?.includes(target) === true
  })

export interface Row {
  readonly name: string
  readonly bytes: number
  readonly budget: number
  readonly note?: string
}

export interface SizeReport {
  readonly routes: ReadonlyArray<Row>
  readonly chunks: ReadonlyArray<Row>
  readonly problems: ReadonlyArray<string>
}

/** Measures `manifest` against the budgets; `gzipBytes` gives a chunk file's gzip size. */
export function checkSizes(manifest: Manifest, gzipBytes: (file: string) => number): SizeReport {
  const problems: Array<string> = []
  const jsSize = (key: string): number => {
    const file = manifest[key]?.file ?? ""
    return file.endsWith(".js") ? gzipBytes(file) : 0
  }

  const loads = routeLoads(manifest)
  if (loads.length === 0) problems.push("no routes found in the manifest (is autoCodeSplitting on?)")
  const routes = loads.map((load): Row => {
    const bytes = [...load.chunks].reduce((sum, key) => sum + jsSize(key), 0)
    const budget = ROUTE_BUDGETS[load.path] ?? (load.signedIn ? BUDGETS.signedIn : BUDGETS.login)
    const row = { name: load.path, bytes, budget, note: `${load.chunks.size} chunks` }
    if (bytes > budget) problems.push(`${load.path}: ${kib(bytes)} KiB, over its ${kib(budget)} KiB budget`)
    return row
  })

  const chart = Object.keys(manifest).find((key) => manifest[key]?.src === CHART_SOURCE)
  if (chart === undefined) problems.push(`no chunk for ${CHART_SOURCE}`)
  else {
    for (const load of loads)
      if (load.chunks.has(chart)) problems.push(`the chart chunk is part of the first load of ${load.path}`)
    const progressFile = CHART_ROUTE.slice(1)
    for (const importer of importersOf(manifest, chart)) {
      const owner = ROUTE_SPLIT.exec(importer)?.[1]
      if (owner !== progressFile)
        problems.push(`the chart chunk is imported by ${importer}, not only by ${CHART_ROUTE}`)
    }
  }

  const chunks = Object.keys(manifest)
    .filter((key) => manifest[key]?.file.endsWith(".js") === true)
    .map((key): Row => {
      const bytes = jsSize(key)
      const isChart = key === chart
      const budget = isChart ? BUDGETS.chart : BUDGETS.chunk
      const name = manifest[key]?.file.replace(/^assets\//, "") ?? key
      if (bytes > budget) problems.push(`${name}: ${kib(bytes)} KiB, over the ${kib(budget)} KiB chunk budget`)
      return { name, bytes, budget, ...(isChart ? { note: `chart, only ${CHART_ROUTE}` } : {}) }
    })
    .sort((a, b) => b.bytes - a.bytes)

  return { routes, chunks, problems }
}

export const kib = (bytes: number): string => (bytes / KiB).toFixed(1)

/** Gzip at level 9: what the server sends precompressed. */
export const gzipSizeOf = (distDir: string) => (file: string) =>
  gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length

export function formatTable(title: string, rows: ReadonlyArray<Row>): string {
  const header = `${title.padEnd(44)} ${"gzip KiB".padStart(9)} ${"budget".padStart(7)}  ok`
  const lines = rows.map(
    (row) =>
      `${row.name.padEnd(44)} ${kib(row.bytes).padStart(9)} ${kib(row.budget).padStart(7)}  ${
        row.bytes <= row.budget ? "yes" : "NO "
      }${row.note === undefined ? "" : `  ${row.note}`}`
  )
  return [header, "-".repeat(header.length), ...lines].join("\n")
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const distDir = process.argv[2] ?? "dist"
  const report = checkSizes(readManifest(distDir), gzipSizeOf(distDir))
  console.log(formatTable("JS on a cold first load (route)", report.routes))
  console.log()
  console.log(formatTable("chunk", report.chunks))
  if (report.problems.length > 0) {
    console.error(`\nSize budgets exceeded:\n  ${report.problems.join("\n  ")}`)
    process.exit(1)
  }
  console.log("\nAll size budgets met.")
}
