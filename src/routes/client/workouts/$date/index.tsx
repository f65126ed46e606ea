import { createFileRoute } from "@tanstack/react-router"
import { Page } from "#ui/layout/page.tsx"

export const Route = createFileRoute("/client/workouts/$date/")({
  component: ClientWorkout
})

function ClientWorkout() {
  return <Page title="Your workout" />
}
