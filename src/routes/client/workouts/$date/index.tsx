import { createFileRoute, useRouterState } from "@tanstack/react-router"
import { parseRouteDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { WorkoutDay } from "#ui/client/workout-day.tsx"
import "#ui/client/workout-route-state.ts"
import { useClientId } from "../../-client-actors.ts"
import { useWorkoutDay } from "../../-workout-day-actors.ts"

export const Route = createFileRoute("/client/workouts/$date/")({
  component: WorkoutDayRoute
})

function WorkoutDayRoute() {
  const date = parseRouteDate(Route.useParams().date)
  const clientId = useClientId()
  if (date === undefined) return <NotFound />
  if (clientId === null) {
    return (
      <main className="page">
        <p role="status">Loading...</p>
      </main>
    )
  }
  return <MountedWorkoutDay key={date} clientId={clientId} date={date} />
}

function MountedWorkoutDay({ clientId, date }: { clientId: UserId; date: IsoDate }) {
  const carried = useRouterState({ select: (s) => s.location.state })
  return <WorkoutDay day={useWorkoutDay(clientId, date, carried)} />
}
