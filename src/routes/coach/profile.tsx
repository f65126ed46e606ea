import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/profile")({
  component: CoachProfile
})

function CoachProfile() {
  return <Page title="Profile" />
}
