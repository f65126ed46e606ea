import { fromCallback, fromPromise } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { WorkoutComment } from "#domain/comments.ts"
import type { UserId } from "#domain/ids.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { LiveConnection, LiveFeed } from "#gateway/live-feed.ts"
import type { CommentListEvent, ListedComment } from "./comment-list.machine.ts"

/** What a comment list needs from outside: its read, and the live comments it keeps. */
export interface CommentListPorts {
  readonly load: () => Promise<ReadonlyArray<ListedComment>>
  /** The signed-in person's live feed (and its connection); without it, the list is as read. */
  readonly live?: (LiveFeed & Partial<LiveConnection>) | undefined
  /** Which live comments belong to this list, and what to add to each (a client's name). */
  readonly accept: (comment: WorkoutComment) => ListedComment | null
}

/** The list's real actors, for `commentListMachine.provide(...)`. */
export function commentListImplementations(ports: CommentListPorts) {
  return {
    actors: {
      loadComments: fromPromise<ReadonlyArray<ListedComment>>(() => ports.load()),
      watchComments: fromCallback<CommentListEvent>(({ sendBack }) => {
        const { live } = ports
        if (live === undefined) return () => undefined
        const stopEvents = live.subscribe((event) => {
          if (event.type !== "comment") return
          const comment = ports.accept(event.comment)
          if (comment !== null) sendBack({ type: "comment.arrived", comment })
        })
        // The stream opening after the first read (or again after a drop): whatever came
        // between is read again. The status at subscribing is the read's own time: no reload.
        let subscribing = true
        const stopStatus = live.subscribeStatus?.((status) => {
          if (status === "open" && !subscribing) sendBack({ type: "comments.reload" })
        })
        subscribing = false
        return () => {
          stopEvents()
          stopStatus?.()
        }
      })
    }
  }
}

/** One client's comments of one day (the coach's day view, the lifter's own page). */
export const dayCommentPorts = (ports: {
  readonly chat: Pick<ChatGateway, "dayComments">
  readonly live?: CommentListPorts["live"]
  readonly clientId: UserId
  readonly date: IsoDate
}): CommentListPorts => ({
  load: async () => ports.chat.dayComments(ports.clientId, ports.date),
  live: ports.live,
  accept: (comment) => (comment.clientId === ports.clientId && comment.date === ports.date ? comment : null)
})

/** The coach's clients' latest comments (the dashboard's panel); `nameOf` names a live comment's client. */
export const recentCommentPorts = (ports: {
  readonly chat: Pick<ChatGateway, "recentComments">
  readonly live?: CommentListPorts["live"]
  readonly nameOf: (clientId: UserId) => string | undefined
}): CommentListPorts => ({
  load: async () => ports.chat.recentComments(),
  live: ports.live,
  accept: (comment) => ({ ...comment, clientName: ports.nameOf(comment.clientId) })
})
