/**
 * The browser's reader of the live event stream (GET /beta/api/events, docs/decisions/029):
 * Server-Sent Events read with fetch, so the ID token goes in the Authorization header as
 * on every other call. This module reads one connection at a time: it parses the event
 * stream as it arrives, decodes each `data:` with the LiveData schema and says how the
 * connection ended. When and whether to reconnect is the live-stream machine's
 * (#machines/live-stream); services.ts loads both in the "chat" chunk once someone is
 * signed in.
 */
import * as Schema from "effect/Schema"
import { LIVE_EVENTS_PATH, LiveData, type LiveEvent } from "#domain/live-events.ts"

/** One event as the stream framed it: the fields of the lines before a blank line. */
export interface StreamEvent {
  /** the `id:` field, when the event had one */
  readonly id: string | undefined
  /** the `data:` lines, joined with newlines */
  readonly data: string
}

export interface EventStreamParser {
  /** Feeds the next piece of text; calls back for every event it completes. */
  readonly push: (text: string) => void
}

/**
 * An incremental text/event-stream parser (the HTML standard's rules, without the
 * `event:` field, which this stream does not use): a chunk may end anywhere, even
 * between the CR and LF of one line break. Comment lines (":" first: the heartbeats)
 * carry nothing; `retry:` reports the reconnection time the server asks for.
 */
export function eventStreamParser(handlers: {
  readonly event: (event: StreamEvent) => void
  readonly retry?: (ms: number) => void
}): EventStreamParser {
  let buffer = ""
  let skipLeadingLf = false
  let data: Array<string> = []
  let id: string | undefined

  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) handlers.event({ id, data: data.join("\n") })
      data = []
      id = undefined
      return
    }
    if (text.startsWith(":")) return
    const colon = text.indexOf(":")
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? "" : text.slice(colon + 1)
    if (value.startsWith(" ")) value = value.slice(1)
    if (field === "data") data.push(value)
    else if (field === "id" && !value.includes("\0")) id = value
    else if (field === "retry" && /^\d+$/.test(value)) handlers.retry?.(Number(value))
  }

  return {
    push: (text) => {
      buffer += text
      if (skipLeadingLf && buffer.startsWith("\n")) buffer = buffer.slice(1)
      skipLeadingLf = false
      for (;;) {
        const end = buffer.search(/[\r\n]/)
        if (end === -1) break
        line(buffer.slice(0, end))
        if (buffer[end] === "\r") {
          if (end + 1 === buffer.length) {
            // A CR at the chunk's end: its LF may come with the next chunk.
            skipLeadingLf = true
            buffer = ""
            break
          }
          buffer = buffer.slice(end + (buffer[end + 1] === "\n" ? 2 : 1))
        } else buffer = buffer.slice(end + 1)
      }
    }
  }
}

/** How one connection ended. */
export type ConnectionEnd =
  /** The server closed the stream (a token that expired, a restart): reconnect soon. */
  | { readonly kind: "ended" }
  /** The network failed, or the server answered something unexpected: reconnect with backoff. */
  | { readonly kind: "failed"; readonly reason: string }
  /** Too many streams or reconnects (429), or the database is away (503): wait as long as told. */
  | { readonly kind: "busy"; readonly retryAfterMs: number | undefined }
  /** The cursor named was not one of this stream's: reconnect from now (and read again). */
  | { readonly kind: "badCursor" }
  /** Not signed in (401 with a fresh token too) or no account (403): do not reconnect. */
  | { readonly kind: "refused"; readonly status: number }
  /** Stopped from this side (sign-out, the tab closing). */
  | { readonly kind: "aborted" }

export interface ConnectionHandlers {
  /** The stream listens: its first event. `cursor` is where it starts. */
  readonly ready: (cursor: number) => void
  /** An event, in the server's order; `id` is its sequence, the cursor to resume after it. */
  readonly event: (id: number, event: LiveEvent) => void
  /** The server's `retry:`, the time it asks a reader to wait before reconnecting. */
  readonly retry?: (ms: number) => void
}

export interface LiveStreamOptions {
  readonly baseUrl: string
  readonly getIdToken: (forceRefresh?: boolean) => Promise<string | null>
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>
}

const decodeData = Schema.decodeUnknownOption(Schema.fromJsonString(LiveData))

/** Retry-After in seconds (the server's form) or as an HTTP date, in milliseconds. */
export const retryAfterMs = (header: string | null, now = Date.now()): number | undefined => {
  if (header === null || header.trim() === "") return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

// Only our own abort is "aborted": a connection torn down under us is a failure to retry.
const isAbort = (_error: unknown, signal: AbortSignal) => signal.aborted

/**
 * Opens the stream once, resuming after `after` when given (Last-Event-ID), and reads it
 * until it ends; resolves with how it ended, never rejects. A 401 is tried once more with
 * a freshly fetched token (a cached one may have gone stale early), as every other call is.
 */
export async function readLiveStream(
  options: LiveStreamOptions,
  after: number | undefined,
  signal: AbortSignal,
  handlers: ConnectionHandlers
): Promise<ConnectionEnd> {
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const open = async (forceRefresh: boolean) => {
    const token = await options.getIdToken(forceRefresh)
    if (token === null) return null
    return fetch(new URL(LIVE_EVENTS_PATH, options.baseUrl).toString(), {
      method: "GET",
      headers: {
        accept: "text/event-stream",
        authorization: `Bearer ${token}`,
        ...(after === undefined ? {} : { "last-event-id": String(after) })
      },
      cache: "no-store",
      signal
    })
  }
  let response: Response | null
  try {
    response = await open(false)
    if (response?.status === 401) {
      await response.body?.cancel().catch(() => undefined)
      response = await open(true)
    }
  } catch (error) {
    if (isAbort(error, signal)) return { kind: "aborted" }
    return { kind: "failed", reason: error instanceof Error ? error.message : String(error) }
  }
  if (response === null) return { kind: "refused", status: 401 }
  if (!response.ok || response.body === null) {
    await response.body?.cancel().catch(() => undefined)
    const status = response.status
    if (status === 401 || status === 403) return { kind: "refused", status }
    if (status === 400) return { kind: "badCursor" }
    if (status === 429 || status === 503) {
      return { kind: "busy", retryAfterMs: retryAfterMs(response.headers.get("retry-after")) }
    }
    return { kind: "failed", reason: `the stream answered ${status}` }
  }

  const parser = eventStreamParser({
    ...(handlers.retry === undefined ? {} : { retry: handlers.retry }),
    event: ({ id, data }) => {
      const decoded = decodeData(data)
      if (decoded._tag === "None") {
        console.warn("live events: an event this app does not read was skipped", data.slice(0, 200))
        return
      }
      const live = decoded.value
      if (live.type === "ready") handlers.ready(live.cursor)
      else if (id !== undefined && /^\d+$/.test(id)) handlers.event(Number(id), live)
    }
  })
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  const stop = () => void reader.cancel().catch(() => undefined)
  signal.addEventListener("abort", stop)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.push(value)
    }
    return signal.aborted ? { kind: "aborted" } : { kind: "ended" }
  } catch (error) {
    if (isAbort(error, signal)) return { kind: "aborted" }
    return { kind: "failed", reason: error instanceof Error ? error.message : String(error) }
  } finally {
    signal.removeEventListener("abort", stop)
  }
}
