import { useRouteContext } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useState, type ReactNode } from "react"
import { createActor } from "xstate"
import type { MessageId } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"
import { browserVisibility, chatImplementations } from "#machines/chat/chat.actors.ts"
import { chatMachine } from "#machines/chat/chat.machine.ts"
import { browserNetwork, chatOutboxImplementations } from "#machines/chat-outbox/chat-outbox.actors.ts"
import { chatOutboxMachine } from "#machines/chat-outbox/chat-outbox.machine.ts"
import type { ChatOutboxActorRef } from "#machines/chat-outbox/chat-outbox.selectors.ts"
import { selectIsLoggedIn, selectUser } from "#machines/session/session.selectors.ts"
import { ChatThread } from "#ui/chat/chat-thread.tsx"
import type { AppServices } from "../services.ts"
import { useMountedMachine } from "./-mount.ts"

/*
 * What the client's and the coach's chat routes share (docs/decisions/030): a thread's
 * outbox lives here, in memory, for as long as the tab and the sign-in do, so messages
 * waiting to be sent survive leaving the chat screen; signing out stops and forgets them.
 */

export const useServices = (): AppServices => useRouteContext({ from: "__root__" }).services

/** The signed-in person's id (the area guards let only signed-in people in). */
export function useSignedInId(): UserId | null {
  return useSelector(useServices().session, (snapshot) => selectUser(snapshot).id)
}

const outboxes = new Map<string, ChatOutboxActorRef>()
let watchingSession = false

function outboxFor(services: AppServices, me: UserId, clientId: UserId): ChatOutboxActorRef {
  if (!watchingSession) {
    watchingSession = true
    services.session.subscribe((snapshot) => {
      if (selectIsLoggedIn(snapshot)) return
      for (const outbox of outboxes.values()) outbox.stop()
      outboxes.clear()
    })
  }
  const key = `${me}:${clientId}`
  const kept = outboxes.get(key)
  if (kept !== undefined) return kept
  const machine = chatOutboxMachine.provide(
    chatOutboxImplementations({ chat: services.chat, watchNetwork: browserNetwork })
  )
  const outbox = createActor(machine, { input: { clientId, online: navigator.onLine } }).start()
  outboxes.set(key, outbox)
  return outbox
}

export interface ThreadScreenProps {
  readonly me: UserId
  readonly clientId: UserId
  readonly title: string
  readonly otherName: string
  readonly unavailableText: string
  readonly back?: ReactNode
}

/** One thread, mounted: its machine for as long as the screen shows, its outbox for longer. */
export function ThreadScreen({ me, clientId, ...shown }: ThreadScreenProps) {
  const services = useServices()
  const [outbox] = useState(() => outboxFor(services, me, clientId))
  const chat = useMountedMachine(
    chatMachine,
    () =>
      chatImplementations({
        chat: services.chat,
        live: services.live,
        watchVisibility: browserVisibility,
        queueMessage: (body) => outbox.send({ type: "message.send", id: crypto.randomUUID() as MessageId, body })
      }),
    { input: { clientId, me, visible: document.visibilityState === "visible" } }
  )
  // What the outbox got stored shows as sent at once, whether or not the live stream brings it too.
  useEffect(() => {
    const subscription = outbox.on("sent", ({ message }) => chat.send({ type: "message.received", message }))
    return () => subscription.unsubscribe()
  }, [outbox, chat])
  return <ChatThread chat={chat} outbox={outbox} {...shown} />
}
