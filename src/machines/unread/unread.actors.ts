import { fromCallback, fromPromise } from "xstate"
import type { UnreadCounts } from "#domain/chat.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { LiveConnection, LiveFeed } from "#gateway/live-feed.ts"
import { watchReopened } from "#gateway/live-reopened.ts"
import type { UnreadEvent } from "./unread.types.ts"

/** What the unread counts need from outside: the read, and the live feed. */
export interface UnreadPorts {
  readonly chat: Pick<ChatGateway, "unread">
  readonly live: LiveFeed & LiveConnection
}

/** The unread machine's real actors, for `unreadMachine.provide(...)`. */
export function unreadImplementations(ports: UnreadPorts) {
  return {
    actors: {
      loadUnread: fromPromise<UnreadCounts>(async () => ports.chat.unread()),
      watchLive: fromCallback<UnreadEvent>(({ sendBack }) => {
        const events = ports.live.subscribe((event) => {
          if (event.type === "message") sendBack({ type: "live.message", message: event.message })
          else if (event.type === "read") sendBack({ type: "live.read", mark: event.mark })
        })
        // The status now is where the first read starts from; each later change to "open" is a reopening.
        const statuses = watchReopened(ports.live, () => sendBack({ type: "live.ready" }))
        return () => {
          events()
          statuses()
        }
      })
    }
  }
}
