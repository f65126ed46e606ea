import { assign, emit, fromCallback, setup } from "xstate"
import { RECONNECT_MS } from "#domain/live-events.ts"
import type {
  LiveStreamContext,
  LiveStreamEmitted,
  LiveStreamEvent,
  LiveStreamInput,
  StreamEnd
} from "./live-stream.types.ts"

// The live event stream's connection, one per signed-in tab (docs/decisions/029).
// Signed in, it connects; once the server's `ready` arrives it is open and hands every
// event on (emitted as `live.event`, and `live.ready` each time it (re)opens, so a screen
// reads again what a fresh stream would not replay). When the stream ends it waits and
// reconnects after the last event it got (Last-Event-ID), so nothing is missed or doubled.
// The waits keep a reconnect storm from being a flood: at least the server's `retry:`
// (3 s) after a stream that was open, growing to a minute while connects keep failing, at
// least Retry-After when the server says it is busy (429, 503), and each stretched by up
// to half again at random so many tabs dropped at once do not come back at once.
// Offline, it waits for the network; a refusal (401 with a fresh token, 403) or signing
// out stops it. live-stream.actors.ts provides the connection.

/** The longest wait between failing connects. */
export const MAX_WAIT_MS = 60_000
/** The wait after a 429/503 that named no Retry-After. */
export const BUSY_WAIT_MS = 5_000

/** How long to wait after `end`, before the jitter: see the comment above. */
export const baseWaitMs = (end: StreamEnd, attempt: number, retryMs: number): number => {
  if (end.kind === "busy") return Math.max(end.retryAfterMs ?? BUSY_WAIT_MS, retryMs)
  if (end.kind === "ended" && attempt === 0) return retryMs
  return Math.min(MAX_WAIT_MS, retryMs * 2 ** attempt)
}

const ends =
  (...kinds: ReadonlyArray<StreamEnd["kind"]>) =>
  ({ event }: { event: LiveStreamEvent }) =>
    event.type === "stream.end" && kinds.includes(event.end.kind)

export const liveStreamMachine = setup({
  types: {
    context: {} as LiveStreamContext,
    events: {} as LiveStreamEvent,
    input: {} as LiveStreamInput,
    emitted: {} as LiveStreamEmitted
  },
  actors: {
    connection: fromCallback<LiveStreamEvent, { readonly after: number | undefined }>(() => () => undefined)
  },
  guards: {
    refused: ends("refused", "aborted"),
    badCursor: ends("badCursor")
  },
  delays: {
    reconnect: ({ context }) => context.waitMs
  },
  actions: {
    planWait: assign(({ context, event }) => {
      if (event.type !== "stream.end") return {}
      const base = baseWaitMs(event.end, context.attempt, context.retryMs)
      return { waitMs: Math.round(base * (1 + context.random() / 2)), attempt: context.attempt + 1 }
    }),
    forgetCursor: assign({ lastId: undefined }),
    noteRefusal: assign(({ event }) => ({
      refusedWith: event.type === "stream.end" && event.end.kind === "refused" ? event.end.status : null
    })),
    opened: assign(({ context, event }) => ({
      attempt: 0,
      lastId: event.type === "stream.ready" ? (context.lastId ?? event.cursor) : context.lastId
    })),
    emitReady: emit({ type: "live.ready" } as const),
    passOn: emit(({ event }) => {
      if (event.type !== "stream.event") throw new Error(`passOn on ${event.type}`)
      return { type: "live.event" as const, event: event.event }
    }),
    advance: assign(({ event, context }) => ({ lastId: event.type === "stream.event" ? event.id : context.lastId })),
    noteRetry: assign(({ event, context }) => ({
      retryMs: event.type === "stream.retry" ? event.ms : context.retryMs
    })),
    reset: assign({ lastId: undefined, attempt: 0, waitMs: 0, refusedWith: null })
  }
}).createMachine({
  id: "liveStream",
  context: ({ input }) => ({
    lastId: undefined,
    attempt: 0,
    retryMs: RECONNECT_MS,
    waitMs: 0,
    refusedWith: null,
    random: input.random
  }),
  initial: "stopped",
  on: {
    "live.stop": { target: ".stopped", actions: "reset" }
  },
  states: {
    stopped: {
      on: { "live.start": { target: "streaming", actions: "reset" } }
    },
    streaming: {
      invoke: { id: "connection", src: "connection", input: ({ context }) => ({ after: context.lastId }) },
      initial: "connecting",
      on: {
        "stream.retry": { actions: "noteRetry" },
        "stream.end": [
          { guard: "refused", target: "stopped", actions: "noteRefusal" },
          // The server did not know the cursor: start from now; `live.ready` has screens read again.
          { guard: "badCursor", target: "waitingToReconnect", actions: ["forgetCursor", "planWait"] },
          { target: "waitingToReconnect", actions: "planWait" }
        ],
        "network.offline": "offline"
      },
      states: {
        connecting: {
          on: { "stream.ready": { target: "open", actions: ["opened", "emitReady"] } }
        },
        open: {
          on: { "stream.event": { actions: ["advance", "passOn"] } }
        }
      }
    },
    waitingToReconnect: {
      after: { reconnect: "streaming" },
      on: { "network.offline": "offline" }
    },
    offline: {
      on: { "network.online": "streaming" }
    }
  }
})

export type LiveStreamMachine = typeof liveStreamMachine
