import { assign, emit, fromCallback, fromPromise, setup } from "xstate"
import type { ChatMessage, MessageId } from "#domain/chat.ts"
import { declaredTag } from "#domain/declared-errors.ts"
import type { UserId } from "#domain/ids.ts"
import { isNetworkFailure } from "#domain/network-failure.ts"
import { describeFailure } from "../failure-text.ts"
import type { ChatOutboxContext, ChatOutboxEmitted, ChatOutboxEvent, ChatOutboxInput } from "./chat-outbox.types.ts"
import type { OutboxEntry } from "#domain/chat-outbox.ts"

/*
 * One thread's outbox (docs/decisions/030): every message written is kept here,
 * with the id the device made, until the server answers it with its stored copy. It is
 * sent in the order written, one at a time; offline (the browser says so, or the request
 * never reached the server) it waits for the network; a 429 waits as long as the server
 * asks; a refusal (400 and the like) stays, with the server's words, until the person
 * edits or discards it. A retry sends the same id, which the server stores once. The actor
 * outlives the screen (chat-outbox.registry.ts), so leaving the chat loses nothing; every
 * entry is also kept on the device (IndexedDB, src/device/chat-outbox.store.ts) until the server has
 * stored it or the person discarded its refusal, and an outbox starts by restoring what was
 * kept, so a reload or a closed tab loses nothing either.
 */

/** After a failure that is neither the network's nor a refusal (a 500), and without Retry-After. */
export const RETRY_AFTER_FAILURE_MS = 5_000
/** Offline by a failed request while the browser says online: try again this often. */
export const NETWORK_RETRY_MS = 15_000

export interface SendInput {
  readonly clientId: UserId
  readonly id: MessageId
  readonly body: string
  /** the entry's `about`, when it has one */
  readonly about?: string | undefined
}

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

/** The first entry still to be sent (refused ones wait for the person). */
export const nextToSend = (entries: ReadonlyArray<OutboxEntry>): OutboxEntry | undefined =>
  entries.find((entry) => entry.refused === null)

/** The entry refused last (the refusal just taken). */
const lastRefused = (entries: ReadonlyArray<OutboxEntry>): OutboxEntry | undefined =>
  entries.findLast((entry) => entry.refused !== null)

const written = (event: ChatOutboxEvent): Extract<ChatOutboxEvent, { type: "message.send" }> => {
  if (event.type !== "message.send") throw new Error(`${event.type} is not a message written`)
  return event
}

/** A message written: into the outbox, and onto the device (the entry as held, once per id). */
const queue = [
  {
    type: "enqueue",
    params: ({ event }: { event: ChatOutboxEvent }) => {
      const { id, body, createdAt, about } = written(event)
      return { id, body, createdAt, about }
    }
  },
  {
    type: "keep",
    params: ({ context, event }: { context: ChatOutboxContext; event: ChatOutboxEvent }) => ({
      entry: context.entries.find((entry) => entry.id === written(event).id)
    })
  }
] as const

