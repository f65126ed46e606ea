/**
 * Per-user and per-address request limits (numbers and reasons in
 * docs/decisions/014-rate-limits.md). Every call under /beta counts against one budget:
 * with a valid ID token its user's (set edits and other calls apart: autosave's flush
 * after a reconnect is many cheap one-row writes), without one its address's. Past the
 * budget the answer is 429 with Retry-After and {"error": ...}.
 *
 * The count lives where every instance sees it: a PostgreSQL table when DATABASE_URL is
 * set (rate-limiter-flexible's RateLimiterPostgres), process memory on PGlite (one
 * process owns that database anyway). A store that cannot answer never takes the API
 * down with it: for a few seconds each instance counts in its own memory instead.
 */
import type { MiddlewareHandler } from "hono"
import { getConnInfo } from "@hono/node-server/conninfo"
import pg from "pg"
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible"
import { API_STAGE } from "#domain/api.ts"
import { VIDEO_UPLOADS_PATH } from "#domain/set-videos.ts"
import { WORKOUT_CAPS } from "#domain/workout.ts"
import type { TokenVerifier } from "./auth/token-verifier.ts"
import { log } from "./log.ts"

export interface RateLimit {
  /** Requests allowed in one window. */
  readonly points: number
  /** The window, in seconds; the count starts again when it ends. */
  readonly durationSeconds: number
}

export interface RateLimits {
  /** PUT updateWorkoutResult (autosave's one-set writes), per Firebase uid. */
  readonly setEdits: RateLimit
  /** Every other call carrying a valid ID token, per Firebase uid. */
  readonly calls: RateLimit
  /** Calls without a valid token (none, expired, forged), per client address. */
  readonly address: RateLimit
  /** Chat messages, comments and replies sent, per Firebase uid (ADR 029). Default: DEFAULT_RATE_LIMITS. */
  readonly messages?: RateLimit
  /** Live event streams opened (a reconnect is one), per Firebase uid (ADR 029). Default: DEFAULT_RATE_LIMITS. */
  readonly eventStreams?: RateLimit
  /** Import chunks sent (ADR 049), per Firebase uid. Default: DEFAULT_RATE_LIMITS. */
  readonly imports?: RateLimit
  /** Clip uploads created (ADR 050), per Firebase uid. Default: DEFAULT_RATE_LIMITS. */
  readonly videoUploads?: RateLimit
  /** Requests to an upload going on (HEAD, PATCH, DELETE), per Firebase uid. Default: DEFAULT_RATE_LIMITS. */
  readonly videoChunks?: RateLimit
  /** Requests for a clip's bytes by its signed link (no token), per client address. Default: DEFAULT_RATE_LIMITS. */
  readonly videoFiles?: RateLimit
}

export type Bucket = keyof RateLimits

/** The path of the call autosave sends, one per edited set. */
export const SET_EDIT_PATH = `${API_STAGE}/api/updateWorkoutResult`

/**
 * The most set edits the app sends in one minute: an outbox flush of the largest
 * workout the contract accepts (every set edited offline), plus a minute of live
 * logging (one send per 300 ms debounce). ADR 014.
 */
export const LARGEST_SET_EDIT_BURST = WORKOUT_CAPS.exercises * WORKOUT_CAPS.setsPerExercise + 200

export const DEFAULT_RATE_LIMITS: Required<RateLimits> = {
  setEdits: { points: 1_500, durationSeconds: 60 },
  // A screen loads 1 to 3 calls; 300 a minute is a screen every 0.6 s for a whole minute.
  calls: { points: 300, durationSeconds: 60 },
  // The app sends no call without a token but the few 401s that precede a token refresh.
  address: { points: 120, durationSeconds: 60 },
  // A person types a message every few seconds at most; an outbox flushed after a
  // reconnect holds what was typed offline. Past it is someone pasting in a loop.
  messages: { points: 30, durationSeconds: 60 },
  // A stream reconnects every few seconds while the network flaps; past this a reconnect
  // storm waits (Retry-After) instead of re-reading the database each time.
  eventStreams: { points: 30, durationSeconds: 60 },
  // A chunk is up to 1000 sets stored in one transaction: 60 a minute takes a 50,000-set
  // logbook in under a minute with room for retries, and bounds what one person writes.
  imports: { points: 60, durationSeconds: 60 },
  // A lifter films a set every few minutes; 60 an hour is a clip a minute with retries.
  videoUploads: { points: 60, durationSeconds: 3600 },
  // A flaky phone network resumes (HEAD, then PATCH) every few seconds, and tus-js-client
  // may send a clip in parts: 300 a minute is a request every 200 ms.
  videoChunks: { points: 300, durationSeconds: 60 },
  // A player asks for a range on every seek; scrubbing through a clip is many.
  videoFiles: { points: 600, durationSeconds: 60 }
}

