import { HEARTBEAT_MS, RECONNECT_MS, type LiveData } from "#domain/live-events.ts"
import { NO_ACCOUNT } from "../account.ts"
import { MISSING, TOKEN_REFUSALS } from "../auth/authentication.ts"
import type { TokenVerifier } from "../auth/token-verifier.ts"
import type { Db } from "../db/client.ts"
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE_TEXT } from "../db/unavailable.ts"
import { log } from "../log.ts"
import { bearerToken } from "../rate-limit.ts"
import { isCutOff } from "../auth/session-cut-off.ts"
import { findAccountByFirebaseId, type UserRow } from "../users/repository.ts"
import { eventsAfter, latestEventId } from "./events.ts"
import type { LiveHub } from "./hub.ts"

/*
 * GET /beta/api/events: the signed-in person's live events as Server-Sent Events
 * (docs/decisions/029). Read with fetch, so the ID token travels in the Authorization
 * header as on every other call; the stream ends when that token expires and the reader
 * reconnects with a fresh one and `Last-Event-ID`. Opening one counts against the
 * `eventStreams` rate limit (server/rate-limit.ts); a person holds at most
 * `maxStreamsPerUser` open on one instance.
 */

/** Open streams one person may hold on one instance: a few tabs and devices. */
export const MAX_STREAMS_PER_USER = 5
/** Events read per query while catching up. */
const BATCH = 200
/** A reader this far behind (bytes queued) is dropped; it reconnects and resumes from the database. */
const MAX_QUEUED_BYTES = 1024 * 1024

export const TOO_MANY_STREAMS = `Too many live connections open (${MAX_STREAMS_PER_USER}); close another tab and try again`
const BAD_CURSOR = "Last-Event-ID: must be the id of an event this stream sent"

export interface LiveStreamsOptions {
  readonly db: Db
  readonly tokens: TokenVerifier
  readonly hub: LiveHub
  readonly maxStreamsPerUser?: number
  readonly heartbeatMs?: number
  readonly now?: () => number
}

export interface LiveStreams {
  readonly handle: (request: Request) => Promise<Response>
  /** Open streams on this instance. */
  readonly open: () => number
  /** Ends every stream (shutdown): readers reconnect elsewhere and resume. */
  readonly closeAll: () => void
}

const refusal = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers })

/** The cursor a reconnect names: Last-Event-ID (EventSource's header), else `?after=`. */
const cursorOf = (request: Request): number | undefined | "bad" => {
  const named = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after")
  if (named === null || named === "") return undefined
  return /^\d{1,15}$/.test(named) ? Number(named) : "bad"
}

export function makeLiveStreams(options: LiveStreamsOptions): LiveStreams {
  const maxPerUser = options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
  const now = options.now ?? Date.now
  const openByUser = new Map<number, number>()
  const closers = new Set<() => void>()

  const stream = (user: UserRow, startAfter: number | undefined, expiresAt: number): Response => {
    const encoder = new TextEncoder()
    let cursor = startAfter ?? 0
    let ready = false
    let reading = false
    let again = false
    let closed = false
    let stopWatching = () => {}
    let heartbeat: ReturnType<typeof setInterval> | undefined
    let expiry: ReturnType<typeof setTimeout> | undefined
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined

    const end = (closeBody: boolean) => {
      if (closed) return
      closed = true
      stopWatching()
      clearInterval(heartbeat)
      clearTimeout(expiry)
      closers.delete(close)
      const left = (openByUser.get(user.id) ?? 1) - 1
      if (left > 0) openByUser.set(user.id, left)
      else openByUser.delete(user.id)
      if (closeBody) {
        try {
          controller?.close()
        } catch {
          // already closed by the reader going away
        }
      }
    }
    const close = () => end(true)
    // Read through functions: a wake or a close lands while a read awaits the database.
    const isClosed = () => closed
    const wakedMeanwhile = () => again

    const write = (text: string) => {
      if (closed || controller === undefined) return
      try {
        controller.enqueue(encoder.encode(text))
      } catch {
        // The body was torn down under us: the reader is gone.
        close()
        return
      }
      if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) close()
    }
    const send = (id: number, data: LiveData) => write(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`)

    const drain = async (): Promise<void> => {
      if (!ready || reading || closed) {
        again = true
        return
      }
      reading = true
      try {
        do {
          again = false
          for (;;) {
            const batch = await eventsAfter(options.db, user, cursor, BATCH)
            for (const { id, event } of batch) {
              if (event !== null) send(id, event)
              cursor = id
            }
            if (batch.length < BATCH || isClosed()) break
          }
        } while (wakedMeanwhile() && !isClosed())
      } catch (error) {
        // The reader reconnects with the last id it got and resumes there.
        log.warn({ err: error, userId: user.id }, "live events: a read failed; the stream ends")
        close()
      } finally {
        reading = false
      }
    }

    const begin = async () => {
      try {
        if (startAfter === undefined) cursor = await latestEventId(options.db, user)
      } catch (error) {
        log.warn({ err: error, userId: user.id }, "live events: could not start")
        close()
        return
      }
      write(`retry: ${RECONNECT_MS}\n\n`)
      send(cursor, { type: "ready", cursor })
      ready = true
      await drain()
    }

    const body = new ReadableStream<Uint8Array>(
      {
        start(streamController) {
          controller = streamController
          closers.add(close)
          openByUser.set(user.id, (openByUser.get(user.id) ?? 0) + 1)
          // Watching starts before the cursor is read: a write in between wakes a read.
          stopWatching = options.hub.watch(user.id, () => void drain())
          heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs)
          expiry = setTimeout(close, Math.max(0, Math.min(expiresAt - now(), 2 ** 31 - 1)))
          void begin()
        },
        cancel() {
          end(false)
        }
      },
      { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength }
    )
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        // nginx and its kin would hold the events back to fill a buffer.
        "x-accel-buffering": "no"
      }
    })
  }

  const handle = async (request: Request): Promise<Response> => {
    const token = bearerToken(request.headers.get("authorization") ?? undefined)
    if (token === undefined) return refusal(401, MISSING)
    const verified = await options.tokens.verify(token)
    if (typeof verified === "string") return refusal(401, TOKEN_REFUSALS[verified])
    const cursor = cursorOf(request)
    if (cursor === "bad") return refusal(400, BAD_CURSOR)
    let user: UserRow | undefined
    try {
      const account = await findAccountByFirebaseId(options.db, verified.uid)
      // As on every call (server/auth/authentication.ts): a session older than the cut-off is refused.
      if (
        account !== undefined &&
        isCutOff(account.sessionsValidAfter, { authTime: verified.authTime, signInProvider: verified.signInProvider })
      )
        return refusal(401, TOKEN_REFUSALS.refused)
      user = account?.user
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        return refusal(503, UNAVAILABLE_MESSAGE_TEXT, { "retry-after": String(RETRY_AFTER_SECONDS) })
      }
      throw error
    }
    if (user === undefined) return refusal(403, NO_ACCOUNT)
    if ((openByUser.get(user.id) ?? 0) >= maxPerUser) return refusal(429, TOO_MANY_STREAMS, { "retry-after": "5" })
    return stream(user, cursor, verified.expiresAt)
  }

  return {
    handle,
    open: () => closers.size,
    closeAll: () => {
      for (const close of [...closers]) close()
    }
  }
}
