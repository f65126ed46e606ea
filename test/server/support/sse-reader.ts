import type { ClientRequest, IncomingMessage } from "node:http"
import { type Agent, request as httpsRequest } from "node:https"
import { LIVE_EVENTS_PATH } from "#domain/live-events.ts"

/*
 * The reader of the live event stream (Server-Sent Events) that the server's tests and the
 * busy evening's load generator (scripts/bench-evening-load.ts) share; the app has its own
 * (src/gateway/live-stream.ts). The parser is the one piece: each caller keeps its
 * transport, fetch where a test reads as the app does, Node's https through Caddy where a
 * CA of its own must be trusted.
 */

/** One block of the stream, up to a blank line. */
export interface SseBlock {
  /** The `id:` field as a number, when the block had one. */
  readonly id: number | undefined
  /** The `data:` lines joined with newlines; undefined when the block had none. */
  readonly data: string | undefined
  /** Comment lines (":" first): the heartbeats. */
  readonly comments: number
}

/** A parser fed the stream's text piece by piece; calls `block` for every block it completes. */
export function sseParser(block: (parsed: SseBlock) => void): (text: string) => void {
  let buffer = ""
  return (text) => {
    buffer += text
    let end: number
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const lines = buffer.slice(0, end).split("\n")
      buffer = buffer.slice(end + 2)
      let id: number | undefined
      const data: Array<string> = []
      let comments = 0
      for (const line of lines) {
        if (line.startsWith(":")) comments++
        else if (line.startsWith("id: ")) id = Number(line.slice(4))
        else if (line.startsWith("data: ")) data.push(line.slice(6))
      }
      block({ id, data: data.length === 0 ? undefined : data.join("\n"), comments })
    }
  }
}

/** The events a reader got so far, and a wait for those still to come. */
export interface EventLog<Event> {
  readonly events: ReadonlyArray<Event>
  readonly add: (event: Event) => void
  /** Wakes the waiters: after an event, or when the stream ended. */
  readonly notify: () => void
  /** Resolves once `count` events match, or rejects after `ms`. */
  readonly waitFor: (
    match: (event: Event) => boolean,
    options?: { count?: number; ms?: number }
  ) => Promise<ReadonlyArray<Event>>
}

export function eventLog<Event>(): EventLog<Event> {
  const events: Array<Event> = []
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  return {
    events,
    add: (event) => {
      events.push(event)
      notify()
    },
    notify,
    waitFor: (match, { count = 1, ms = 5_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.filter(match)
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
}

/** The live stream through Caddy over HTTPS, trusting its root certificate only. */
export interface ProxiedStream {
  /** Caddy's HTTPS port on this machine, reached as `localhost`. */
  readonly port: number
  readonly token: string
  /**
   * Caddy's root certificate, on a connection of the stream's own; or an agent made with
   * it, whose connections may resume TLS sessions.
   */
  readonly trust: { readonly ca: string } | { readonly agent: Agent }
  readonly acceptEncoding: string
  /** Where to resume, sent as Last-Event-ID. */
  readonly lastEventId?: number | undefined
}

/** Asks for the live stream through Caddy; `answered` gets the answer, the caller ends the request. */
export const requestProxiedStream = (
  stream: ProxiedStream,
  answered: (answer: IncomingMessage) => void
): ClientRequest =>
  httpsRequest(
    {
      host: "127.0.0.1",
      port: stream.port,
      path: LIVE_EVENTS_PATH,
      ...("agent" in stream.trust
        ? { agent: stream.trust.agent }
        : { agent: false, servername: "localhost", ca: stream.trust.ca }),
      headers: {
        host: `localhost:${stream.port}`,
        authorization: `Bearer ${stream.token}`,
        accept: "text/event-stream",
        "accept-encoding": stream.acceptEncoding,
        ...(stream.lastEventId === undefined ? {} : { "last-event-id": String(stream.lastEventId) })
      }
    },
    answered
  )
