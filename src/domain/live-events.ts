import * as Schema from "effect/Schema"
import { API_STAGE } from "./api-stage.ts"
import { ChatMessage, ReadMark } from "./chat.ts"
import { WorkoutComment } from "./comments.ts"
import { SetVideo, VideoComment } from "./set-videos.ts"

/*
 * The live event stream (GET /beta/api/events, docs/decisions/029): Server-Sent Events
 * read with fetch (the Authorization header goes with it). Each event is
 *
 *   id: <seq>
 *   data: <one LiveEvent as JSON>
 *
 * in the order the server stored them, after a first `ready` event (LiveReady). A reconnect sends `Last-Event-ID: <seq>` (or
 * `?after=<seq>`) and gets exactly what came after. Lines starting with ":" are
 * heartbeats and carry nothing.
 */

export const LIVE_EVENTS_PATH = `${API_STAGE}/api/events` as const
/** The stream sends a heartbeat comment this often, so proxies keep an idle stream open. */
export const HEARTBEAT_MS = 15_000
/** What the stream asks EventSource-like readers to wait before reconnecting (the `retry:` field). */
export const RECONNECT_MS = 3_000

/**
 * The stream's first event, once it listens: its id is where the stream starts. A screen
 * opens the stream, waits for `ready`, then reads its pages, so nothing written between
 * the read and the stream is missed (what both bring is the same message id, kept once).
 */
export const LiveReady = Schema.Struct({ type: Schema.Literal("ready"), cursor: Schema.Number })

export const LiveEvent = Schema.Union([
  /** a new message in one of the caller's threads (the caller's own too: their other devices) */
  Schema.Struct({ type: Schema.Literal("message"), message: ChatMessage }),
  /** someone moved their read mark in one of the caller's threads */
  Schema.Struct({ type: Schema.Literal("read"), mark: ReadMark }),
  /** a comment written or replied to on a workout of the caller (a client) or of one of their clients (a coach) */
  Schema.Struct({ type: Schema.Literal("comment"), comment: WorkoutComment }),
  /** a form-check clip of the caller (a client) or of one of their clients (a coach) finished uploading */
  Schema.Struct({ type: Schema.Literal("video"), video: SetVideo }),
  /** a coach commented at a moment of a clip (./set-videos.ts) */
  Schema.Struct({ type: Schema.Literal("videoComment"), comment: VideoComment })
])
export type LiveEvent = typeof LiveEvent.Type

/** Any `data:` line of the stream. */
export const LiveData = Schema.Union([LiveReady, LiveEvent])
export type LiveData = typeof LiveData.Type
