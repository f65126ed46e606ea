/**
 * The API reference at /beta/docs (docs/decisions/014): Scalar's page for the contract,
 * self-contained, compressed and cached.
 *
 * - Self-contained: the Scalar bundle is the one the `effect` npm package ships for
 *   HttpApiScalar, served from our own origin at a content-hashed path; Scalar's default
 *   fonts (a third-party host) are off; the page's CSP allows nothing but this origin.
 * - Compressed: brotli or gzip by Accept-Encoding (`Vary: Accept-Encoding`), each body
 *   compressed once, on its first request.
 * - Cached: the script and the boot code are immutable (their names carry their hash);
 *   the page is revalidated (`no-cache`) against a strong ETag, so a deploy shows at once
 *   and an unchanged page is a 304.
 */
import { createHash } from "node:crypto"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import { promisify } from "node:util"
import { brotliCompress, constants as zlib, gzip } from "node:zlib"
import type * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { acceptedEncodings, IMMUTABLE, REVALIDATE } from "./static-assets.ts"

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The page's only sources are this origin; Scalar injects its styles, so styles may be inline. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

/**
 * The standalone Scalar bundle `effect` ships for HttpApiScalar.layer (which would inline
 * all 3 MB of it into every page). It is internal to the package, so it is read by file
 * path; test/server/docs.test.ts fails if an upgrade moves it.
 */
async function scalarBundle(): Promise<string> {
  const scalarModule = createRequire(import.meta.url).resolve("effect/http-api/HttpApiScalar")
  const internal = join(dirname(scalarModule), "internal", "httpApiScalar.js")
  const { javascript } = (await import(pathToFileURL(internal).href)) as { javascript?: unknown }
  if (typeof javascript !== "string") throw new Error(`No Scalar bundle in ${internal}`)
  // Its source map points at jsDelivr's path on our origin, which does not exist.
  return javascript.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, "\n")
}

/** Boots Scalar from the JSON the page carries: no inline script, so the CSP needs no hash. */
const BOOT = `(function () {
  var config = JSON.parse(document.getElementById("api-reference-config").textContent);
  window.Scalar.createApiReference(document.getElementById("api-reference-container"), config);
})();
`

const hashOf = (body: string | Buffer) => createHash("sha256").update(body).digest("hex").slice(0, 16)

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** JSON safe inside <script>: no "</script>", no "<!--". */
const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c")

interface Asset {
  readonly type: string
  readonly cacheControl: string
  readonly body: Buffer
  readonly hash: string
  /** Compressed bodies, made on first request. */
  readonly encoded: Map<"br" | "gzip", Promise<Buffer>>
}

const asset = (type: string, cacheControl: string, body: string): Asset => {
  const bytes = Buffer.from(body, "utf8")
  return { type, cacheControl, body: bytes, hash: hashOf(bytes), encoded: new Map() }
}

const encode = (asset: Asset, encoding: "br" | "gzip"): Promise<Buffer> => {
  let body = asset.encoded.get(encoding)
  if (body === undefined) {
    body =
      encoding === "br"
        ? brotli(asset.body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 9,
              [zlib.BROTLI_PARAM_SIZE_HINT]: asset.body.length,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT
            }
          })
        : gzipAsync(asset.body, { level: 9 })
    asset.encoded.set(encoding, body)
  }
  return body
}

/** True when If-None-Match names this entity tag (or is "*"). */
const matchesTag = (ifNoneMatch: string | null, tag: string): boolean =>
  ifNoneMatch !== null &&
  ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim()
    return value === "*" || value.replace(/^W\//, "") === tag
  })

export interface Docs {
  /** The answer when `request` is for the docs page or one of its scripts, else undefined. */
  readonly answer: (request: Request) => Promise<Response | undefined>
}

/** The docs of `api` at `path` (e.g. /beta/docs); its scripts live under `path`/. */
export function makeDocs<Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  path: `/${string}`
): Docs {
  let assets: Promise<ReadonlyMap<string, Asset>> | undefined
  const build = async (): Promise<ReadonlyMap<string, Asset>> => {
    const spec = OpenApi.fromApi(api)
    const scalar = asset("text/javascript; charset=utf-8", IMMUTABLE, await scalarBundle())
    const boot = asset("text/javascript; charset=utf-8", IMMUTABLE, BOOT)
    const scalarPath = `${path}/scalar.${scalar.hash}.js`
    const bootPath = `${path}/boot.${boot.hash}.js`
    // Scalar's own fonts come from fonts.scalar.com: off, the page uses the system's.
    const config = { _integration: "html", withDefaultFonts: false, content: spec }
    const page = asset(
      "text/html; charset=utf-8",
      REVALIDATE,
      `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(spec.info.title)}</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <div id="api-reference-container"></div>
    <script id="api-reference-config" type="application/json">${jsonInScript(config)}</script>
    <script src="${scalarPath}"></script>
    <script src="${bootPath}"></script>
  </body>
</html>
`
    )
    return new Map([
      [path, page],
      [scalarPath, scalar],
      [bootPath, boot]
    ])
  }

  return {
    async answer(request) {
      // Every API request passes here first: the method is the cheap test.
      if (request.method !== "GET" && request.method !== "HEAD") return undefined
      const { pathname } = new URL(request.url)
      if (pathname !== path && !pathname.startsWith(`${path}/`)) return undefined
      const found = (await (assets ??= build())).get(pathname)
      if (found === undefined) return undefined

      const accepted = acceptedEncodings(request.headers.get("accept-encoding") ?? undefined)
      const encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : undefined
      const tag = `"${found.hash}${encoding === undefined ? "" : `-${encoding}`}"`
      const headers = new Headers({
        "content-type": found.type,
        "cache-control": found.cacheControl,
        etag: tag,
        vary: "Accept-Encoding"
      })
      if (found.type.startsWith("text/html")) headers.set("content-security-policy", DOCS_CONTENT_SECURITY_POLICY)
      if (matchesTag(request.headers.get("if-none-match"), tag)) return new Response(null, { status: 304, headers })

      const body = encoding === undefined ? found.body : await encode(found, encoding)
      if (encoding !== undefined) headers.set("content-encoding", encoding)
      headers.set("content-length", String(body.length))
      return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers })
    }
  }
}
