import { createFileRoute } from "@tanstack/react-router"
import type { UserId } from "#domain/ids.ts"
import { chatThreadsImplementations } from "#machines/chat-threads/chat-threads.actors.ts"
import { chatThreadsMachine } from "#machines/chat-threads/chat-threads.machine.ts"
import { ChatThreads } from "#ui/chat/chat-threads.tsx"
import { useServices, useSignedInId } from "../../-chat-thread.tsx"
import { useMountedMachine } from "../../-mount.ts"

// A coach's chats: one per client on their list, with the unread counts.
export const Route = createFileRoute("/coach/chat/")({
  component: CoachChats
})

function CoachChats() {
  const coachId = useSignedInId()
  if (coachId === null) return null
  return <MountedChats key={coachId} coachId={coachId} />
}

function MountedChats({ coachId }: { readonly coachId: UserId }) {
  const services = useServices()
  const threads = useMountedMachine(
    chatThreadsMachine,
    () => chatThreadsImplementations({ gateway: services.gateway, chat: services.chat, live: services.live }),
    { input: { coachId } }
  )
  return <ChatThreads threads={threads} />
}
