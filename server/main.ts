import { serve, type ServerType } from "@hono/node-server"
import { Hono } from "hono"
import type { Server } from "node:http"
import { pathToFileURL } from "node:url"
import { API_STAGE } from "#domain/api.ts"
import { EXPORT_ACCOUNT_PATH, EXPORT_HISTORY_PATH } from "#domain/history-import.ts"
import { LIVE_EVENTS_PATH } from "#domain/live-events.ts"
import { VIDEO_DEFAULT_QUOTA_BYTES, VIDEO_FILE_PATH, VIDEO_UPLOADS_PATH } from "#domain/set-videos.ts"
import { DEFAULT_REQUEST_DEADLINE_MS, makeApiHandler } from "./app.ts"
import { makeFirebaseTokenVerifier, type TokenVerifier } from "./auth/token-verifier.ts"
import { openDatabase, type Database, type DatabaseDeadlines } from "./db/client.ts"
import { makeExports } from "./exports/routes.ts"
import {
  limitConnections,
  resolveConnectionLimits,
  serverOptionsOf,
  type ConnectionLimits
} from "./connection-limits.ts"
import { trackInFlight } from "./in-flight.ts"
import { openLiveHub } from "./live/hub.ts"
import { openSessionCutOffs } from "./auth/session-cut-offs.ts"
import { makeLiveStreams, type LiveStreamsOptions } from "./live/streams.ts"
import { log, requestIdFor } from "./log.ts"
import { senderFor, smtpMailer } from "./mail/mailer.ts"
import { openRateLimiter, rateLimitMiddleware, type RateLimits } from "./rate-limit.ts"
import { API_CACHE_CONTROL, appShellPolicy, BASELINE_HEADERS } from "./security-headers.ts"
import { serveBuiltApp } from "./static-assets.ts"
import { makeFileRoute } from "./videos/file-route.ts"
import { openVideoStorage, videoStorageConfigFromEnv, type VideoStorageConfig } from "./videos/open-storage.ts"
import { linkSecret } from "./videos/signed-links.ts"
import { startSweeper, type SweepReport } from "./videos/sweeper.ts"
import { makeTusEndpoint } from "./videos/tus-endpoint.ts"
import type { VideoStorage } from "./videos/video-storage.ts"

export interface StartServerOptions {
  /** 0 picks a free port. Default: PORT or 3000. */
  readonly port?: number
  readonly hostname?: string
  /** postgres://...; without it the embedded PGlite is used. Default: DATABASE_URL. */
  readonly databaseUrl?: string | undefined
  /** PGlite folder (default DATA_DIR, else ./.data/db); "memory://" keeps everything in memory. */
  readonly dataDir?: string | undefined
  /** PostgreSQL schema to use (tests give each file its own). Default: DATABASE_SCHEMA, else public. */
  readonly schemaName?: string | undefined
  /** PostgreSQL pool size. */
  readonly maxConnections?: number | undefined
  /** The built SPA; omitted means API only. */
  readonly staticDir?: string | undefined
  readonly maxBodyBytes?: number | undefined
  readonly tokens?: TokenVerifier
  /** Deadlines for PostgreSQL calls (tests shorten them). Default: DATABASE_DEADLINES. */
  readonly databaseDeadlines?: Partial<DatabaseDeadlines> | undefined
  /** An API request still unanswered after this is answered 503. Default: REQUEST_DEADLINE_MS or 10 s. */
  readonly requestDeadlineMs?: number | undefined
  /** On close, requests in flight get this long to finish before connections are cut. Default 10 s. */
  readonly drainMs?: number | undefined
  /**
   * Per-user and per-address limits (server/rate-limit.ts), counted in PostgreSQL when
   * there is one; false turns them off (the API benchmark). Default: DEFAULT_RATE_LIMITS.
   */
  readonly rateLimits?: RateLimits | false | undefined
  /** The live event streams' per-user cap and heartbeat (server/live/streams.ts). */
  readonly liveStreams?: Pick<LiveStreamsOptions, "maxStreamsPerUser" | "heartbeatMs"> | undefined
  /** smtp://host:port the invitation emails go through; "" or unset sends none. Default: SMTP_URL. */
  readonly smtpUrl?: string | undefined
  /** The app's public origin, for links in emails. Default: APP_ORIGIN, else this server's URL. */
  readonly appOrigin?: string | undefined
  /**
   * Where clips' bytes live (server/videos): a store's config, or a store already open
   * (then the caller closes it). Default: VIDEO_STORE and the rest of the README's table.
   */
  readonly videoStorage?: VideoStorageConfig | VideoStorage | undefined
  /** What one lifter's clips may take together. Default: VIDEO_QUOTA_BYTES, else VIDEO_DEFAULT_QUOTA_BYTES. */
  readonly videoQuotaBytes?: number | undefined
  /**
   * The HTTP server's header and request timeouts, keep-alive and connection cap
   * (server/connection-limits.ts). Default: HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS,
   * KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS, else DEFAULT_CONNECTION_LIMITS.
   */
  readonly connectionLimits?: Partial<ConnectionLimits> | undefined
}

