// Which built files each URL route needs on a cold first load, read from Vite's
// .vite/manifest.json (`build.manifest: true`). Two readers: scripts/check-size.ts weighs
// them against the budgets, and vite.config.ts writes a preload list into index.html.
import { readFileSync } from "node:fs"
import { join } from "node:path"

/** The subset of Vite's .vite/manifest.json read here. */
export interface ManifestChunk {
  readonly file: string
  readonly name?: string
  readonly src?: string
  readonly isEntry?: boolean
  readonly isDynamicEntry?: boolean
  readonly imports?: ReadonlyArray<string>
  readonly dynamicImports?: ReadonlyArray<string>
  readonly css?: ReadonlyArray<string>
}
export type Manifest = Readonly<Record<string, ManifestChunk>>

export const CHART_SOURCE = "src/ui/client/progress-chart.tsx"
export const CHART_ROUTE = "/client/progress"
const GATEWAY_SOURCE = "src/gateway/gateway.ts"
/**
 * Imported at start-up on every page, after the entry has run: the app's phases, which
 * src/main.tsx imports one task after another (docs/decisions/047), and Firebase Auth,
 * which src/services.ts imports.
 */
const STARTUP_SOURCES = ["src/services.ts", "src/router.tsx", "src/prerendered.tsx", "src/identity/firebase-auth.ts"]
export const ROUTE_SPLIT = /^src\/routes\/(.+)\.tsx\?tsr-split=/

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, ".vite/manifest.json"), "utf8")) as Manifest
}

/** Manifest keys of `keys` and everything they import statically (what the browser fetches together). */
export function staticClosure(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string): void => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (chunk === undefined) throw new Error(`manifest has no chunk ${key}`)
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return seen
}

/** "client/workouts/$date/$idx" -> "/client/workouts/$date/$idx"; "client/index" -> "/client". */
const urlOf = (routeFile: string): string => `/${routeFile.replace(/(^|\/)index$/, "")}`

export interface RouteLoad {
  /** The route's path as the router writes it: "/client/workouts/$date/$idx". */
  readonly path: string
  readonly signedIn: boolean
  /** Manifest keys fetched on a cold load of the route. */
  readonly chunks: ReadonlySet<string>
  /** The part of `chunks` outside the entry's static graph and the start-up chunks: what index.html does not already preload. */
  readonly routeChunks: ReadonlySet<string>
}

const entryOf = (manifest: Manifest): string => {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true)
  if (entry === undefined) throw new Error("manifest has no entry chunk")
  return entry
}

/** The chunks every page imports at start-up beyond the entry's own graph: the app's phases and Firebase Auth. */
export function startupChunks(manifest: Manifest): ReadonlySet<string> {
  const entryGraph = staticClosure(manifest, [entryOf(manifest)])
  const startup = STARTUP_SOURCES.flatMap((source) =>
    Object.keys(manifest).filter((key) => manifest[key]?.src === source)
  )
  return new Set([...staticClosure(manifest, startup)].filter((key) => !entryGraph.has(key)))
}

/**
 * Each URL route's cold first load: the entry's static graph, Firebase Auth, the split
 * chunks of every layout route (`dir/route.tsx`) above it and of the route itself, and
 * for signed-in areas the gateway client, which the session loads to fetch the user's record.
 */
