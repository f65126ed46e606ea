/**
 * /beta/docs (docs/decisions/014): the page and its scripts answer compressed (brotli or
 * gzip by Accept-Encoding) with caching headers, and the page needs no host but ours:
 * its HTML names none, and Chromium rendering it asks no other.
 */
import { request } from "node:http"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { chromium } from "@playwright/test"
import { describe, expect, it } from "vitest"
import { chromiumLaunchOptions } from "../chromium.ts"
import { useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

interface RawAnswer {
  readonly status: number
  readonly headers: Record<string, string | undefined>
  /** The bytes as they crossed the wire (still compressed). */
  readonly wire: Buffer
  /** The body decoded. */
  readonly text: string
}

/** A GET that keeps the body as sent (fetch would decompress it and hide its size). */
const rawGet = (url: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  new Promise((done, fail) => {
    request(url, { headers }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => {
        const wire = Buffer.concat(chunks)
        const encoding = response.headers["content-encoding"]
        const decoded = encoding === "br" ? brotliDecompressSync(wire) : encoding === "gzip" ? gunzipSync(wire) : wire
        const flat = Object.fromEntries(
          Object.entries(response.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(", ") : value
          ])
        )
        done({ status: response.statusCode ?? 0, headers: flat, wire, text: decoded.toString("utf8") })
      })
      response.on("error", fail)
    })
      .on("error", fail)
      .end()
  })

const BROWSER = { "accept-encoding": "gzip, deflate, br" }
/** Every host-looking reference: absolute and protocol-relative URLs. */
const EXTERNAL = /(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/gi

describe.each(databasesUnderTest)("the API reference on $name", (database) => {
  const api = useApiUnderTest(database)
  const docs = () => `${api.server().url}/beta/docs`

  it("answers the page compressed by Accept-Encoding, revalidated by ETag", async () => {
    const br = await rawGet(docs(), BROWSER)
    expect(br.status).toBe(200)
    expect(br.headers["content-type"]).toContain("text/html")
    expect(br.headers["content-encoding"]).toBe("br")
    expect(br.headers["vary"]).toContain("Accept-Encoding")
    expect(br.headers["cache-control"]).toBe("no-cache")
    expect(br.headers["etag"]).toMatch(/^"[0-9a-f]+-br"$/)
    // The 3 MB script is no longer inside the page.
    expect(br.text.length).toBeLessThan(200_000)
    expect(br.wire.length).toBeLessThan(br.text.length / 3)

    const gzip = await rawGet(docs(), { "accept-encoding": "gzip" })
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(gzip.text).toBe(br.text)
    const plain = await rawGet(docs())
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.text).toBe(br.text)

    const again = await rawGet(docs(), { ...BROWSER, "if-none-match": br.headers["etag"] ?? "" })
    expect(again.status).toBe(304)
    expect(again.wire.length).toBe(0)
  })

  it("serves its scripts from our own origin, compressed and cached for good", async () => {
    const page = await rawGet(docs(), BROWSER)
    const scripts = [...page.text.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? "")
    expect(scripts).toHaveLength(2)
    let largest = 0
    for (const src of scripts) {
      expect(src).toMatch(/^\/beta\/docs\/[a-z]+\.[0-9a-f]+\.js$/)
      const script = await rawGet(api.server().url + src, BROWSER)
      expect(script.status).toBe(200)
      expect(script.headers["content-type"]).toContain("text/javascript")
      expect(script.headers["content-encoding"]).toBe("br")
      expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
      expect(script.headers["etag"]).toBeDefined()
      const revalidated = await rawGet(api.server().url + src, {
        ...BROWSER,
        "if-none-match": script.headers["etag"] ?? ""
      })
      expect(revalidated.status).toBe(304)
      if (script.text.length > largest) {
        largest = script.text.length
        // Scalar itself: megabytes of it, sent as a fraction of that.
        expect(script.text).toContain("createApiReference")
        expect(script.wire.length).toBeLessThan(script.text.length / 3)
      }
    }
    expect(largest).toBeGreaterThan(1_000_000)
  })

  it("names no other host in its HTML, and its policy allows none", async () => {
    const page = await rawGet(docs(), BROWSER)
    expect(page.text.match(EXTERNAL) ?? []).toEqual([])
    // Scalar's default fonts live on another host: they are off.
    expect(page.text).toContain('"withDefaultFonts":false')
    const policy = page.headers["content-security-policy"] ?? ""
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy.match(EXTERNAL) ?? []).toEqual([])
    expect(policy).not.toContain("unsafe-eval")
  })
})

describe("the API reference in Chromium", () => {
  const api = useApiUnderTest(databasesUnderTest[0] ?? { name: "PGlite", databaseUrl: undefined })
  const docs = () => `${api.server().url}/beta/docs`

  it("renders in Chromium without asking any other host", async () => {
    const browser = await chromium.launch(chromiumLaunchOptions)
    try {
      const page = await browser.newPage()
      const origin = new URL(api.server().url).origin
      const elsewhere: Array<string> = []
      const blocked: Array<string> = []
      page.on("request", (sent) => {
        const url = sent.url()
        if (!url.startsWith(origin) && !url.startsWith("data:")) elsewhere.push(url)
      })
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) blocked.push(message.text())
      })
      await page.goto(docs(), { waitUntil: "load" })
      // Scalar rendered the contract: one of its calls is on the page.
      await page.getByText("updateWorkoutResult", { exact: false }).first().waitFor()
      await page.waitForLoadState("networkidle")
      expect(elsewhere).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)
})
