import { fromCallback, fromPromise } from "xstate"
import type { ChatMessage } from "#domain/chat.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { SendInput } from "./chat-outbox.machine.ts"
import type { ChatOutboxEvent } from "./chat-outbox.types.ts"

/** What a thread's outbox needs from outside: the chat API, and the browser's word on the network. */
export interface ChatOutboxPorts {
  readonly chat: () => Promise<Pick<ChatGateway, "sendMessage">>
  /** Calls `listener(true)` when the browser goes online, `listener(false)` when offline; returns the unsubscribe. */
  readonly watchNetwork: (listener: (online: boolean) => void) => () => void
}

/** The outbox's real actors, for `chatOutboxMachine.provide(...)`. */
export function chatOutboxImplementations(ports: ChatOutboxPorts) {
  return {
    actors: {
      sendMessage: fromPromise<ChatMessage, SendInput>(async ({ input }) =>
        (await ports.chat()).sendMessage(input.clientId, { id: input.id, body: input.body })
      ),
      watchNetwork: fromCallback<ChatOutboxEvent>(({ sendBack }) =>
        ports.watchNetwork((online) => sendBack({ type: online ? "network.online" : "network.offline" }))
      )
    }
  }
}

/** The browser's online and offline events. */
export const browserNetwork = (listener: (online: boolean) => void): (() => void) => {
  const online = () => listener(true)
  const offline = () => listener(false)
  window.addEventListener("online", online)
  window.addEventListener("offline", offline)
  return () => {
    window.removeEventListener("online", online)
    window.removeEventListener("offline", offline)
  }
}
