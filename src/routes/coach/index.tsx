import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/")({
  component: CoachHome
})

function CoachHome() {
  return <Page title="Dashboard" />
}
