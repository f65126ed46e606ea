import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/client/chat")({
  component: ClientChat
})

function ClientChat() {
  return <Page title="Chat" />
}
