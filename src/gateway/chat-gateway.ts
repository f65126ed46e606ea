/**
 * The browser side of the chat and comments contract (#domain/chat-api.ts): the same
 * token, retry and errors as the main gateway (./gateway.ts), in a module of its own so
 * only the screens that talk load it (vite.config.ts puts it in the "chat" chunk).
 * Every call is a Promise for XState fromPromise actors; it rejects with a DeclaredError
 * (BadRequest, Unauthorized, Forbidden, NotFound, Conflict) or a GatewayDefect.
 */
import { ChatApi } from "#domain/chat-api.ts"
import type { MessageId } from "#domain/chat.ts"
import type { CommentId, CommentTarget } from "#domain/comments.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { contractCalls, promiseCalls, type GatewayOptions, type PromiseCalls } from "./gateway.ts"

const makeChatCalls = contractCalls(ChatApi, (client) => ({
  /** A page of the client's thread, newest first; `before` (a seq) reads the page older than it. */
  messages: (clientId: UserId, page: { readonly before?: number; readonly limit?: number } = {}) =>
    client.chat.messages({ params: { clientId }, query: page }),
  /** Sends with the id made on the device: sending the same id again stores nothing new. */
  sendMessage: (clientId: UserId, message: { readonly id: MessageId; readonly body: string }) =>
    client.chat.sendMessage({ params: { clientId }, payload: message }),
  markRead: (clientId: UserId, messageId: MessageId) =>
    client.chat.markRead({ params: { clientId }, payload: { messageId } }),
  unread: () => client.chat.unread({}),
  /** A client's comment on their workout or set, with the id made on the device. */
  addComment: (comment: { readonly id: CommentId; readonly target: CommentTarget; readonly body: string }) =>
    client.comments.addComment({ payload: comment }),
  /** The coach's reply in place; a new reply replaces the last. */
  replyToComment: (commentId: CommentId, body: string) =>
    client.comments.replyToComment({ params: { commentId }, payload: { body } }),
  /** The comments on a client's workouts of one day, oldest first. */
  dayComments: (clientId: UserId, date: IsoDate) =>
    client.comments.dayComments({ params: { clientId }, query: { date } }),
  /** The coach's clients' comments, newest first. */
  recentComments: (limit?: number) => client.comments.recentComments({ query: limit === undefined ? {} : { limit } }),
  /** The lifter's replied comments, newest reply first, with the unread count (docs/decisions/041). */
  coachReplies: () => client.comments.coachReplies({}),
  /** The lifter has read the replies up to the one on `upTo`; answers them again. */
  markRepliesRead: (upTo: CommentId) => client.comments.markRepliesRead({ payload: { upTo } })
}))

export type ChatGateway = PromiseCalls<ReturnType<typeof makeChatCalls>>

export const makeChatGateway = (options: GatewayOptions): ChatGateway => promiseCalls(makeChatCalls(options))
