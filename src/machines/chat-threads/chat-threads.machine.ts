import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { UserId } from "#domain/ids.ts"
import { describeFailure } from "../failure-text.ts"
import type { ThreadSummary } from "#domain/thread-summaries.ts"

/*
 * A coach's chats (docs/decisions/030): one thread per client on their list,
 * each with its unread count, read again whenever the live stream says a message came or
 * a thread was read, so the counts follow without a reload.
 */

export interface ChatThreadsContext {
  readonly coachId: UserId
  readonly threads: ReadonlyArray<ThreadSummary>
  readonly failure: string | null
}

export type ChatThreadsEvent = { readonly type: "threads.retry" } | { readonly type: "threads.changed" }

export const chatThreadsMachine = setup({
  types: {
    context: {} as ChatThreadsContext,
    events: {} as ChatThreadsEvent,
    input: {} as { readonly coachId: UserId }
  },
  actors: {
    loadThreads: fromPromise<ReadonlyArray<ThreadSummary>, { readonly coachId: UserId }>(() =>
      Promise.reject(new Error("loadThreads was not provided"))
    ),
    /** Sends threads.changed when a live message or read mark arrives; silent until provided. */
    watch: fromCallback<ChatThreadsEvent>(() => () => undefined)
  },
  actions: {
    takeThreads: assign((_, { threads }: { threads: ReadonlyArray<ThreadSummary> }) => ({ threads, failure: null })),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) }))
  }
}).createMachine({
  id: "chatThreads",
  context: ({ input }) => ({ coachId: input.coachId, threads: [], failure: null }),
  invoke: { id: "watch", src: "watch" },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadThreads",
        src: "loadThreads",
        input: ({ context }) => ({ coachId: context.coachId }),
        onDone: {
          target: "ready",
          actions: { type: "takeThreads", params: ({ event }) => ({ threads: event.output }) }
        },
        onError: {
          target: "failed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    failed: { on: { "threads.retry": "loading" } },
    ready: {
      on: { "threads.changed": ".refreshing" },
      initial: "idle",
      states: {
        idle: {},
        // The list stays on screen while it is read again; a failed refresh keeps it as it was.
        refreshing: {
          on: { "threads.changed": { target: "refreshing", reenter: true } },
          invoke: {
            id: "refreshThreads",
            src: "loadThreads",
            input: ({ context }) => ({ coachId: context.coachId }),
            onDone: {
              target: "idle",
              actions: { type: "takeThreads", params: ({ event }) => ({ threads: event.output }) }
            },
            onError: "idle"
          }
        }
      }
    }
  }
})

export type ChatThreadsMachine = typeof chatThreadsMachine
