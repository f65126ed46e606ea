import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/workouts/$userId/$date")({
  component: CoachWorkouts
})

function CoachWorkouts() {
  return <Page title="Workouts" />
}
