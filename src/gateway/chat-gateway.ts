/**
 * The browser side of the chat and comments contract (#domain/chat-api.ts): the same
 * token, retry and errors as the main gateway (./gateway.ts), in a module of its own so
 * only the screens that talk load it (vite.config.ts puts it in the "chat" chunk).
 * Every call is a Promise for XState fromPromise actors; it rejects with a DeclaredError
 * (BadRequest, Unauthorized, Forbidden, NotFound, Conflict) or a GatewayDefect.
 */
import type * as Effect from "effect/Effect"
import { ChatApi } from "#domain/chat-api.ts"
import type { ChatMessage, MessageId, MessagePage, ReadMark, UnreadCounts } from "#domain/chat.ts"
import type { CoachReplies, CommentId, CommentTarget, RecentComment, WorkoutComment } from "#domain/comments.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { makeContractClient } from "./contract-client.ts"
import { runToPromise, signedInCalls, type GatewayOptions } from "./gateway.ts"

export interface ChatGateway {
  /** A page of the client's thread, newest first; `before` (a seq) reads the page older than it. */
  readonly messages: (
    clientId: UserId,
    page?: { readonly before?: number; readonly limit?: number }
  ) => Promise<MessagePage>
  /** Sends with the id made on the device: sending the same id again stores nothing new. */
  readonly sendMessage: (
    clientId: UserId,
    message: { readonly id: MessageId; readonly body: string }
  ) => Promise<ChatMessage>
  readonly markRead: (clientId: UserId, messageId: MessageId) => Promise<ReadMark>
  readonly unread: () => Promise<UnreadCounts>
  /** A client's comment on their workout or set, with the id made on the device. */
  readonly addComment: (comment: {
    readonly id: CommentId
    readonly target: CommentTarget
    readonly body: string
  }) => Promise<WorkoutComment>
  /** The coach's reply in place; a new reply replaces the last. */
  readonly replyToComment: (commentId: CommentId, body: string) => Promise<WorkoutComment>
  /** The comments on a client's workouts of one day, oldest first. */
  readonly dayComments: (clientId: UserId, date: IsoDate) => Promise<ReadonlyArray<WorkoutComment>>
  /** The coach's clients' comments, newest first. */
  readonly recentComments: (limit?: number) => Promise<ReadonlyArray<RecentComment>>
  /** The lifter's replied comments, newest reply first, with the unread count (docs/decisions/041). */
  readonly coachReplies: () => Promise<CoachReplies>
  /** The lifter has read the replies up to the one on `upTo`; answers them again. */
  readonly markRepliesRead: (upTo: CommentId) => Promise<CoachReplies>
}

export function makeChatGateway(options: GatewayOptions): ChatGateway {
  const { fetch, headers, retryWithFreshToken } = signedInCalls(options)
  const client = makeContractClient(ChatApi, { baseUrl: options.baseUrl, headers, fetch })
  const call =
    <Args extends ReadonlyArray<unknown>, A, E>(effect: (...args: Args) => Effect.Effect<A, E>) =>
    (...args: Args): Promise<A> =>
      runToPromise(retryWithFreshToken(effect)(...args) as never)

  return {
    messages: call((clientId: UserId, page: { readonly before?: number; readonly limit?: number } = {}) =>
      client.chat.messages({ params: { clientId }, query: page })
    ),
    sendMessage: call((clientId: UserId, message: { readonly id: MessageId; readonly body: string }) =>
      client.chat.sendMessage({ params: { clientId }, payload: message })
    ),
    markRead: call((clientId: UserId, messageId: MessageId) =>
      client.chat.markRead({ params: { clientId }, payload: { messageId } })
    ),
    unread: call(() => client.chat.unread({})),
    addComment: call((comment: { readonly id: CommentId; readonly target: CommentTarget; readonly body: string }) =>
      client.comments.addComment({ payload: comment })
    ),
    replyToComment: call((commentId: CommentId, body: string) =>
      client.comments.replyToComment({ params: { commentId }, payload: { body } })
    ),
    dayComments: call((clientId: UserId, date: IsoDate) =>
      client.comments.dayComments({ params: { clientId }, query: { date } })
    ),
    recentComments: call((limit?: number) =>
      client.comments.recentComments({ query: limit === undefined ? {} : { limit } })
    ),
    coachReplies: call(() => client.comments.coachReplies({})),
    markRepliesRead: call((upTo: CommentId) => client.comments.markRepliesRead({ payload: { upTo } }))
  }
}
