import { createFileRoute } from "@tanstack/react-router"
import { ThreadScreen, useSignedInId } from "../-chat-thread.tsx"

// The client's thread with their coach: the thread is named by the client's own id.
export const Route = createFileRoute("/client/chat")({
  component: ClientChat
})

function ClientChat() {
  const me = useSignedInId()
  if (me === null) return null
  return (
    <ThreadScreen
      key={me}
      me={me}
      clientId={me}
      title="Chat"
      otherName="your coach"
      unavailableText="You don't have a coach yet. Once a coach adds you to their client list, you can message them here."
    />
  )
}
