import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/coach/workoutbuilder/$userId/$date")({
  component: WorkoutBuilder
})

function WorkoutBuilder() {
  return <Page title="Workout builder" />
}
