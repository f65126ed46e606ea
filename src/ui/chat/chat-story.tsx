import { useActorRef } from "@xstate/react"
import { useState } from "react"
import type { ContextFrom, StateValue } from "xstate"
import { chatImplementations } from "#machines/chat/chat.actors.ts"
import { chatContext, clientId, never, outboxContext } from "#machines/chat/chat.fixtures.ts"
import { chatMachine } from "#machines/chat/chat.machine.ts"
import type { ChatContext } from "#machines/chat/chat.types.ts"
import { chatOutboxImplementations, keptNowhere, messageWritten } from "#machines/chat-outbox/chat-outbox.actors.ts"
import { chatOutboxMachine } from "#machines/chat-outbox/chat-outbox.machine.ts"
import type { ChatOutboxContext } from "#machines/chat-outbox/chat-outbox.types.ts"
import type { ChatOutboxActorRef } from "#machines/chat-outbox/chat-outbox.selectors.ts"
import type { ChatActorRef } from "#machines/chat/chat.selectors.ts"
import { registerStoryActor } from "#ui/story-actors.ts"
import { ChatThread } from "./chat-thread.tsx"

// Stories seed a thread and its outbox in one state each (docs/decisions/001), with a chat
// API that never answers and no live events, so the story rests where it says.

const outboxMachine = chatOutboxMachine.provide(
  chatOutboxImplementations({
    chat: { sendMessage: never },
    // The device's store is never read either: a story seeded 'restoring' stays there.
    kept: { ...keptNowhere, load: never },
    watchNetwork: () => () => undefined
  })
)

/** The thread's outbox, seeded; what the composer queues goes into it. */
function useSeededOutbox(value: StateValue, context: ChatOutboxContext) {
  const actor = useActorRef(outboxMachine, {
    input: { clientId, online: context.online },
    snapshot: outboxMachine.resolveState({ value, context })
  })
  registerStoryActor(outboxMachine, actor)
  return actor
}

function useSeededChat(value: StateValue, context: ChatContext, outbox: ChatOutboxActorRef) {
  const [machine] = useState(() =>
    chatMachine.provide(
      chatImplementations({
        chat: { messages: never, markRead: never },
        live: undefined,
        watchVisibility: () => () => undefined,
        queueMessage: (body) => outbox.send(messageWritten(body))
      })
    )
  )
  const actor = useActorRef(machine, {
    input: { clientId: context.clientId, me: context.me, visible: context.visible },
    snapshot: machine.resolveState({ value, context })
  }) as ChatActorRef
  registerStoryActor(machine, actor)
  return actor
}

export interface ThreadStoryProps {
  readonly chat: StateValue
  readonly chatContext?: ContextFrom<typeof chatMachine>
  readonly outbox?: StateValue
  readonly outboxContext?: ChatOutboxContext
}

/** The client's view of their thread, both machines seeded. */
export function ThreadStory({
  chat,
  chatContext: seededChat = chatContext(),
  outbox = "idle",
  outboxContext: seededOutbox = outboxContext({ entries: [] })
}: ThreadStoryProps) {
  const outboxActor = useSeededOutbox(outbox, seededOutbox)
  const chatActor = useSeededChat(chat, seededChat, outboxActor)
  return (
    <ChatThread
      chat={chatActor}
      outbox={outboxActor}
      title="Chat"
      otherName="your coach"
      unavailableText="You don't have a coach yet. Once a coach adds you to their client list, you can message them here."
    />
  )
}
