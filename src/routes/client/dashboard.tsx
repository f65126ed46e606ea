import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/client/dashboard")({
  component: ClientDashboard
})

function ClientDashboard() {
  return <Page title="Dashboard" />
}
