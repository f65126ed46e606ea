import { createHash } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

/**
 * Response headers that keep the app's pages and answers from being misused
 * (docs/security.md). HSTS is the TLS proxy's job: this server speaks plain HTTP.
 */

/** Every answer: no MIME sniffing, no referrer beyond our own origin, never framed. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "content-security-policy": "frame-ancestors 'none'"
}

/** API answers carry personal data: no cache, shared or private, may keep them. */
export const API_CACHE_CONTROL = "no-store"

const inlineScripts = (html: string): Array<string> =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "")

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/**
 * The app shell's policy. Inline scripts (the route-preload script the build writes into
 * index.html) are allowed by their hashes, read from the built file itself so the two
 * never drift; no 'unsafe-inline' for scripts. Firebase Auth needs Google's endpoints,
 * apis.google.com's loader and its sign-in frames; a local stack adds the Auth emulator.
 */
export function appShellPolicy(options: {
  readonly staticDir: string
  readonly emulatorHost?: string | undefined
  readonly authDomain?: string | undefined
}): string {
  const indexHtml = join(options.staticDir, "index.html")
  const hashes = existsSync(indexHtml) ? inlineScripts(readFileSync(indexHtml, "utf8")).map(sha256) : []
  const emulator = options.emulatorHost ? [`http://${options.emulatorHost}`] : []
  const authFrames = options.authDomain
    ? [`https://${options.authDomain}`]
    : ["https://*.firebaseapp.com", "https://*.web.app"]
  const directives: Record<string, ReadonlyArray<string>> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...hashes, "https://apis.google.com"],
    // Inline style attributes (index.html's first paint, React style props set as attributes).
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": [
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "https://www.googleapis.com",
      ...emulator
    ],
    "frame-src": [...authFrames, "https://accounts.google.com", ...emulator],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"]
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ")
}
