import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/dashboard")({
  component: CoachDashboard
})

function CoachDashboard() {
  return <Page title="Dashboard" />
}
