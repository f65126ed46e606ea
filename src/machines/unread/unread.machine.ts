import { assign, fromCallback, fromPromise, setup, type DoneActorEvent } from "xstate"
import type { ChatMessage, UnreadCounts } from "#domain/chat.ts"
import type { UnreadContext, UnreadEvent, UnreadInput } from "./unread.types.ts"

// The unread counts on the Chat tab (docs/decisions/030): read from GET /chat/unread, then kept up
// to date by the live stream. A message from the other person adds one to its thread; a
// read mark of the person's own (on this device or another) clears an unknown number, so
// the counts are read again; so they are each time the stream reopens, since a fresh
// stream does not replay what came while it was away. Whatever arrives while a read is
// under way may or may not be in its answer: that answer is dropped and the read made
// again. A failed read leaves no badge and is tried again when the stream reopens or
// after a while. unread.actors.ts provides the read and the watch on the live feed.

/** How long a failed read waits before trying again on its own. */
export const UNREAD_RETRY_MS = 30_000

/** The counts with one more unread message from the other person in `message`'s thread. */
export const countMessage = (counts: UnreadCounts, message: ChatMessage): UnreadCounts => {
  const known = counts.threads.some((thread) => thread.clientId === message.clientId)
  const threads = known
    ? counts.threads.map((thread) =>
        thread.clientId === message.clientId
          ? { ...thread, unread: thread.unread + 1, lastMessageAt: message.createdAt }
          : thread
      )
    : [{ clientId: message.clientId, unread: 1, lastMessageAt: message.createdAt }, ...counts.threads]
  return { total: counts.total + 1, threads }
}

const reads = {
  onDone: [
    { guard: "changedMeanwhile", target: "#unread.reading", reenter: true },
    {
      target: "#unread.loaded",
      actions: {
        type: "remember",
        params: ({ event }: { event: DoneActorEvent<UnreadCounts> }) => ({ counts: event.output })
      }
    }
  ]
} as const

const noteChange = { actions: "noteChange" } as const

export const unreadMachine = setup({
  types: {
    context: {} as UnreadContext,
    events: {} as UnreadEvent,
    input: {} as UnreadInput
  },
  actors: {
    loadUnread: fromPromise<UnreadCounts>(() => Promise.reject(new Error("loadUnread was not provided"))),
    watchLive: fromCallback<UnreadEvent>(() => () => undefined)
  },
  guards: {
    changedMeanwhile: ({ context }) => context.changedMeanwhile,
    hasCounts: ({ context }) => context.counts !== null,
    fromTheOtherPerson: ({ context, event }) => event.type === "live.message" && event.message.senderId !== context.me,
    markedByMe: ({ context, event }) => event.type === "live.read" && event.mark.readerId === context.me
  },
  delays: { retry: UNREAD_RETRY_MS },
  actions: {
    remember: assign((_, { counts }: { counts: UnreadCounts }) => ({ counts })),
    startRead: assign({ changedMeanwhile: false }),
    noteChange: assign({ changedMeanwhile: true }),
    count: assign(({ context, event }) => ({
      counts:
        context.counts !== null && event.type === "live.message"
          ? countMessage(context.counts, event.message)
          : context.counts
    }))
  }
}).createMachine({
  id: "unread",
  context: ({ input }) => ({ me: input.me, counts: null, changedMeanwhile: false }),
  invoke: { id: "watchLive", src: "watchLive" },
  initial: "reading",
  states: {
    /** Reading the counts; the badge keeps showing the last ones meanwhile, and after a failed read again. */
    reading: {
      entry: "startRead",
      invoke: {
        id: "loadUnread",
        src: "loadUnread",
        ...reads,
        onError: [{ guard: "hasCounts", target: "loaded" }, { target: "failed" }]
      },
      on: { "live.message": noteChange, "live.read": noteChange, "live.ready": noteChange }
    },
    loaded: {
      on: {
        "live.message": { guard: "fromTheOtherPerson", actions: "count" },
        "live.read": { guard: "markedByMe", target: "reading" },
        "live.ready": "reading"
      }
    },
    failed: {
      after: { retry: "reading" },
      on: { "live.ready": "reading", "live.message": "reading", "live.read": "reading" }
    }
  }
})

export type UnreadMachine = typeof unreadMachine
