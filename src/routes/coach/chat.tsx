import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/chat")({
  component: CoachChat
})

function CoachChat() {
  return <Page title="Chat" />
}
