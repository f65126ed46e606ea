import { fromCallback, fromPromise } from "xstate"
import type { MessageId, MessagePage, ReadMark } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"
import type { LiveEvent } from "#domain/live-events.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { LiveFeed, LiveService, LiveStatus } from "#gateway/live-feed.ts"
import type { ChatEvent, PageInput } from "./chat.types.ts"

/** What an open thread needs from outside. */
export interface ChatPorts {
  readonly chat: Pick<ChatGateway, "messages" | "markRead">
  /** The signed-in person's live events; absent, the thread shows what its pages and this device's outbox bring. */
  readonly live: (LiveFeed & { readonly subscribeStatus?: LiveService["subscribeStatus"] }) | undefined
  /** Calls `listener` with whether the page is in view whenever that changes; returns the unsubscribe. */
  readonly watchVisibility: (listener: (visible: boolean) => void) => () => void
  /** Hands a message to the thread's outbox (chat-outbox.machine.ts) with the id made on the device. */
  readonly queueMessage: (body: string) => void
}

/** A live event as the thread's event, or null when it is not about messages. */
export const threadEventOf = (event: LiveEvent): ChatEvent | null => {
  if (event.type === "message") return { type: "message.received", message: event.message }
  if (event.type === "read") return { type: "read.received", mark: event.mark }
  return null
}

/**
 * Calls `reopened` each time the stream becomes "open" after having been something else
 * since `watchReopening` was called: a stream already open then is no news.
 */
export function watchReopening(
  subscribeStatus: LiveService["subscribeStatus"] | undefined,
  reopened: () => void
): () => void {
  if (subscribeStatus === undefined) return () => undefined
  let last: LiveStatus | undefined
  return subscribeStatus((status) => {
    if (status === "open" && last !== undefined && last !== "open") reopened()
    last = status
  })
}

/** The thread's real actors and actions, for `chatMachine.provide(...)`. */
export function chatImplementations(ports: ChatPorts) {
  return {
    actors: {
      loadPage: fromPromise<MessagePage, PageInput>(async ({ input }) =>
        ports.chat.messages(input.clientId, input.before === undefined ? {} : { before: input.before })
      ),
      markRead: fromPromise<ReadMark, { clientId: UserId; messageId: MessageId }>(async ({ input }) =>
        ports.chat.markRead(input.clientId, input.messageId)
      ),
      watch: fromCallback<ChatEvent>(({ sendBack }) => {
        const stopLive = ports.live?.subscribe((event) => {
          const threadEvent = threadEventOf(event)
          if (threadEvent !== null) sendBack(threadEvent)
        })
        const stopReopening = watchReopening(ports.live?.subscribeStatus, () => sendBack({ type: "thread.refresh" }))
        const stopVisibility = ports.watchVisibility((visible) =>
          sendBack({ type: visible ? "page.visible" : "page.hidden" })
        )
        return () => {
          stopLive?.()
          stopReopening()
          stopVisibility()
        }
      })
    },
    actions: {
      queueMessage: (_: unknown, { body }: { body: string }) => ports.queueMessage(body)
    }
  }
}
