import { Hono } from "hono"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer, type RunningServer } from "#server/main.ts"
import { acceptedEncodings, IMMUTABLE, REVALIDATE, serveBuiltApp } from "#server/static-assets.ts"

const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n`
const CHUNK = `export const greeting = ${JSON.stringify("hello ".repeat(400))}\n`
const UNCOMPRESSED_ICON = Buffer.from([0, 1, 2, 3, 4, 5])

let dist: string

/** A dist folder shaped like the build's: hashed chunk with .br/.gz siblings, index.html with its own. */
function writeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "static-assets-"))
  mkdirSync(join(dir, "assets"))
  const files: Array<[string, string | Buffer]> = [
    ["index.html", INDEX_HTML],
    ["assets/index-Ab12Cd34.js", CHUNK]
  ]
  for (const [name, body] of files) {
    writeFileSync(join(dir, name), body)
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body))
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body))
  }
  writeFileSync(join(dir, "favicon.ico"), UNCOMPRESSED_ICON)
  return dir
}

const app = () => {
  const hono = new Hono()
  hono.get("/beta/ping", (c) => c.text("pong"))
  hono.use("*", serveBuiltApp(dist))
  return hono
}

const get = (path: string, headers: Record<string, string> = {}) => app().request(path, { headers })

const bodyOf = async (response: Response): Promise<Buffer> => Buffer.from(await response.arrayBuffer())

beforeAll(() => {
  dist = writeDist()
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe("hashed assets", () => {
  it("are cached for a year as immutable", async () => {
    const response = await get("/assets/index-Ab12Cd34.js")
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE)
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/)
  })

  it("are sent brotli-compressed to a client that accepts br, and decode to the file", async () => {
    const response = await get("/assets/index-Ab12Cd34.js", { "accept-encoding": "gzip, deflate, br, zstd" })
    expect(response.headers.get("content-encoding")).toBe("br")
    expect(response.headers.get("vary")).toBe("Accept-Encoding")
    const body = await bodyOf(response)
    expect(Number(response.headers.get("content-length"))).toBe(body.length)
    expect(brotliDecompressSync(body).toString()).toBe(CHUNK)
  })

  it("are sent gzip-compressed to a client that accepts only gzip, and decode to the file", async () => {
    const response = await get("/assets/index-Ab12Cd34.js", { "accept-encoding": "gzip" })
    expect(response.headers.get("content-encoding")).toBe("gzip")
    expect(response.headers.get("vary")).toBe("Accept-Encoding")
    expect(gunzipSync(await bodyOf(response)).toString()).toBe(CHUNK)
  })

  it("are sent as is to a client that accepts no compression, still varying by encoding", async () => {
    const response = await get("/assets/index-Ab12Cd34.js", { "accept-encoding": "br;q=0, gzip;q=0" })
    expect(response.headers.get("content-encoding")).toBeNull()
    expect(response.headers.get("vary")).toBe("Accept-Encoding")
    expect((await bodyOf(response)).toString()).toBe(CHUNK)
  })

  it("answer 404 when missing instead of the app shell, so a stale chunk fails loudly", async () => {
    const response = await get("/assets/index-Gone0000.js")
    expect(response.status).toBe(404)
  })
})

describe("the HTML", () => {
  it("is revalidated on every load, precompressed like the assets", async () => {
    const response = await get("/index.html", { "accept-encoding": "br" })
    expect(response.headers.get("cache-control")).toBe(REVALIDATE)
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(brotliDecompressSync(await bodyOf(response)).toString()).toBe(INDEX_HTML)
  })

  it("answers every client-side route (history fallback), revalidated on every load", async () => {
    for (const path of ["/", "/login", "/client/workouts/03-01-2023/0"]) {
      const response = await get(path, { "accept-encoding": "gzip" })
      expect(response.status, path).toBe(200)
      expect(response.headers.get("cache-control"), path).toBe(REVALIDATE)
      expect(gunzipSync(await bodyOf(response)).toString(), path).toBe(INDEX_HTML)
    }
  })

  it("answers a path with a prerendered page beside it (signup.html) with that page, and nothing else", async () => {
    const page = `<!doctype html><div id="root" data-prerendered="/signup"><h1>Sign up</h1></div>\n`
    writeFileSync(join(dist, "signup.html"), page)
    writeFileSync(join(dist, "signup.html.br"), brotliCompressSync(page))
    try {
      const response = await get("/signup", { "accept-encoding": "br" })
      expect(response.headers.get("cache-control")).toBe(REVALIDATE)
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(brotliDecompressSync(await bodyOf(response)).toString()).toBe(page)
      for (const path of ["/", "/signup/more", "/client/signup"])
        expect((await bodyOf(await get(path))).toString(), path).toBe(INDEX_HTML)
    } finally {
      rmSync(join(dist, "signup.html"))
      rmSync(join(dist, "signup.html.br"))
    }
  })

  it("answers a revalidation with 304 when unchanged", async () => {
    const first = await get("/login", { "accept-encoding": "br" })
    const etag = first.headers.get("etag")
    expect(etag).not.toBeNull()
    const again = await get("/login", { "accept-encoding": "br", "if-none-match": etag ?? "" })
    expect(again.status).toBe(304)
  })
})

describe("other files", () => {
  it("without precompressed siblings are sent as is, revalidated, with no Vary", async () => {
    const response = await get("/favicon.ico", { "accept-encoding": "br, gzip" })
    expect(response.headers.get("cache-control")).toBe(REVALIDATE)
    expect(response.headers.get("content-encoding")).toBeNull()
    expect(response.headers.get("vary")).toBeNull()
    expect(await bodyOf(response)).toEqual(UNCOMPRESSED_ICON)
  })

  it("outside the folder cannot be reached", async () => {
    writeFileSync(join(dist, "..", "outside-dist.txt"), "secret")
    const response = await get("/..%2foutside-dist.txt")
    expect(response.status).toBe(404)
    rmSync(join(dist, "..", "outside-dist.txt"))
  })

  it("leave routes registered before them alone", async () => {
    const response = await get("/beta/ping")
    expect(await response.text()).toBe("pong")
  })
})

describe("Accept-Encoding", () => {
  it("lists the encodings with a positive quality", () => {
    expect([...acceptedEncodings("gzip;q=0.5, br;q=0, identity")]).toEqual(["gzip", "identity"])
    expect(acceptedEncodings(undefined).size).toBe(0)
  })
})

describe("the API server", () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      hostname: "127.0.0.1",
      databaseUrl: "",
      dataDir: "memory://",
      staticDir: dist,
      tokens: { verify: () => Promise.reject(new Error("no tokens in this test")) }
    })
  })
  afterAll(() => server.close())

  it("serves the built app with these headers beside the API", async () => {
    const asset = await fetch(`${server.url}/assets/index-Ab12Cd34.js`, { headers: { "accept-encoding": "br" } })
    expect(asset.headers.get("cache-control")).toBe(IMMUTABLE)
    // fetch decodes the body itself: what arrives is the file.
    expect(await asset.text()).toBe(CHUNK)
    const shell = await fetch(`${server.url}/coach/dashboard`)
    expect(shell.headers.get("cache-control")).toBe(REVALIDATE)
    expect(await shell.text()).toBe(INDEX_HTML)
  })
})
