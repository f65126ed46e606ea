/**
 * Safe to deploy (docs/security.md): a server that would trust the Auth emulator's
 * unsigned tokens refuses to start unless told it is local; it listens on loopback
 * unless told otherwise; its pages and answers carry the security headers.
 */
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { networkInterfaces, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { refuseUnsignedTokens, startServer, type RunningServer } from "#server/main.ts"

const mainFile = fileURLToPath(new URL("../../server/main.ts", import.meta.url))
const PRELOAD = `window.__preload = ["/assets/a.js"]`
const INDEX_HTML = `<!doctype html><html><head><script>${PRELOAD}</script><script type="module" src="/assets/index.js"></script></head><body></body></html>`

describe("a server that would accept unsigned tokens", () => {
  it("refuses to start without the local-only flag, and says how to fix it", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9", PORT: "0" }
    delete env.ALLOW_AUTH_EMULATOR
    const run = spawnSync(process.execPath, ["--import", "tsx", mainFile], { env, encoding: "utf8", timeout: 60_000 })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain("Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set")
  })

  it("starts with the flag, and without an emulator at all", () => {
    expect(() =>
      refuseUnsignedTokens({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", ALLOW_AUTH_EMULATOR: "1" })
    ).not.toThrow()
    expect(() => refuseUnsignedTokens({})).not.toThrow()
    expect(() =>
      refuseUnsignedTokens({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", ALLOW_AUTH_EMULATOR: "true" })
    ).toThrow()
  })
})

describe("the served app and API", () => {
  let dist: string
  let server: RunningServer
  const savedHost = process.env.HOST

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "safe-to-deploy-"))
    writeFileSync(join(dist, "index.html"), INDEX_HTML)
    delete process.env.HOST
    server = await startServer({ port: 0, databaseUrl: "", dataDir: "memory://", staticDir: dist })
  })
  afterAll(async () => {
    if (savedHost !== undefined) process.env.HOST = savedHost
    await server.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it("listens on loopback only, unless HOST says otherwise", async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address !== undefined && !address.internal && address.family === "IPv4")
    expect((await fetch(`${server.url}/login`)).status).toBe(200)
    if (outside !== undefined) {
      await expect(fetch(`http://${outside.address}:${server.port}/login`)).rejects.toThrow()
    }
  })

  it("serves the app shell with a policy that allows its inline script by hash, never unsafe-inline", async () => {
    const response = await fetch(`${server.url}/client/dashboard`)
    const policy = response.headers.get("content-security-policy") ?? ""
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src ")) ?? ""
    const hash = `'sha256-${createHash("sha256").update(PRELOAD).digest("base64")}'`
    expect(scriptSrc.split(" ")).toContain(hash)
    expect(scriptSrc).not.toContain("unsafe-inline")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(response.headers.get("referrer-policy")).toBe("same-origin")
  })

  it("marks API answers no-store and never frameable, success or refusal", async () => {
    for (const path of ["/beta/api/user/check", "/beta/api/no-such-call"]) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.headers.get("cache-control")).toBe("no-store")
      expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'")
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    }
  })
})
