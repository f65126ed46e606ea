import type { LiveEvent } from "#domain/live-events.ts"
import type { ConnectionEnd } from "#gateway/live-stream.ts"

/** How one connection ended (#gateway/live-stream.ts). */
export type StreamEnd = ConnectionEnd

export interface LiveStreamContext {
  /** The id of the last event this tab got: a reconnect resumes after it. */
  readonly lastId: number | undefined
  /** Reconnects since the stream was last open: the backoff grows with it. */
  readonly attempt: number
  /** What the server's `retry:` asks a reader to wait before reconnecting. */
  readonly retryMs: number
  /** How long the wait under way lasts. */
  readonly waitMs: number
  /** Why the stream stopped for good: the status of a refusal (401, 403). */
  readonly refusedWith: number | null
  /** A number in [0, 1) for the jitter of each wait (Math.random in the app). */
  readonly random: () => number
}

export interface LiveStreamInput {
  /** Math.random in the app; tests pass a fixed one. */
  readonly random: () => number
}

export type LiveStreamEvent =
  /** Someone is signed in: open the stream. */
  | { readonly type: "live.start" }
  /** Signed out (or the tab goes away): close it and forget where it was. */
  | { readonly type: "live.stop" }
  | { readonly type: "network.offline" }
  | { readonly type: "network.online" }
  /** From the connection: the stream listens, from `cursor`. */
  | { readonly type: "stream.ready"; readonly cursor: number }
  | { readonly type: "stream.event"; readonly id: number; readonly event: LiveEvent }
  | { readonly type: "stream.retry"; readonly ms: number }
  | { readonly type: "stream.end"; readonly end: StreamEnd }

/** What the machine tells listeners (actor.on): each event, and each time the stream (re)opens. */
export type LiveStreamEmitted =
  { readonly type: "live.event"; readonly event: LiveEvent } | { readonly type: "live.ready" }