export const chatOutboxMachine = setup({
  types: {
    context: {} as ChatOutboxContext,
    events: {} as ChatOutboxEvent,
    input: {} as ChatOutboxInput,
    emitted: {} as ChatOutboxEmitted
  },
  actors: {
    sendMessage: fromPromise<ChatMessage, SendInput>(() => Promise.reject(new Error("sendMessage was not provided"))),
    /** Sends network.online and network.offline as the browser says; silent until provided. */
    watchNetwork: fromCallback<ChatOutboxEvent>(() => () => undefined),
    /** What the device kept of this thread's outbox (a reload, a closed tab), oldest first; none until provided. */
    loadKept: fromPromise<ReadonlyArray<OutboxEntry>, { clientId: UserId }>(() => Promise.resolve([]))
  },
  guards: {
    isOffline: ({ context }) => !context.online,
    hasQueued: ({ context }) => nextToSend(context.entries) !== undefined,
    /** The server answered and refused (any declared error but a lapsed sign-in): sending it again would change nothing. */
    isRefusal: (_, { error }: { error: unknown }) => {
      const tag = declaredTag(error)
      return tag !== undefined && tag !== "Unauthorized"
    },
    /** A 429 (GatewayDefect "rateLimited", #gateway/gateway-defect.ts): nothing refused, come back later. */
    isRateLimited: (_, { error }: { error: unknown }) =>
      field(error, "_tag") === "GatewayDefect" && field(error, "reason") === "rateLimited",
    isNetworkFailure: (_, { error }: { error: unknown }) => isNetworkFailure(error),
    /** Only a refused message can be discarded: one waiting or on its way may already be stored. */
    isRefused: ({ context }, { id }: { id: MessageId }) =>
      context.entries.some((entry) => entry.id === id && entry.refused !== null)
  },
  actions: {
    enqueue: assign(
      ({ context }, entry: { id: MessageId; body: string; createdAt: string; about: string | undefined }) => ({
        // The same id twice (a double press reaching here) is kept once.
        entries: context.entries.some((kept) => kept.id === entry.id)
          ? context.entries
          : [...context.entries, { ...entry, refused: null }]
      })
    ),
    /** What the device kept, before anything written since (which may be among it already). */
    restore: assign(({ context }, { kept }: { kept: ReadonlyArray<OutboxEntry> }) => ({
      entries: [...kept.filter((entry) => !context.entries.some((own) => own.id === entry.id)), ...context.entries]
    })),
    /** Writes the entry to the device's store; `chatOutboxImplementations` provides it. */
    keep: (_, _params: { entry: OutboxEntry | undefined }) => undefined,
    /** Deletes the entry from the device's store; `chatOutboxImplementations` provides it. */
    forget: (_, _params: { id: MessageId }) => undefined,
    discard: assign(({ context }, { id }: { id: MessageId }) => ({
      entries: context.entries.filter((entry) => entry.id !== id || entry.refused === null)
    })),
    forgetSent: assign(({ context }, { id }: { id: MessageId }) => ({
      entries: context.entries.filter((entry) => entry.id !== id)
    })),
    announceSent: emit((_, { message }: { message: ChatMessage }) => ({ type: "sent" as const, message })),
    refuseNext: assign(({ context }, { error }: { error: unknown }) => {
      const next = nextToSend(context.entries)
      return {
        entries: context.entries.map((entry) =>
          entry === next ? { ...entry, refused: describeFailure(error) } : entry
        )
      }
    }),
    rememberWait: assign((_, { error }: { error: unknown }) => ({
      retryAfterMs: ((wait) => (typeof wait === "number" ? wait : RETRY_AFTER_FAILURE_MS))(field(error, "retryAfterMs"))
    })),
    goOnline: assign({ online: true }),
    goOffline: assign({ online: false })
  },
  delays: {
    serverWait: ({ context }) => context.retryAfterMs,
    networkRetry: NETWORK_RETRY_MS
  }
}).createMachine({
  id: "chatOutbox",
  context: ({ input }) => ({
    clientId: input.clientId,
    entries: [],
    online: input.online,
    retryAfterMs: RETRY_AFTER_FAILURE_MS
  }),
  invoke: { id: "watchNetwork", src: "watchNetwork" },
  on: {
    "message.send": { actions: queue },
    "message.discard": {
      guard: { type: "isRefused", params: ({ event }) => ({ id: event.id }) },
      actions: [
        { type: "forget", params: ({ event }) => ({ id: event.id }) },
        { type: "discard", params: ({ event }) => ({ id: event.id }) }
      ]
    },
    "network.online": { actions: "goOnline" },
    "network.offline": { actions: "goOffline" }
  },
  initial: "restoring",
  states: {
    // What the device kept of this thread (written before a reload or in a closed tab) comes back first.
    restoring: {
      invoke: {
        id: "loadKept",
        src: "loadKept",
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: "checking", actions: { type: "restore", params: ({ event }) => ({ kept: event.output }) } },
        // The store could not be read (logged by its port): what is written here is still sent.
        onError: "checking"
      }
    },
    checking: {
      always: [{ guard: "isOffline", target: "offline" }, { guard: "hasQueued", target: "sending" }, { target: "idle" }]
    },
    idle: {
      on: {
        "message.send": { target: "checking", actions: queue }
      }
    },
    sending: {
      invoke: {
        id: "sendMessage",
        src: "sendMessage",
        input: ({ context }) => {
          const next = nextToSend(context.entries)
          if (next === undefined) throw new Error("sending with nothing to send")
          return { clientId: context.clientId, id: next.id, body: next.body, about: next.about }
        },
        onDone: {
          target: "checking",
          actions: [
            { type: "forget", params: ({ event }) => ({ id: event.output.id }) },
            { type: "forgetSent", params: ({ event }) => ({ id: event.output.id }) },
            { type: "announceSent", params: ({ event }) => ({ message: event.output }) }
          ]
        },
        onError: [
          {
            guard: { type: "isRefusal", params: ({ event }) => ({ error: event.error }) },
            target: "checking",
            actions: [
              { type: "refuseNext", params: ({ event }) => ({ error: event.error }) },
              // The refusal is kept too: after a reload it is still shown, with the server's words.
              { type: "keep", params: ({ context }) => ({ entry: lastRefused(context.entries) }) }
            ]
          },
          {
            guard: { type: "isRateLimited", params: ({ event }) => ({ error: event.error }) },
            target: "waitingToRetry",
            actions: { type: "rememberWait", params: ({ event }) => ({ error: event.error }) }
          },
          { guard: { type: "isNetworkFailure", params: ({ event }) => ({ error: event.error }) }, target: "offline" },
          {
            target: "waitingToRetry",
            actions: { type: "rememberWait", params: ({ event }) => ({ error: event.error }) }
          }
        ]
      }
    },
    // No network: wait for the browser's online event (or, if it never says offline, try again now and then).
    offline: {
      on: { "network.online": { target: "checking", actions: "goOnline" } },
      after: { networkRetry: "checking" }
    },
    // The server asked for a pause (429), or failed on its side: the same message again after it.
    waitingToRetry: {
      on: { "network.online": { target: "checking", actions: "goOnline" } },
      after: { serverWait: "checking" }
    }
  }
})

export type ChatOutboxMachine = typeof chatOutboxMachine
