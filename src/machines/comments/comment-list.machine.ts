import { assign, fromCallback, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from "xstate"
import type { WorkoutComment } from "#domain/comments.ts"
import { describeFailure } from "../failure-text.ts"

// Comments as a screen lists them (docs/decisions/029): a client's day (the coach's day view, the
// lifter's logging page) or the coach's recent comments (the dashboard's 'Comments' panel).
// The list is read once; live `comment` events (a new comment, a reply) are merged in by
// id in every state, so one that arrives while the read is under way is kept too. Each time
// the live stream opens again the list is read again (kept on screen meanwhile), since the
// stream only brings what happens from then on. A failed read is shown with a retry. comment-list.actors.ts provides the read and the live feed.

/** A comment with, on the dashboard, its client's name. */
export type ListedComment = WorkoutComment & { readonly clientName?: string | undefined }

export interface CommentListContext {
  readonly comments: ReadonlyArray<ListedComment>
  readonly failure: string | null
}

export type CommentListEvent =
  | { readonly type: "comments.retry" }
  /** The live stream opened again: what it missed while away is read again. */
  | { readonly type: "comments.reload" }
  /** A comment written or replied to, from the live feed or from this screen's own composer. */
  | { readonly type: "comment.arrived"; readonly comment: ListedComment }

/** The later of two copies of one comment: a reply keeps its seq, so the reply's time decides. */
const laterOf = (kept: ListedComment, incoming: ListedComment): ListedComment => {
  const newer =
    incoming.seq > kept.seq ||
    (incoming.seq === kept.seq && (incoming.reply?.repliedAt ?? "") >= (kept.reply?.repliedAt ?? ""))
  const chosen = newer ? incoming : kept
  return { ...chosen, clientName: incoming.clientName ?? kept.clientName }
}

/** `comments` with `incoming` merged in by id. */
export const mergeComments = (
  comments: ReadonlyArray<ListedComment>,
  incoming: ReadonlyArray<ListedComment>
): ReadonlyArray<ListedComment> => {
  const byId = new Map(comments.map((comment) => [comment.id, comment] as const))
  for (const comment of incoming) {
    const kept = byId.get(comment.id)
    byId.set(comment.id, kept === undefined ? comment : laterOf(kept, comment))
  }
  return [...byId.values()]
}

export const commentListMachine = setup({
  types: {
    context: {} as CommentListContext,
    events: {} as CommentListEvent
  },
  actors: {
    loadComments: fromPromise<ReadonlyArray<ListedComment>>(() =>
      Promise.reject(new Error("loadComments was not provided"))
    ),
    watchComments: fromCallback<CommentListEvent>(() => () => undefined)
  },
  guards: {
    /** The list holds a comment once `comments` are merged in. */
    hasCommentsWith: ({ context }, { comments }: { comments: ReadonlyArray<ListedComment> }) =>
      context.comments.length + comments.length > 0
  },
  actions: {
    merge: assign(({ context }, { comments }: { comments: ReadonlyArray<ListedComment> }) => ({
      comments: mergeComments(context.comments, comments)
    })),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    clearFailure: assign({ failure: null })
  }
}).createMachine({
  id: "commentList",
  context: { comments: [], failure: null },
  invoke: { id: "watchComments", src: "watchComments" },
  on: {
    "comment.arrived": { actions: { type: "merge", params: ({ event }) => ({ comments: [event.comment] }) } },
    "comments.reload": { target: ".loading", reenter: true }
  },
  initial: "loading",
  states: {
    loading: {
      entry: "clearFailure",
      invoke: {
        id: "loadComments",
        src: "loadComments",
        onDone: [
          {
            guard: {
              type: "hasCommentsWith",
              params: ({ event }: { event: DoneActorEvent<ReadonlyArray<ListedComment>> }) => ({
                comments: event.output
              })
            },
            target: "showing",
            actions: {
              type: "merge",
              params: ({ event }: { event: DoneActorEvent<ReadonlyArray<ListedComment>> }) => ({
                comments: event.output
              })
            }
          },
          { target: "empty" }
        ],
        onError: {
          target: "failed",
          actions: { type: "noteFailure", params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) }
        }
      }
    },
    empty: {
      on: {
        "comment.arrived": {
          target: "showing",
          actions: { type: "merge", params: ({ event }) => ({ comments: [event.comment] }) }
        }
      }
    },
    showing: {},
    failed: { on: { "comments.retry": "loading" } }
  }
})

export type CommentListMachine = typeof commentListMachine
