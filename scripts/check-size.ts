// First-load JavaScript caps (docs/decisions/047): the gzip JavaScript a browser fetches on
// a cold first load of each route, read from the build's manifest, against one cap per
// area; plus the per-chunk caps. Run after `vite build`:
//   tsx scripts/check-size.ts [distDir]
// Prints every route and chunk against its cap; exits 1 when any cap is exceeded. What people
// feel (LCP, blocking time, input to paint) is measured by `npm run bench:web` (docs/performance.md).
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { gzipSync } from "node:zlib"
import { CHART_ROUTE, CHART_SOURCE, readManifest, ROUTE_SPLIT, routeLoads, type Manifest } from "./route-chunks.ts"

export const KiB = 1024

/** Where a route belongs: the signed-out screens, the lifter's, or the coach's. */
export type Area = "public" | "client" | "coach"

export const areaOf = (path: string): Area =>
  path === "/client" || path.startsWith("/client/")
    ? "client"
    : path === "/coach" || path.startsWith("/coach/")
      ? "coach"
      : "public"

/** One cap per area, with the headroom docs/decisions/047 explains; no route has its own. */
export const AREA_BUDGETS: Readonly<Record<Area, number>> = {
  public: 166 * KiB,
  client: 233 * KiB,
  coach: 228 * KiB
}

export const BUDGETS = {
  /** Any one chunk. */
  chunk: 100 * KiB,
  /** The progress chart (visx), loaded by /client/progress only. */
  chart: 45 * KiB
} as const

/** Manifest keys of chunks that import `target`, statically or dynamically. */
const importersOf = (manifest: Manifest, target: string): Array<string> =>
  Object.keys(manifest).filter((key) => {
    const chunk = manifest[key]
    return chunk?.imports?.includes(target) === true || chunk?.dynamicImports?.includes(target) === true
  })

/**
 * Chunks that import each other statically, as "a -> b -> a". Such a cycle runs one chunk's
 * code before the other's exports exist: a schema built at module level from an import then
 * throws, and every screen that loads the pair fails (vite.config.ts keeps the groups apart).
 */
export function staticCycles(manifest: Manifest): Array<string> {
  const cycles: Array<string> = []
  const done = new Set<string>()
  const walk = (key: string, path: ReadonlyArray<string>): void => {
    const at = path.indexOf(key)
    if (at >= 0) {
      cycles.push([...path.slice(at), key].map((step) => manifest[step]?.file ?? step).join(" -> "))
      return
    }
    if (done.has(key)) return
    for (const next of manifest[key]?.imports ?? []) walk(next, [...path, key])
    done.add(key)
  }
  for (const key of Object.keys(manifest)) walk(key, [])
  return cycles
}

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

/** Measures `manifest` against the caps; `gzipBytes` gives a chunk file's gzip size. */
export function checkSizes(manifest: Manifest, gzipBytes: (file: string) => number): SizeReport {
  const problems: Array<string> = []
  const jsSize = (key: string): number => {
    const file = manifest[key]?.file ?? ""
    return file.endsWith(".js") ? gzipBytes(file) : 0
  }

  for (const cycle of staticCycles(manifest)) problems.push(`chunks import each other: ${cycle}`)

  const loads = routeLoads(manifest)
  if (loads.length === 0) problems.push("no routes found in the manifest (is autoCodeSplitting on?)")
  const routes = loads.map((load): Row => {
    const bytes = [...load.chunks].reduce((sum, key) => sum + jsSize(key), 0)
    const area = areaOf(load.path)
    const budget = AREA_BUDGETS[area]
    const row = { name: load.path, bytes, budget, note: `${area}, ${load.chunks.size} chunks` }
    if (bytes > budget) problems.push(`${load.path}: ${kib(bytes)} KiB, over the ${kib(budget)} KiB cap of its area`)
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
      if (bytes > budget) problems.push(`${name}: ${kib(bytes)} KiB, over the ${kib(budget)} KiB chunk cap`)
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
  const header = `${title.padEnd(44)} ${"gzip KiB".padStart(9)} ${"cap".padStart(7)}  ok`
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
    console.error(`\nSize caps exceeded:\n  ${report.problems.join("\n  ")}`)
    process.exit(1)
  }
  console.log("\nAll size caps met.")
}
