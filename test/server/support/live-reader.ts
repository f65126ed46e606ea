import * as Schema from "effect/Schema"
import { LIVE_EVENTS_PATH, LiveData } from "#domain/live-events.ts"

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
 * header), parsing Server-Sent Events by the specification's rules: blocks separated by
 * a blank line, `id:` and `data:` fields, `:` comments. Resolves once the server answered
 * (after `ready` when the answer is 200).
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
  const events: Array<ReceivedEvent> = []
  let heartbeats = 0
  let ended = false
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const reader: LiveReader = {
    status: response.status,
    events,
    heartbeats: () => heartbeats,
    ended: () => ended,
    close: () => abort.abort(),
    waitFor: (match, { count = 1, ms = 5_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.filter((event) => event.data.type !== "ready" && match(event))
          if (found.length < count) return false
          listeners.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(new Error(`waited ${ms} ms for ${count} event(s); got ${JSON.stringify(events)}`))
        }, ms)
        if (!check()) listeners.add(check)
      })
  }
  if (response.status !== 200 || response.body === null) return reader
  const body = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ""
  const ready = new Promise<void>((resolve, reject) => {
    const pump = async () => {
      try {
        for (;;) {
          const { value, done } = await body.read()
          if (done) break
          buffer += value
          let end: number
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            let id: number | undefined
            const data: Array<string> = []
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) heartbeats++
              else if (line.startsWith("id: ")) id = Number(line.slice(4))
              else if (line.startsWith("data: ")) data.push(line.slice(6))
            }
            if (id === undefined || data.length === 0) continue
            const event = { id, data: decode(JSON.parse(data.join("\n"))) }
            events.push(event)
            if (event.data.type === "ready") resolve()
            notify()
          }
        }
      } catch (error) {
        if (!abort.signal.aborted) reject(error instanceof Error ? error : new Error(String(error)))
      } finally {
        ended = true
        resolve()
        notify()
      }
    }
    void pump()
  })
  await ready
  return reader
}