export const TOO_MANY_REQUESTS = "Too many requests; wait a moment and try again"
export const TOO_MANY_MESSAGES = "Too many messages in a minute; wait a moment before sending more"
export const TOO_MANY_RECONNECTS = "Too many live connections opened in a minute; wait a moment and try again"
export const TOO_MANY_VIDEO_UPLOADS = "Too many clips sent in an hour; wait a while before sending more"
export const TOO_MANY_IMPORT_CHUNKS =
  "Too many parts of an import sent in a minute; wait a moment and the import goes on"

const REFUSALS: Partial<Record<Bucket, string>> = {
  messages: TOO_MANY_MESSAGES,
  eventStreams: TOO_MANY_RECONNECTS,
  imports: TOO_MANY_IMPORT_CHUNKS,
  videoUploads: TOO_MANY_VIDEO_UPLOADS
}

/** The call each chunk of an import is (src/domain/data-api.ts). */
export const IMPORT_CHUNK_PATH = `${API_STAGE}/api/imports/chunk`

const MESSAGE_SENDS = [
  /^\/beta\/api\/chat\/[^/]+\/messages$/,
  /^\/beta\/api\/comments$/,
  /^\/beta\/api\/comments\/[^/]+\/reply$/
]

/** The budget a signed-in call counts against. */
export const bucketOf = (method: string, path: string): Bucket => {
  if (path === VIDEO_UPLOADS_PATH && method === "POST") return "videoUploads"
  if (path.startsWith(`${VIDEO_UPLOADS_PATH}/`)) return "videoChunks"
  if (method === "PUT" && path === SET_EDIT_PATH) return "setEdits"
  if (method === "GET" && path === `${API_STAGE}/api/events`) return "eventStreams"
  if (method === "POST" && path === IMPORT_CHUNK_PATH) return "imports"
  if ((method === "POST" || method === "PUT") && MESSAGE_SENDS.some((pattern) => pattern.test(path))) return "messages"
  return "calls"
}

/** A call's verdict: go on, or wait this many seconds. */
export type Verdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number }

export interface ApiRateLimiter {
  readonly kind: "postgres" | "memory"
  readonly consume: (bucket: Bucket, key: string) => Promise<Verdict>
  readonly close: () => Promise<void>
}

export interface RateLimiterOptions {
  readonly limits?: RateLimits | undefined
  /** PostgreSQL: the count is shared by every instance on this database. Unset: memory. */
  readonly databaseUrl?: string | undefined
  readonly schemaName?: string | undefined
}

/** The table the PostgreSQL store keeps its counts in (server/db/schema.ts makes it). */
export const RATE_LIMIT_TABLE = "rate_limits"
/** A store call slower than this counts in memory instead. */
const STORE_DEADLINE_MS = 1_000
/** After a store failure, how long each instance counts in memory before asking the store again. */
const STORE_RETRY_MS = 5_000

const retryAfterSeconds = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000))

const verdictOf = async (limiter: RateLimiterAbstract, key: string): Promise<Verdict> => {
  try {
    await limiter.consume(key)
    return { allowed: true }
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSeconds: retryAfterSeconds(refusal.msBeforeNext) }
    }
    throw refusal
  }
}

/** One limiter per bucket, each made by `make`: naming every bucket, so none is ever missing. */
const byBucket = (make: (bucket: Bucket) => RateLimiterAbstract): Record<Bucket, RateLimiterAbstract> => ({
  setEdits: make("setEdits"),
  calls: make("calls"),
  address: make("address"),
  messages: make("messages"),
  eventStreams: make("eventStreams"),
  imports: make("imports"),
  videoUploads: make("videoUploads"),
  videoChunks: make("videoChunks"),
  videoFiles: make("videoFiles")
})

