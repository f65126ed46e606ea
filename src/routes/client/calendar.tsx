import { createFileRoute } from "@tanstack/react-router"
import { ClientCalendar } from "#ui/client/client-calendar.tsx"
import { useClientSchedule } from "./-client-schedule.ts"

export const Route = createFileRoute("/client/calendar")({
  component: CalendarRoute
})

function CalendarRoute() {
  const schedule = useClientSchedule({ scope: "week" })
  return <ClientCalendar schedule={schedule} />
}
