/**
 * The contract of chat and comments (issue 17, docs/decisions/029): the same stage,
 * middleware and error bodies as `Api` (./api.ts), in a contract of its own so the
 * gateway chunk every signed-in screen loads does not carry it; the screens that talk
 * load a client for it on their own. The server serves both as one (server/api.ts),
 * and documents both in one OpenAPI document.
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { API_STAGE, Authentication, InputValidation } from "./api.ts"
import { Conflict, Forbidden, NotFound } from "./api-errors.ts"
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
  CommentId,
  CommentReplyPayload,
  DayCommentsQuery,
  NewComment,
  RecentComments,
  RecentCommentsQuery,
  WorkoutComment,
  WorkoutComments
} from "./comments.ts"
import { UserId } from "./ids.ts"

export const ChatGroup = HttpApiGroup.make("chat").add(
  HttpApiEndpoint.get("messages", "/api/chat/:clientId/messages", {
    params: { clientId: UserId },
    query: MessagePageQuery,
    success: MessagePage,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The thread of a client and their coach, newest first; `before` (a seq) reads the page older than it. Only the two of them."
  ),
  HttpApiEndpoint.post("sendMessage", "/api/chat/:clientId/messages", {
    params: { clientId: UserId },
    payload: NewMessage,
    success: ChatMessage,
    error: [Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "Sends a message with the id the device made. The same id again stores nothing and answers the stored message; an id used elsewhere is a 409."
  ),
  HttpApiEndpoint.put("markRead", "/api/chat/:clientId/read", {
    params: { clientId: UserId },
    payload: MarkReadPayload,
    success: ReadMark,
    error: [Forbidden, NotFound]
  }).annotate(OpenApi.Description, "The caller has read the thread up to this message. Marks only move forward."),
  HttpApiEndpoint.get("unread", "/api/chat/unread", {
    success: UnreadCounts,
    error: Forbidden
  }).annotate(OpenApi.Description, "The caller's unread messages: the total, and per thread (a coach's per client).")
)

export const CommentsGroup = HttpApiGroup.make("comments").add(
  HttpApiEndpoint.post("addComment", "/api/comments", {
    payload: NewComment,
    success: WorkoutComment,
    error: [Forbidden, NotFound, Conflict]
  }).annotate(
    OpenApi.Description,
    "A client comments on one of their workouts or sets, with the id the device made. The same id again answers the stored comment."
  ),
  HttpApiEndpoint.put("replyToComment", "/api/comments/:commentId/reply", {
    params: { commentId: CommentId },
    payload: CommentReplyPayload,
    success: WorkoutComment,
    error: [Forbidden, NotFound]
  }).annotate(OpenApi.Description, "The client's coach replies in place; a new reply replaces the last. Idempotent."),
  HttpApiEndpoint.get("dayComments", "/api/comments/:clientId", {
    params: { clientId: UserId },
    query: DayCommentsQuery,
    success: WorkoutComments,
    error: [Forbidden, NotFound]
  }).annotate(
    OpenApi.Description,
    "The comments on a client's workouts of one day, oldest first: the client and their coach."
  ),
  HttpApiEndpoint.get("recentComments", "/api/recentComments", {
    query: RecentCommentsQuery,
    success: RecentComments,
    error: Forbidden
  }).annotate(
    OpenApi.Description,
    "The caller coach's clients' comments, newest first, with what a link to the day needs."
  )
)

export const ChatApi = HttpApi.make("strength-coach-chat")
  .add(ChatGroup, CommentsGroup)
  .middleware(InputValidation)
  .middleware(Authentication)
  .prefix(API_STAGE)

export type ChatApi = typeof ChatApi
