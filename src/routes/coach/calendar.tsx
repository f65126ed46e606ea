import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/calendar")({
  component: CoachCalendar
})

function CoachCalendar() {
  return <Page title="Calendar" />
}
