import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/progress")({
  component: CoachProgress
})

function CoachProgress() {
  return <Page title="Progress" />
}
