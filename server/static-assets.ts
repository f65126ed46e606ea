import type { MiddlewareHandler } from "hono"
import { readFile, stat } from "node:fs/promises"
import { extname, join, normalize, resolve, sep } from "node:path"

/**
 * Serves the built SPA (docs/performance.md):
 * - /assets/* carry a content hash in their names, so they are cached for a year and never revalidated;
 * - a path with a prerendered page beside it (/login -> login.html) is answered with that page;
 * - everything else (index.html, the history fallback, unhashed public files) is `no-cache`:
 *   the browser revalidates it on every load, so a deploy is seen at once;
 * - bodies come precompressed from the build (.br, .gz siblings written by vite.config.ts),
 *   chosen by Accept-Encoding, with `Vary: Accept-Encoding` so caches keep them apart.
 */
export const IMMUTABLE = "public, max-age=31536000, immutable"
export const REVALIDATE = "no-cache"

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2"
}

const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" }
] as const
type Encoding = (typeof PRECOMPRESSED)[number]["encoding"]

/** The encodings a client accepts (q > 0), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): ReadonlySet<string> {
  const accepted = new Set<string>()
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";")
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="))
    if (name !== "" && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  return accepted
}

interface FoundFile {
  readonly path: string
  readonly size: number
  readonly mtimeMs: number
}

async function findFile(path: string): Promise<FoundFile | undefined> {
  try {
    const info = await stat(path)
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : undefined
  } catch {
    return undefined
  }
}

/** The file under `root` that a URL path names, or undefined when it would escape root. */
function fileUnder(root: string, urlPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes("\0")) return undefined
  const path = normalize(join(root, decoded))
  return path === root || path.startsWith(root + sep) ? path : undefined
}

/** Hono middleware serving `staticDir`; requests it does not answer go on to `next`. */
export function serveBuiltApp(staticDir: string): MiddlewareHandler {
  const root = resolve(staticDir)
  const indexHtml = join(root, "index.html")

  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next()
    const urlPath = c.req.path
    const hashed = urlPath.startsWith("/assets/")
    const named = fileUnder(root, urlPath)
    const direct = named === undefined || named === root ? undefined : await findFile(named)
    // A screen prerendered at build time (/login -> login.html, scripts/prerender-public.ts),
    // else the history fallback: any other path is a client-side route, answered by the SPA
    // shell. A missing hashed asset is a 404, never the shell, so a stale chunk fails loudly.
    const route = hashed || named === undefined ? undefined : named
    const page = direct ?? (route === undefined || route === root ? undefined : await findFile(`${route}.html`))
    const file = page ?? (route === undefined ? undefined : await findFile(indexHtml))
    if (file === undefined) return next()

    const type = CONTENT_TYPES[extname(file.path)] ?? "application/octet-stream"
    const cacheControl = hashed && direct !== undefined ? IMMUTABLE : REVALIDATE
    const accepted = acceptedEncodings(c.req.header("accept-encoding"))

    let body = file
    let encoding: Encoding | undefined
    let compressible = false
    for (const candidate of PRECOMPRESSED) {
      const sibling = await findFile(file.path + candidate.suffix)
      if (sibling === undefined) continue
      compressible = true
      if (encoding === undefined && accepted.has(candidate.encoding)) {
        body = sibling
        encoding = candidate.encoding
      }
    }

    const headers = new Headers({
      "Content-Type": type,
      "Cache-Control": cacheControl,
      "Content-Length": String(body.size),
      ETag: `W/"${body.size.toString(16)}-${Math.trunc(body.mtimeMs).toString(16)}${encoding === undefined ? "" : `-${encoding}`}"`
    })
    if (compressible) headers.set("Vary", "Accept-Encoding")
    if (encoding !== undefined) headers.set("Content-Encoding", encoding)

    if (c.req.header("if-none-match") === headers.get("ETag")) {
      headers.delete("Content-Length")
      return new Response(null, { status: 304, headers })
    }
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers })
    return new Response(await readFile(body.path), { status: 200, headers })
  }
}
