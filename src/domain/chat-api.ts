/**
 * The contract of chat and comments (docs/decisions/029): the same stage,
 * middleware and error bodies as `Api` (./api.ts), in a contract of its own so the
 * gateway chunk every signed-in screen loads does not carry it; the screens that talk
 * load a client for it on their own. The server serves both as one (server/api.ts),
 * and documents both in one OpenAPI document.
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { API_STAGE, Authentication, InputValidation } from "./api.ts"
import { Forbidden, NotFound } from "./api-errors.ts"
import { CommentIdTaken, MessageIdTaken } from "./chat-errors.ts"
import { NoCoach } from "./coaching-errors.ts"
import {
  ChatMessage,
  MarkReadPayload,
  MessagePage,
  MessagePageQuery,
  NewMessage,
  ReadMark,
  UnreadCounts
} from "./chat.ts"
import {
  CoachReplies,
  CommentId,
  CommentReplyPayload,
  CommentsReadPayload,
  DayCommentsQuery,
  NewComment,
  RecentComments,
  RecentCommentsQuery,
  WorkoutComment,
  WorkoutComments
} from "./comments.ts"
import { UserId } from "./ids.ts"
import { ClientNotFound, SetNotFound, WorkoutNotFound } from "./workout-errors.ts"

export const ChatGroup = HttpApiGroup.make("chat").add(
  HttpApiEndpoint.get("messages", "/api/chat/:clientId/messages", {
    params: { clientId: UserId },
    query: MessagePageQuery,
    success: MessagePage,
    error: [Forbidden, ClientNotFound, NoCoach]
  }),
  HttpApiEndpoint.post("sendMessage", "/api/chat/:clientId/messages", {
    params: { clientId: UserId },
    payload: NewMessage,
    success: ChatMessage,
    error: [Forbidden, ClientNotFound, NoCoach, MessageIdTaken]
  }),
  HttpApiEndpoint.put("markRead", "/api/chat/:clientId/read", {
    params: { clientId: UserId },
    payload: MarkReadPayload,
    success: ReadMark,
    error: [Forbidden, ClientNotFound, NoCoach, NotFound]
  }),
  HttpApiEndpoint.get("unread", "/api/chat/unread", {
    success: UnreadCounts,
    error: Forbidden
  })
)

export const CommentsGroup = HttpApiGroup.make("comments").add(
  HttpApiEndpoint.post("addComment", "/api/comments", {
    payload: NewComment,
    success: WorkoutComment,
    error: [Forbidden, NoCoach, CommentIdTaken, SetNotFound, WorkoutNotFound]
  }),
  HttpApiEndpoint.put("replyToComment", "/api/comments/:commentId/reply", {
    params: { commentId: CommentId },
    payload: CommentReplyPayload,
    success: WorkoutComment,
    error: [Forbidden, NotFound]
  }),
  HttpApiEndpoint.get("dayComments", "/api/comments/:clientId", {
    params: { clientId: UserId },
    query: DayCommentsQuery,
    success: WorkoutComments,
    error: [Forbidden, ClientNotFound]
  }),
  HttpApiEndpoint.get("recentComments", "/api/recentComments", {
    query: RecentCommentsQuery,
    success: RecentComments,
    error: Forbidden
  }),
  HttpApiEndpoint.get("coachReplies", "/api/commentReplies", {
    success: CoachReplies,
    error: Forbidden
  }),
  HttpApiEndpoint.put("markRepliesRead", "/api/comments/read", {
    payload: CommentsReadPayload,
    success: CoachReplies,
    error: [Forbidden, NotFound]
  })
)

export const ChatApi = HttpApi.make("strength-coach-chat")
  .add(ChatGroup, CommentsGroup)
  .middleware(InputValidation)
  .middleware(Authentication)
  .prefix(API_STAGE)

export type ChatApi = typeof ChatApi
