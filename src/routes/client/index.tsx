import { createFileRoute } from "@tanstack/react-router"
import { DashboardScreen } from "./-dashboard-screen.tsx"

export const Route = createFileRoute("/client/")({
  component: DashboardScreen
})
