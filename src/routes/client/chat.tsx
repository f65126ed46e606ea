import { createFileRoute } from "@tanstack/react-router"
import { ChatPlaceholder } from "#ui/client/chat-placeholder.tsx"

export const Route = createFileRoute("/client/chat")({
  component: ChatPlaceholder
})