export function routeLoads(manifest: Manifest): ReadonlyArray<RouteLoad> {
  const gateway = Object.keys(manifest).find(
    (key) => manifest[key]?.src === GATEWAY_SOURCE || manifest[key]?.name === "gateway"
  )
  const entryGraph = staticClosure(manifest, [entryOf(manifest), ...startupChunks(manifest)])
  const gatewayGraph = staticClosure(manifest, gateway === undefined ? [] : [gateway])

  const splitKeysByFile = new Map<string, Array<string>>()
  for (const key of Object.keys(manifest)) {
    const file = ROUTE_SPLIT.exec(key)?.[1]
    if (file === undefined) continue
    splitKeysByFile.set(file, [...(splitKeysByFile.get(file) ?? []), key])
  }

  const loads: Array<RouteLoad> = []
  for (const file of [...splitKeysByFile.keys()].sort()) {
    if (file === "__root" || file.endsWith("/route") || file.split("/").some((part) => part.startsWith("-"))) continue
    const dirs = file.split("/").slice(0, -1)
    const layouts = dirs.map((_, i) => `${dirs.slice(0, i + 1).join("/")}/route`)
    const signedIn = dirs[0] === "client" || dirs[0] === "coach"
    const own = staticClosure(
      manifest,
      [...layouts, file].flatMap((f) => splitKeysByFile.get(f) ?? [])
    )
    const chunks = new Set([...entryGraph, ...own, ...(signedIn ? gatewayGraph : [])])
    const routeChunks = new Set([...chunks].filter((key) => !entryGraph.has(key)))
    loads.push({ path: urlOf(file), signedIn, chunks, routeChunks })
  }
  return loads
}

/** "/client/workouts/$date/$idx" -> "^/client/workouts/[^/]+/[^/]+$" (a trailing slash is dropped before matching). */
export const pathPattern = (path: string): string =>
  `^${path
    .split("/")
    .map((part) => (part.startsWith("$") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/")}$`

/** Each route's files beyond the entry's (JS and CSS, under the site root), by path pattern; routes with none are left out. */
export function routePreloads(manifest: Manifest): ReadonlyArray<readonly [pattern: string, files: Array<string>]> {
  return routeLoads(manifest)
    .map((load) => {
      const keys = [...load.routeChunks]
      const files = [
        ...keys.flatMap((key) => manifest[key]?.css ?? []),
        ...keys.map((key) => manifest[key]?.file ?? "").filter((file) => file.endsWith(".js"))
      ]
      return [pathPattern(load.path), [...new Set(files)].map((file) => `/${file}`)] as const
    })
    .filter(([, files]) => files.length > 0)
}

/**
 * An inline script for index.html that starts fetching the opening route's chunks (and on
 * a signed-in route the API client's) with the HTML, instead of after the app's code has
 * run, ~1 s later on a slow phone: only then does the router know the route. `modulepreload` for
 * scripts, `preload` for the route's stylesheets; both match the requests Vite's loader
 * makes later (crossorigin ""), so those are served from the cache. Each link is added in a
 * task of its own: Chromium starts a request as the link is added (~15 ms each at 4x CPU,
 * more under a service worker), and twenty of them in the parser's task blocked the page
 * for 300-500 ms (docs/decisions/047).
 */
export function routePreloadScript(manifest: Manifest): string {
  const routes = JSON.stringify(routePreloads(manifest))
  return `(function(routes){var path=location.pathname.replace(/\\/+$/,"")||"/";for(var i=0;i<routes.length;i++){if(!new RegExp(routes[i][0]).test(path))continue;routes[i][1].forEach(function(href){setTimeout(function(){var link=document.createElement("link");var css=/\\.css$/.test(href);link.rel=css?"preload":"modulepreload";if(css)link.as="style";link.crossOrigin="";link.href=href;document.head.appendChild(link)},0)});return}})(${routes})`
}

/**
 * `<link rel="modulepreload">` tags for the start-up chunks, so they download with the
 * entry's, and `<link rel="stylesheet">` for their styles: Vite links only the entry's own,
 * and the page (prerendered or kept) must paint styled before the phases have run.
 */
export function startupPreloadTags(manifest: Manifest): string {
  const keys = [...startupChunks(manifest)]
  const styles = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))].map(
    (file) => `<link rel="stylesheet" crossorigin href="/${file}">`
  )
  const scripts = keys
    .map((key) => manifest[key]?.file ?? "")
    .filter((file) => file.endsWith(".js"))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  return [...styles, ...scripts].join("\n    ")
}
