import { useRouteContext } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useState, type ReactNode } from "react"
import type { UserId } from "#domain/ids.ts"
import { watchVisibility } from "#device/visibility.ts"
import { chatImplementations } from "#machines/chat/chat.actors.ts"
import { chatMachine } from "#machines/chat/chat.machine.ts"
import { messageWritten } from "#machines/chat-outbox/chat-outbox.actors.ts"
import { outboxFor } from "#machines/chat-outbox/chat-outbox.registry.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { ChatThread } from "#ui/chat/chat-thread.tsx"
import type { AppServices } from "../services.ts"
import { useMountedMachine } from "./-mount.ts"

/*
 * What the client's and the coach's chat routes share (docs/decisions/030). A thread's
 * outbox outlives the screen (chat-outbox.registry.ts), and what it holds is kept on the
 * device, so messages waiting to be sent survive leaving the chat, a reload or a closed tab.
 */

export const useServices = (): AppServices => useRouteContext({ from: "__root__" }).services

/** The signed-in person's id (the area guards let only signed-in people in). */
export function useSignedInId(): UserId | null {
  return useSelector(useServices().session, (snapshot) => selectUser(snapshot).id)
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
        watchVisibility,
        queueMessage: (body) => outbox.send(messageWritten(body))
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
