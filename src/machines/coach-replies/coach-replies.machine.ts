import { assign, fromCallback, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from "xstate"
import type { CoachReplies } from "#domain/comments.ts"
import { describeFailure } from "../failure-text.ts"
import type { CoachRepliesContext, CoachRepliesEvent, CoachRepliesInput, MarkInput } from "./coach-replies.types.ts"

// A lifter's replies from their coach (docs/decisions/041): read from the server with the
// unread count past the lifter's read mark, read again when the live feed brings a reply
// (or reopens). Opening the replies moves the server's mark to the newest one: the badge
// goes when the server answers, never before, and a mark made on another device shows on
// the next read. coach-replies.actors.ts provides the reads, the mark and the live feed.

const take = {
  type: "take",
  params: ({ event }: { event: DoneActorEvent<CoachReplies> }) => ({ replies: event.output })
} as const
const noteFailure = {
  type: "noteFailure",
  params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error })
} as const

export const coachRepliesMachine = setup({
  types: {
    context: {} as CoachRepliesContext,
    events: {} as CoachRepliesEvent,
    input: {} as CoachRepliesInput
  },
  actors: {
    loadReplies: fromPromise<CoachReplies>(() => Promise.reject(new Error("loadReplies was not provided"))),
    markRead: fromPromise<CoachReplies, MarkInput>(() => Promise.reject(new Error("markRead was not provided"))),
    watchReplies: fromCallback<CoachRepliesEvent, { me: CoachRepliesInput["me"] }>(() => () => undefined)
  },
  guards: {
    hasUnread: ({ context }) => (context.replies?.unread ?? 0) > 0,
    stale: ({ context }) => context.stale
  },
  actions: {
    take: assign((_, { replies }: { replies: CoachReplies }) => ({ replies, failure: null, stale: false })),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    noteStale: assign({ stale: true })
  }
}).createMachine({
  id: "coachReplies",
  context: ({ input }) => ({ me: input.me, replies: null, failure: null, stale: false }),
  invoke: { id: "watchReplies", src: "watchReplies", input: ({ context }) => ({ me: context.me }) },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadReplies",
        src: "loadReplies",
        onDone: { target: "ready", actions: take },
        onError: { target: "failed", actions: noteFailure }
      }
    },
    failed: { on: { "replies.retry": "loading", "replies.changed": "loading" } },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "replies.open": { guard: "hasUnread", target: "marking" },
            "replies.changed": "reloading"
          }
        },
        // The list stays on screen while it is read again; a failed read keeps it.
        reloading: {
          invoke: {
            id: "loadReplies",
            src: "loadReplies",
            onDone: { target: "idle", actions: take },
            onError: "idle"
          },
          on: { "replies.changed": { target: "reloading", reenter: true } }
        },
        marking: {
          invoke: {
            id: "markRead",
            src: "markRead",
            input: ({ context }) => {
              const newest = context.replies?.replies[0]
              if (newest === undefined) throw new Error("marking with no reply")
              return { upTo: newest.id }
            },
            onDone: [
              { guard: "stale", target: "reloading", actions: take },
              { target: "idle", actions: take }
            ],
            onError: { target: "markFailed", actions: noteFailure }
          },
          on: { "replies.changed": { actions: "noteStale" } }
        },
        // The badge stays: the server does not hold the mark. Opening again tries again.
        markFailed: {
          on: {
            "replies.open": { guard: "hasUnread", target: "marking" },
            "replies.changed": "reloading"
          }
        }
      }
    }
  }
})

export type CoachRepliesMachine = typeof coachRepliesMachine
