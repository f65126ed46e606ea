import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { ChatMessage, MessageId, MessagePage, ReadMark } from "#domain/chat.ts"
import { hasTag } from "#domain/declared-errors.ts"
import type { UserId } from "#domain/ids.ts"
import { describeFailure } from "../failure-text.ts"
import { mergeMessages, messageProblem, newestFrom } from "#domain/chat-text.ts"
import type { ChatContext, ChatEvent, ChatInput, PageInput } from "./chat.types.ts"

/*
 * One open thread (docs/decisions/030): its newest page, older pages as the
 * person scrolls up, what the live stream and this device's outbox bring (each message
 * once, by id), the thread marked read up to the other person's newest message while the
 * page is in view, and the composer, whose text goes to the outbox (chat-outbox.machine.ts)
 * once it passes the server's rules.
 */

/** After a read mark that did not reach the server, try again this much later. */
export const READ_RETRY_MS = 10_000

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput
  },
  actors: {
    loadPage: fromPromise<MessagePage, PageInput>(() => Promise.reject(new Error("loadPage was not provided"))),
    markRead: fromPromise<ReadMark, { clientId: UserId; messageId: MessageId }>(() =>
      Promise.reject(new Error("markRead was not provided"))
    ),
    /** Sends the thread's live events and the page's visibility; silent until provided. */
    watch: fromCallback<ChatEvent>(() => () => undefined)
  },
  guards: {
    // No thread to show: the client has no coach, or is no longer on the coach's list.
    isNotFound: (_, { error }: { error: unknown }) => hasTag(error, "NoCoach", "ClientNotFound"),
    hasOlder: ({ context }) => context.before !== null,
    shouldMarkRead: ({ context }) =>
      context.visible && (newestFrom(context.messages, context.me)?.seq ?? 0) > context.myReadSeq,
    isDraftSendable: ({ context }) => messageProblem(context.draft) === null
  },
  actions: {
    takePage: assign(({ context }, { page }: { page: MessagePage }) => ({
      messages: mergeMessages(context.messages, page.messages),
      // The newest page is read once, first: either page's cursor is where the next older page starts.
      before: page.before,
      failure: null,
      theirReadSeq: Math.max(context.theirReadSeq, page.readByOther ?? 0)
    })),
    takeNewer: assign(({ context }, { page }: { page: MessagePage }) => ({
      messages: mergeMessages(context.messages, page.messages),
      theirReadSeq: Math.max(context.theirReadSeq, page.readByOther ?? 0)
    })),
    takeMessage: assign(({ context }, { message }: { message: ChatMessage }) => ({
      messages: message.clientId === context.clientId ? mergeMessages(context.messages, [message]) : context.messages
    })),
    takeReadMark: assign(({ context }, { mark }: { mark: ReadMark }) => {
      if (mark.clientId !== context.clientId) return {}
      return mark.readerId === context.me
        ? { myReadSeq: Math.max(context.myReadSeq, mark.seq) }
        : { theirReadSeq: Math.max(context.theirReadSeq, mark.seq) }
    }),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    showPage: assign({ visible: true }),
    hidePage: assign({ visible: false }),
    changeDraft: assign((_, { text }: { text: string }) => ({ draft: text, draftProblem: null })),
    refuseDraft: assign(({ context }) => ({ draftProblem: messageProblem(context.draft) })),
    clearDraft: assign({ draft: "", draftProblem: null }),
    /** Hands the text to the thread's outbox with a new id; `chatImplementations` provides it. */
    queueMessage: (_, _params: { body: string }) => undefined
  },
  delays: { readRetry: READ_RETRY_MS }
}).createMachine({
  id: "chat",
  context: ({ input }) => ({
    clientId: input.clientId,
    me: input.me,
    messages: [],
    before: null,
    failure: null,
    theirReadSeq: 0,
    myReadSeq: 0,
    visible: input.visible,
    draft: "",
    draftProblem: null
  }),
  invoke: { id: "watch", src: "watch" },
  on: {
    "message.received": { actions: { type: "takeMessage", params: ({ event }) => ({ message: event.message }) } },
    "read.received": { actions: { type: "takeReadMark", params: ({ event }) => ({ mark: event.mark }) } },
    "page.visible": { actions: "showPage" },
    "page.hidden": { actions: "hidePage" },
    "draft.change": { actions: { type: "changeDraft", params: ({ event }) => ({ text: event.text }) } },
    "draft.send": [
      {
        guard: "isDraftSendable",
        actions: [{ type: "queueMessage", params: ({ context }) => ({ body: context.draft }) }, "clearDraft"]
      },
      { actions: "refuseDraft" }
    ]
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadNewest",
        src: "loadPage",
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: {
          target: "showing",
          actions: { type: "takePage", params: ({ event }) => ({ page: event.output }) }
        },
        onError: [
          { guard: { type: "isNotFound", params: ({ event }) => ({ error: event.error }) }, target: "unavailable" },
          { target: "failed", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } }
        ]
      }
    },
    failed: { on: { "thread.retry": "loading", "thread.refresh": "loading" } },
    // No thread to show: a client without a coach, or a client no longer on the coach's list.
    unavailable: {},
    showing: {
      type: "parallel",
      states: {
        history: {
          initial: "checking",
          states: {
            checking: { always: [{ guard: "hasOlder", target: "more" }, { target: "start" }] },
            more: { on: { "older.load": "loadingOlder" } },
            loadingOlder: {
              invoke: {
                id: "loadOlder",
                src: "loadPage",
                input: ({ context }) => ({ clientId: context.clientId, before: context.before ?? undefined }),
                onDone: {
                  target: "checking",
                  actions: { type: "takePage", params: ({ event }) => ({ page: event.output }) }
                },
                onError: {
                  target: "olderFailed",
                  actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
                }
              }
            },
            olderFailed: { on: { "older.load": "loadingOlder" } },
            // The thread's first message is here.
            start: {}
          }
        },
        // The live stream opened again after a drop: what came meanwhile is read again, quietly.
        fresh: {
          initial: "current",
          states: {
            current: { on: { "thread.refresh": "refreshing" } },
            refreshing: {
              on: { "thread.refresh": { target: "refreshing", reenter: true } },
              invoke: {
                id: "refreshNewest",
                src: "loadPage",
                input: ({ context }) => ({ clientId: context.clientId }),
                onDone: {
                  target: "current",
                  actions: { type: "takeNewer", params: ({ event }) => ({ page: event.output }) }
                },
                onError: "current"
              }
            }
          }
        },
        read: {
          initial: "upToDate",
          states: {
            upToDate: { always: { guard: "shouldMarkRead", target: "marking" } },
            marking: {
              invoke: {
                id: "markRead",
                src: "markRead",
                input: ({ context }) => {
                  const newest = newestFrom(context.messages, context.me)
                  if (newest === undefined) throw new Error("marking read with nothing to mark")
                  return { clientId: context.clientId, messageId: newest.id }
                },
                onDone: {
                  target: "upToDate",
                  actions: { type: "takeReadMark", params: ({ event }) => ({ mark: event.output }) }
                },
                onError: "markFailed"
              }
            },
            // Quietly: the mark is tried again later; nothing the person has to do.
            markFailed: { after: { readRetry: "upToDate" } }
          }
        }
      }
    }
  }
})

export type ChatMachine = typeof chatMachine
