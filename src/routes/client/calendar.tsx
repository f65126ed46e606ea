import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/client/calendar")({
  component: ClientCalendar
})

function ClientCalendar() {
  return <Page title="Calendar" />
}