export interface RunningServer {
  readonly url: string
  readonly port: number
  readonly database: Database
  /** Where clips' bytes are kept. */
  readonly videoStorage: VideoStorage
  /** One sweep of clips' bytes left to remove (server/videos/sweeper.ts), as the timer runs it. */
  readonly sweepVideos: () => Promise<SweepReport>
  /** Stops accepting, lets requests in flight finish (up to drainMs), then closes the database. */
  readonly close: () => Promise<void>
}

const isOpenStorage = (storage: VideoStorageConfig | VideoStorage): storage is VideoStorage => "datastore" in storage

const envBytes = (name: string): number | undefined => {
  const text = process.env[name]?.trim()
  if (text === undefined || text === "") return undefined
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number of bytes, not "${text}"`)
  return Number(text)
}

const envMs = (name: string): number | undefined => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : undefined
}

/**
 * With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts unsigned tokens: anyone
 * could sign in as anyone. Only the local stack may run that way, and it says so with
 * ALLOW_AUTH_EMULATOR=1 (npm start, npm run dev and npm test set it).
 */
export function refuseUnsignedTokens(env: NodeJS.ProcessEnv = process.env): void {
  if (env.FIREBASE_AUTH_EMULATOR_HOST && env.ALLOW_AUTH_EMULATOR !== "1") {
    throw new Error(
      "Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set, so ID tokens would not be checked. " +
        "Unset it in production; for a local stack set ALLOW_AUTH_EMULATOR=1."
    )
  }
}

let warnedMailOff = false

/** Opens the database (running migrations), then serves /beta/* and the SPA on one port. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (options.tokens === undefined) refuseUnsignedTokens()
  // Read first: a wrong value stops the start before anything is opened.
  const connectionLimits = resolveConnectionLimits(options.connectionLimits)
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL
  const database = await openDatabase({
    databaseUrl: databaseUrl || undefined,
    dataDir: databaseUrl ? undefined : (options.dataDir ?? process.env.DATA_DIR ?? "./.data/db"),
    schemaName: options.schemaName ?? (process.env.DATABASE_SCHEMA || undefined),
    maxConnections: options.maxConnections,
    deadlines: options.databaseDeadlines
  })
  const tokens = options.tokens ?? makeFirebaseTokenVerifier()
  // Opening it asks nothing of the database (its table came with the migrations), so it cannot fail here.
  const rateLimiter =
    options.rateLimits === false
      ? undefined
      : openRateLimiter({
          limits: options.rateLimits,
          databaseUrl: databaseUrl || undefined,
          schemaName: options.schemaName ?? (process.env.DATABASE_SCHEMA || undefined)
        })
  // Clips' bytes (docs/decisions/050): the store, and the key every instance signs links with.
  const givenStorage = options.videoStorage
  const ownsStorage = givenStorage === undefined || !isOpenStorage(givenStorage)
  let videoStorage: VideoStorage
  let videoLinkSecret: string
  try {
    videoStorage =
      givenStorage !== undefined && isOpenStorage(givenStorage)
        ? givenStorage
        : await openVideoStorage(givenStorage ?? videoStorageConfigFromEnv())
    videoLinkSecret = await linkSecret(database.db, process.env.VIDEO_LINK_SECRET)
  } catch (error) {
    await rateLimiter?.close()
    await database.close()
    throw error
  }
  const videoQuotaBytes = options.videoQuotaBytes ?? envBytes("VIDEO_QUOTA_BYTES") ?? VIDEO_DEFAULT_QUOTA_BYTES
  // The instance's two subscriptions: the live events, feeding every event stream (ADR 029),
  // and the session cut-offs it remembers (ADR 054). If one cannot open, all that opened closes.
  const [hubOpened, cutOffsOpened] = await Promise.allSettled([openLiveHub(database), openSessionCutOffs(database)])
  if (hubOpened.status === "rejected" || cutOffsOpened.status === "rejected") {
    if (hubOpened.status === "fulfilled") await hubOpened.value.close()
    if (cutOffsOpened.status === "fulfilled") await cutOffsOpened.value.close()
    await rateLimiter?.close()
    if (ownsStorage) await videoStorage.close()
    await database.close()
    throw hubOpened.status === "rejected" ? hubOpened.reason : (cutOffsOpened as PromiseRejectedResult).reason
  }
  const hub = hubOpened.value
  const cutOffs = cutOffsOpened.value
  // The port is known once listening: until then (no request yet) nothing reads it.
  let ownUrl = "http://127.0.0.1"
  const appOrigin = options.appOrigin ?? (process.env.APP_ORIGIN || undefined)
  const smtpUrl = options.smtpUrl ?? process.env.SMTP_URL
  const mailer = smtpUrl ? smtpMailer(smtpUrl, senderFor(appOrigin ?? "http://localhost")) : undefined
  if (mailer === undefined && !warnedMailOff) {
    // Once per process: a test run starts many servers and needs hearing it only once.
    warnedMailOff = true
    log.warn("SMTP_URL is not set: invitation emails are off (invitations are still recorded and shown in the app)")
  }
  const api = makeApiHandler({
    db: database.db,
    tokens,
    cutOffs,
    mail: { mailer, appOrigin: () => appOrigin ?? ownUrl },
    videos: { storage: videoStorage, quotaBytes: videoQuotaBytes, linkSecret: videoLinkSecret },
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    requestDeadlineMs: options.requestDeadlineMs ?? envMs("REQUEST_DEADLINE_MS") ?? DEFAULT_REQUEST_DEADLINE_MS
  })

  const shellPolicy =
    options.staticDir === undefined
      ? undefined
      : appShellPolicy({
          staticDir: options.staticDir,
          emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
          authDomain: process.env.FIREBASE_AUTH_DOMAIN ?? process.env.VITE_FIREBASE_AUTH_DOMAIN
        })
  const videoFileRoute = new RegExp(`^${VIDEO_FILE_PATH.replace(":videoId", "[^/]+")}$`)
  const isVideoFile = (path: string) => videoFileRoute.test(path)
  const app = new Hono<{ Variables: { requestId: string } }>()
  // Every answer carries its request id; every API answer is one log line.
  app.use("*", async (c, next) => {
    const requestId = requestIdFor(c.req.header("x-request-id") ?? null)
    c.set("requestId", requestId)
    const started = performance.now()
    await next()
    c.res.headers.set("x-request-id", requestId)
    for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
      // A stricter policy an answer brings (the docs page's, server/docs.ts) is kept.
      if (name === "content-security-policy" && c.res.headers.has(name)) continue
      c.res.headers.set(name, value)
    }
    // A clip's bytes may be kept as long as their link plays (server/videos/file-route.ts).
    if (c.req.path.startsWith(`${API_STAGE}/api`) && !(c.req.method === "GET" && isVideoFile(c.req.path)))
      c.res.headers.set("cache-control", API_CACHE_CONTROL)
    else if (
      shellPolicy !== undefined &&
      !c.req.path.startsWith(API_STAGE) &&
      c.res.headers.get("content-type")?.startsWith("text/html")
    ) {
      c.res.headers.set("content-security-policy", shellPolicy)
    }
    if (c.req.path.startsWith(API_STAGE)) {
      const status = c.res.status
      log[status >= 500 ? "error" : "info"]({
        requestId,
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round(performance.now() - started)
      })
    }
  })
  // One user (or, before a token, one address) cannot slow everyone down: 429 past its budget.
  // Behind a proxy (TRUST_PROXY=1) the client's address is the one the proxy forwarded.
  if (rateLimiter !== undefined) {
    app.use("*", rateLimitMiddleware({ limiter: rateLimiter, tokens, trustProxy: process.env.TRUST_PROXY === "1" }))
  }
  const live = makeLiveStreams({ db: database.db, tokens, hub, ...options.liveStreams })
  app.get(LIVE_EVENTS_PATH, (c) => live.handle(c.req.raw))
  // The exports are streamed beside the contract, as the live events are (server/exports).
  const exports = makeExports({ db: database.db, tokens })
  app.get(EXPORT_HISTORY_PATH, (c) => exports.history(c.req.raw, c.req.param("clientId")))
  app.get(EXPORT_ACCOUNT_PATH, (c) => exports.account(c.req.raw))
  // Clips travel beside the contract too, outside its body limit and deadline (server/videos):
  // in over tus, out by a signed link.
  const trustProxy = process.env.TRUST_PROXY === "1"
  const uploads = makeTusEndpoint({
    db: database.db,
    tokens,
    storage: videoStorage,
    quotaBytes: videoQuotaBytes,
    trustProxy
  })
  app.all(VIDEO_UPLOADS_PATH, (c) => uploads.handle(c.req.raw))
  app.all(`${VIDEO_UPLOADS_PATH}/*`, (c) => uploads.handle(c.req.raw))
  const videoFile = makeFileRoute({ db: database.db, storage: videoStorage, linkSecret: videoLinkSecret })
  app.get(VIDEO_FILE_PATH, (c) => videoFile(c.req.raw, c.req.param("videoId")))
  const sweeper = startSweeper(database.db, videoStorage)
  app.all(API_STAGE, (c) => api.handler(c.req.raw, c.get("requestId")))
  app.all(`${API_STAGE}/*`, (c) => api.handler(c.req.raw, c.get("requestId")))
  // The built SPA: immutable hashed assets, precompressed bodies, never-stale HTML
  // and the history fallback (server/static-assets.ts).
  if (options.staticDir !== undefined) app.use("*", serveBuiltApp(options.staticDir))

  // Loopback unless told otherwise: a deployment behind a proxy sets HOST (README).
  const hostname = options.hostname ?? process.env.HOST ?? "127.0.0.1"
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((done) => {
    const server = serve(
      {
        fetch: app.fetch,
        port: options.port ?? Number(process.env.PORT ?? 3000),
        hostname,
        serverOptions: serverOptionsOf(connectionLimits)
      },
      (info) => done({ server, port: info.port })
    )
  })

  ownUrl = `http://127.0.0.1:${port}`
  // Half-open and idle connections end by these; the proxy in front absorbs the rest (deploy/).
  limitConnections(server as Server, connectionLimits)
  const inFlight = trackInFlight(server as Server)
  const drainMs = options.drainMs ?? envMs("DRAIN_MS") ?? 10_000
  let closed: Promise<void> | undefined
  const close = () =>
    (closed ??= (async () => {
      // Stop accepting; idle keep-alive connections close now. A request in flight is
      // answered rather than reset: a reset write may have committed, and the client,
      // seeing no answer, would send it again.
      const stopped = new Promise<void>((done) => server.close(() => done()))
      // Streams never finish on their own: end them, their readers resume on another instance.
      live.closeAll()
      await sweeper.close()
      await hub.close()
      await cutOffs.close()
      await inFlight.drained(drainMs)
      if ("closeAllConnections" in server) server.closeAllConnections()
      await stopped
      await api.dispose()
      mailer?.close()
      await rateLimiter?.close()
      if (ownsStorage) await videoStorage.close()
      await database.close()
    })())

  return { url: ownUrl, port, database, videoStorage, sweepVideos: sweeper.sweep, close }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const running = await startServer({ staticDir: process.env.STATIC_DIR ?? "dist" })
  console.log(`API and app on ${running.url} (${running.database.kind})`)
  const stop = () => void running.close().then(() => process.exit(0))
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}
