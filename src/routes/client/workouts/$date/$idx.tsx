import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/client/workouts/$date/$idx")({
  component: WorkoutLogging
})

function WorkoutLogging() {
  return <Page title="Workout logging" />
}
