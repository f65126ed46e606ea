import * as Schema from "effect/Schema"
import { LIVE_EVENTS_PATH, LiveData } from "#domain/live-events.ts"
import { eventLog, sseParser } from "./sse-reader.ts"

/** One event of the stream as a reader got it: its id and its decoded data. */
export interface ReceivedEvent {
  readonly id: number
  readonly data: LiveData
}

export interface LiveReader {
  readonly status: number
  /** Every event so far, `ready` first. */
  readonly events: ReadonlyArray<ReceivedEvent>
  /** Heartbeat comment lines seen. */
  readonly heartbeats: () => number
  /** Resolves once `count` events after `ready` match, or rejects after `ms`. */
  readonly waitFor: (
    match: (event: ReceivedEvent) => boolean,
    options?: { count?: number; ms?: number }
  ) => Promise<ReadonlyArray<ReceivedEvent>>
  /** Whether the server ended the stream. */
  readonly ended: () => boolean
  readonly close: () => void
}

const decode = Schema.decodeUnknownSync(LiveData)

/**
 * Reads the live stream with fetch, as the app will (the token in the Authorization
 * header), its events parsed by the shared reader (sse-reader.ts). Resolves once the
 * server answered (after `ready` when the answer is 200).
 */
export async function openLiveReader(
  baseUrl: string,
  token: string | undefined,
  options: { lastEventId?: number; after?: number } = {}
): Promise<LiveReader> {
  const abort = new AbortController()
  const headers: Record<string, string> = { accept: "text/event-stream" }
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId)
  const query = options.after === undefined ? "" : `?after=${options.after}`
  const response = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}${query}`, { headers, signal: abort.signal })
  const log = eventLog<ReceivedEvent>()
  let heartbeats = 0
  let ended = false
  const reader: LiveReader = {
    status: response.status,
    events: log.events,
    heartbeats: () => heartbeats,
    ended: () => ended,
    close: () => abort.abort(),
    waitFor: (match, wait) => log.waitFor((event) => event.data.type !== "ready" && match(event), wait)
  }
  if (response.status !== 200 || response.body === null) return reader
  const body = response.body.pipeThrough(new TextDecoderStream()).getReader()
  const ready = new Promise<void>((resolve, reject) => {
    const parse = sseParser(({ id, data, comments }) => {
      heartbeats += comments
      if (id === undefined || data === undefined) return
      const event = { id, data: decode(JSON.parse(data)) }
      log.add(event)
      if (event.data.type === "ready") resolve()
    })
    const pump = async () => {
      try {
        for (;;) {
          const { value, done } = await body.read()
          if (done) break
          parse(value)
        }
      } catch (error) {
        if (!abort.signal.aborted) reject(error instanceof Error ? error : new Error(String(error)))
      } finally {
        ended = true
        resolve()
        log.notify()
      }
    }
    void pump()
  })
  await ready
  return reader
}
