/**
 * The Node server's own limits against clients that open connections and never finish a
 * request (README, production). The TLS proxy in front (deploy/Caddyfile) absorbs most of
 * them; these bound what reaches an instance directly or through a proxy that forwards a
 * slow request as it comes.
 */
import type { Server, ServerOptions } from "node:http"
import { log } from "./log.ts"

export interface ConnectionLimits {
  /**
   * A request whose line and headers have not all arrived this long after its first
   * byte (or, on a new connection, after it opened) is answered 408 and its connection
   * closed: what ends a half-open connection.
   */
  readonly headersTimeoutMs: number
  /**
   * A request whose body has not all arrived after this is answered 408. Generous: a
   * form-check clip's PATCH carries up to 8 MiB (src/gateway/video-upload.ts) and a slow
   * phone link must finish it; a PATCH cut here keeps what arrived and tus resumes it.
   * Answers are not timed by it: a live event stream stays open.
   */
  readonly requestTimeoutMs: number
  /**
   * An idle keep-alive connection is closed after this. Longer than the proxy's own idle
   * timeout for its connections to the app (55 s in deploy/Caddyfile), so the proxy never
   * sends a request on a connection the server is closing at that moment.
   */
  readonly keepAliveTimeoutMs: number
  /** Connections one instance holds at once, live event streams included; past it, new ones are closed at once. */
  readonly maxConnections: number
  /** How often Node looks for connections past the header or request timeout (tests shorten it). */
  readonly checkIntervalMs: number
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15 * 60_000,
  keepAliveTimeoutMs: 65_000,
  // A few thousand people with a live stream or two each, well under a raised `ulimit -n`.
  maxConnections: 4_096,
  checkIntervalMs: 1_000
}

const positive = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  const text = env[name]?.trim()
  if (text === undefined || text === "") return undefined
  if (!/^\d+$/.test(text) || Number(text) <= 0)
    throw new Error(`${name} must be a positive whole number, not "${text}"`)
  return Number(text)
}

const ENV_NAMES = {
  headersTimeoutMs: "HEADERS_TIMEOUT_MS",
  requestTimeoutMs: "REQUEST_TIMEOUT_MS",
  keepAliveTimeoutMs: "KEEP_ALIVE_TIMEOUT_MS",
  maxConnections: "MAX_CONNECTIONS"
} as const

/** The limits the environment names (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS). */
export function connectionLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<ConnectionLimits> {
  const limits: { -readonly [K in keyof ConnectionLimits]?: number } = {}
  for (const [key, name] of Object.entries(ENV_NAMES) as Array<[keyof typeof ENV_NAMES, string]>) {
    const value = positive(env, name)
    if (value !== undefined) limits[key] = value
  }
  return limits
}

/** The defaults, then the environment, then what the caller gives; checked so Node accepts them. */
export function resolveConnectionLimits(given: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...connectionLimitsFromEnv(), ...given }
  // Node refuses a header timeout longer than the request timeout.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(
      `HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not be longer than REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`
    )
  }
  return limits
}

/** What node:http's createServer takes of them. */
export const serverOptionsOf = (limits: ConnectionLimits): ServerOptions => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionsCheckingInterval: limits.checkIntervalMs
})

/** Sets what createServer does not take, and says (once a minute at most) when connections are refused. */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.keepAliveTimeout = limits.keepAliveTimeoutMs
  server.maxConnections = limits.maxConnections
  let dropped = 0
  let lastWarned = 0
  server.on("drop", () => {
    dropped++
    if (Date.now() - lastWarned < 60_000) return
    lastWarned = Date.now()
    log.warn({ dropped, maxConnections: limits.maxConnections }, "connection limit reached: new connections are closed")
    dropped = 0
  })
}