const memoryLimiters = (limits: Required<RateLimits>) =>
  byBucket(
    (bucket) =>
      new RateLimiterMemory({
        keyPrefix: bucket,
        points: limits[bucket].points,
        duration: limits[bucket].durationSeconds
      })
  )

const isSafeIdentifier = (name: string) => /^[a-z_][a-z0-9_]*$/.test(name)

// The table comes from the migrations (0007), under their lock, so no limiter creates it.
const postgresLimiter = (pool: pg.Pool, schemaName: string | undefined, keyPrefix: string, limit: RateLimit) =>
  new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    ...(schemaName === undefined ? {} : { schemaName }),
    keyPrefix,
    points: limit.points,
    duration: limit.durationSeconds,
    // A key past its budget is refused from memory for the rest of its window: a
    // flood costs the database nothing more.
    inMemoryBlockOnConsumed: limit.points + 1
  })

/** Opens the limiter: PostgreSQL-backed with a database URL, in memory without. */
export function openRateLimiter(options: RateLimiterOptions = {}): ApiRateLimiter {
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.limits }
  const memory = memoryLimiters(limits)
  if (!options.databaseUrl) {
    return {
      kind: "memory",
      consume: (bucket, key) => verdictOf(memory[bucket], key),
      close: () => Promise.resolve()
    }
  }
  const schemaName = options.schemaName
  if (schemaName !== undefined && !isSafeIdentifier(schemaName)) throw new Error(`unsafe schema name: ${schemaName}`)
  // A pool of its own: a flood waiting on the limiter never holds the API's connections.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 4,
    connectionTimeoutMillis: STORE_DEADLINE_MS,
    query_timeout: STORE_DEADLINE_MS,
    statement_timeout: STORE_DEADLINE_MS,
    keepAlive: true
  })
  pool.on("error", (error) => log.warn({ err: error }, "rate limit store: idle connection lost"))
  const store = byBucket((bucket) => postgresLimiter(pool, schemaName, bucket, limits[bucket]))
  let storeDownUntil = 0
  return {
    kind: "postgres",
    async consume(bucket, key) {
      if (Date.now() >= storeDownUntil) {
        try {
          return await verdictOf(store[bucket], key)
        } catch (error) {
          storeDownUntil = Date.now() + STORE_RETRY_MS
          log.warn({ err: error }, "rate limit store unavailable: counting in this instance's memory")
        }
      }
      return verdictOf(memory[bucket], key)
    },
    close: () => pool.end()
  }
}

export interface RateLimitMiddlewareOptions {
  readonly limiter: ApiRateLimiter
  /** The API's own verifier: it remembers good tokens, so asking it twice costs a lookup. */
  readonly tokens: TokenVerifier
  /**
   * Behind a proxy every call comes from the proxy's address: with trustProxy the
   * client's is the last X-Forwarded-For entry (the one the proxy appended).
   */
  readonly trustProxy?: boolean
}

export const bearerToken = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")
  return match?.[1]
}

/** A clip's bytes by its signed link (VIDEO_FILE_PATH): a player's range requests carry no token. */
const VIDEO_FILE = /^\/beta\/api\/videos\/[^/]+\/file$/
const isVideoFile = (path: string) => VIDEO_FILE.test(path)

/** Counts every call under /beta against its user's or its address's budget; past it, 429. */
export function rateLimitMiddleware(options: RateLimitMiddlewareOptions): MiddlewareHandler {
  const addressOf = (c: Parameters<MiddlewareHandler>[0]): string => {
    if (options.trustProxy === true) {
      const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim()
      if (forwarded) return forwarded
    }
    return getConnInfo(c).remote.address ?? "unknown"
  }
  return async (c, next) => {
    if (c.req.path !== API_STAGE && !c.req.path.startsWith(`${API_STAGE}/`)) return next()
    const token = bearerToken(c.req.header("authorization"))
    const verified = token === undefined ? undefined : await options.tokens.verify(token)
    const signedIn = verified !== undefined && typeof verified === "object"
    const bucket = signedIn ? bucketOf(c.req.method, c.req.path) : isVideoFile(c.req.path) ? "videoFiles" : "address"
    const verdict = await options.limiter.consume(bucket, signedIn ? verified.uid : addressOf(c))
    if (verdict.allowed) return next()
    return c.json({ error: REFUSALS[bucket] ?? TOO_MANY_REQUESTS }, 429, {
      "retry-after": String(verdict.retryAfterSeconds)
    })
  }
}
