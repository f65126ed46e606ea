import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/client/profile")({
  component: ClientProfile
})

function ClientProfile() {
  return <Page title="Profile" />
}
