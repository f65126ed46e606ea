import { fromCallback, fromPromise } from "xstate"
import type { ChatMessage, MessageId } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"
import type { ChatGateway } from "#gateway/chat-gateway.ts"
import type { SendInput } from "./chat-outbox.machine.ts"
import type { ChatOutboxContext, ChatOutboxEvent } from "./chat-outbox.types.ts"
import type { KeptOutbox, OutboxEntry } from "#domain/chat-outbox.ts"

/** Keeps nothing (stories, tests of the sending alone). */
export const keptNowhere: KeptOutbox = {
  load: () => Promise.resolve([]),
  keep: () => Promise.resolve(),
  forget: () => Promise.resolve()
}

/** What a thread's outbox needs from outside: the chat API, the device's store, and the browser's word on the network. */
export interface ChatOutboxPorts {
  readonly chat: Pick<ChatGateway, "sendMessage">
  readonly kept: KeptOutbox
  /** Calls `listener(true)` when the browser goes online, `listener(false)` when offline; returns the unsubscribe. */
  readonly watchNetwork: (listener: (online: boolean) => void) => () => void
}

// A write to the device that fails leaves the entry in memory, still sent: said in the console, not on screen.
const logged = (error: unknown) => console.error("chat outbox: the device's store failed", error)

/** The outbox's real actors and store writes, for `chatOutboxMachine.provide(...)`. */
export function chatOutboxImplementations(ports: ChatOutboxPorts) {
  return {
    actors: {
      sendMessage: fromPromise<ChatMessage, SendInput>(async ({ input }) =>
        ports.chat.sendMessage(input.clientId, { id: input.id, body: input.body })
      ),
      watchNetwork: fromCallback<ChatOutboxEvent>(({ sendBack }) =>
        ports.watchNetwork((online) => sendBack({ type: online ? "network.online" : "network.offline" }))
      ),
      loadKept: fromPromise<ReadonlyArray<OutboxEntry>, { clientId: UserId }>(({ input }) =>
        ports.kept.load(input.clientId).catch((error: unknown) => {
          logged(error)
          throw error
        })
      )
    },
    actions: {
      keep: ({ context }: { context: ChatOutboxContext }, { entry }: { entry: OutboxEntry | undefined }) => {
        if (entry !== undefined) void ports.kept.keep(context.clientId, entry).catch(logged)
      },
      forget: (_: unknown, { id }: { id: MessageId }) => void ports.kept.forget(id).catch(logged)
    }
  }
}

/**
 * A message just written on this device: a new id (a retry sends it again) and the time it
 * was written; `about` what it is on, in an outbox that sends to several places.
 */
export const messageWritten = (
  body: string,
  about?: string,
  id = crypto.randomUUID() as MessageId
): ChatOutboxEvent => ({
  type: "message.send",
  id,
  body,
  createdAt: new Date().toISOString(),
  ...(about === undefined ? {} : { about })
})
