import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/client/progress")({
  component: ClientProgress
})

function ClientProgress() {
  return <Page title="Progress" />
}
