import { assign, fromCallback, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from "xstate"
import type { WorkoutComment } from "#domain/comments.ts"
import { describeFailure, NETWORK_DOWN } from "../failure-text.ts"
import { textProblem } from "#domain/comment-text.ts"
import { isKeptForLater } from "#domain/note-outcomes.ts"

// One note being written (a lifter's on a set or a workout) or one reply (the coach's, in
// place, docs/decisions/029). The text is checked as the server checks it; sending carries an id made
// on the device once per note, so a retry (a lost answer, the network back) stores it once.
// Offline, the note waits for the network and is sent when it returns: it is never shown as
// sent before the server answered. A lifter's note is delivered through their notes outbox
// (docs/decisions/041), which keeps it on the device meanwhile and says so
// (NoteKeptForLater). comment-composer.actors.ts provides the delivery.

export interface ComposerInput {
  /** "note" or "reply": how the text is named in what the person reads. */
  readonly what: string
}

export interface ComposerContext {
  readonly what: string
  /** The note's id, made on the device when it is started; the same for every try. */
  readonly id: string
  readonly text: string
  /** Why the text cannot be sent as it is; null when it can. */
  readonly problem: string | null
  /** Why the server refused it, or could not be reached. */
  readonly failure: string | null
  /** What the server stored, once it answered. */
  readonly sent: WorkoutComment | null
}

export type ComposerEvent =
  | { readonly type: "note.open" }
  | { readonly type: "note.change"; readonly text: string }
  | { readonly type: "note.send" }
  | { readonly type: "note.cancel" }
  | { readonly type: "note.retry" }
  | { readonly type: "network.online" }

export interface Delivery {
  readonly id: string
  readonly text: string
}

const newId = (): string => crypto.randomUUID()

export const commentComposerMachine = setup({
  types: {
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    input: {} as ComposerInput
  },
  actors: {
    deliver: fromPromise<WorkoutComment, Delivery>(() => Promise.reject(new Error("deliver was not provided"))),
    watchOnline: fromCallback<ComposerEvent>(() => () => undefined)
  },
  guards: {
    isSendable: ({ context }) => textProblem(context.text, context.what) === null,
    isNetworkDown: (_, { error }: { error: unknown }) =>
      isKeptForLater(error) || describeFailure(error) === NETWORK_DOWN
  },
  actions: {
    startNote: assign({ id: () => newId(), text: "", problem: null, failure: null }),
    keepText: assign((_, { text }: { text: string }) => ({ text, problem: null })),
    noteProblem: assign(({ context }) => ({ problem: textProblem(context.text, context.what) })),
    forget: assign({ text: "", problem: null, failure: null }),
    rememberSent: assign((_, { comment }: { comment: WorkoutComment }) => ({ sent: comment, text: "", failure: null })),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) }))
  }
}).createMachine({
  id: "commentComposer",
  context: ({ input }) => ({ what: input.what, id: newId(), text: "", problem: null, failure: null, sent: null }),
  initial: "closed",
  states: {
    closed: { on: { "note.open": "editing" } },
    editing: {
      on: {
        "note.change": { actions: { type: "keepText", params: ({ event }) => ({ text: event.text }) } },
        "note.send": [{ guard: "isSendable", target: "sending" }, { actions: "noteProblem" }],
        "note.cancel": { target: "closed", actions: "forget" }
      }
    },
    sending: {
      invoke: {
        id: "deliver",
        src: "deliver",
        input: ({ context }) => ({ id: context.id, text: context.text }),
        onDone: {
          target: "sent",
          actions: {
            type: "rememberSent",
            params: ({ event }: { event: DoneActorEvent<WorkoutComment> }) => ({ comment: event.output })
          }
        },
        onError: [
          {
            guard: {
              type: "isNetworkDown",
              params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error })
            },
            target: "waiting"
          },
          {
            target: "failed",
            actions: {
              type: "noteFailure",
              params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error })
            }
          }
        ]
      }
    },
    // Offline: the note is kept, with its id, and sent as soon as the network is back.
    waiting: {
      invoke: { id: "watchOnline", src: "watchOnline" },
      on: { "network.online": "sending", "note.retry": "sending" }
    },
    failed: {
      on: {
        "note.retry": "sending",
        "note.change": {
          target: "editing",
          actions: { type: "keepText", params: ({ event }) => ({ text: event.text }) }
        },
        "note.cancel": { target: "closed", actions: "forget" }
      }
    },
    sent: { on: { "note.open": { target: "editing", actions: "startNote" } } }
  }
})

export type CommentComposerMachine = typeof commentComposerMachine
