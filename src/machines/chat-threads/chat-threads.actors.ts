import { fromCallback, fromPromise } from "xstate"
import type { UserId } from "#domain/ids.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { LiveFeed, LiveService } from "#gateway/live-feed.ts"
import { watchReopening } from "../chat/chat.actors.ts"
import { threadSummaries, type ThreadSummary } from "#domain/thread-summaries.ts"
import type { ChatThreadsEvent } from "./chat-threads.machine.ts"

/** What a coach's list of chats needs from outside. */
export interface ChatThreadsPorts {
  readonly gateway: Pick<Gateway, "getAllClients">
  readonly chat: Pick<ChatGateway, "unread">
  readonly live: (LiveFeed & { readonly subscribeStatus?: LiveService["subscribeStatus"] }) | undefined
}

export function chatThreadsImplementations(ports: ChatThreadsPorts) {
  return {
    actors: {
      loadThreads: fromPromise<ReadonlyArray<ThreadSummary>, { readonly coachId: UserId }>(async ({ input }) => {
        const [clients, unread] = await Promise.all([ports.gateway.getAllClients(input.coachId), ports.chat.unread()])
        return threadSummaries(clients, unread)
      }),
      watch: fromCallback<ChatThreadsEvent>(({ sendBack }) => {
        const stopLive = ports.live?.subscribe((event) => {
          if (event.type === "message" || event.type === "read") sendBack({ type: "threads.changed" })
        })
        // Back after a drop: what changed meanwhile is read again.
        const stopReopening = watchReopening(ports.live?.subscribeStatus, () => sendBack({ type: "threads.changed" }))
        return () => {
          stopLive?.()
          stopReopening()
        }
      })
    }
  }
}
