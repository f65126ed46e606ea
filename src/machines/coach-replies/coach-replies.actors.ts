import { fromCallback, fromPromise } from "xstate"
import type { CoachReplies } from "#domain/comments.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { LiveConnection, LiveFeed } from "#gateway/live-feed.ts"
import { watchReopened } from "#gateway/live-reopened.ts"
import type { SessionActorRef } from "../session/session.selectors.ts"
import type { CoachRepliesEvent, CoachRepliesInput, MarkInput } from "./coach-replies.types.ts"

/** What the replies need from outside: the comments API and the signed-in person's live feed. */
export interface CoachRepliesPorts {
  readonly chat: Pick<ChatGateway, "coachReplies" | "markRepliesRead">
  readonly live: LiveFeed & LiveConnection
}

/** What a lifter's screens hand their notes and replies: the session, the comments API and the live feed. */
export interface LifterTalkServices {
  readonly session: SessionActorRef
  readonly chat: ChatGateway
  readonly live: LiveFeed & LiveConnection
}

/** The replies' real actors, for `coachRepliesMachine.provide(...)`. */
export function coachRepliesImplementations(ports: CoachRepliesPorts) {
  return {
    actors: {
      loadReplies: fromPromise<CoachReplies>(async () => ports.chat.coachReplies()),
      markRead: fromPromise<CoachReplies, MarkInput>(async ({ input }) => ports.chat.markRepliesRead(input.upTo)),
      watchReplies: fromCallback<CoachRepliesEvent, { me: CoachRepliesInput["me"] }>(({ sendBack, input }) => {
        const events = ports.live.subscribe((event) => {
          if (event.type === "comment" && event.comment.clientId === input.me && event.comment.reply !== null)
            sendBack({ type: "replies.changed" })
        })
        const statuses = watchReopened(ports.live, () => sendBack({ type: "replies.changed" }))
        return () => {
          events()
          statuses()
        }
      })
    }
  }
}
