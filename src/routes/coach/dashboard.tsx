import { createFileRoute } from "@tanstack/react-router"
import { DashboardScreen } from "./-dashboard-screen.tsx"

export const Route = createFileRoute("/coach/dashboard")({
  component: CoachDashboardRoute
})

function CoachDashboardRoute() {
  const { services } = Route.useRouteContext()
  return <DashboardScreen services={services} />
}
