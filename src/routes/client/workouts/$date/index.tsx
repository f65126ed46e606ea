import { createFileRoute, useRouterState } from "@tanstack/react-router"
import { lazy, Suspense } from "react"
import { parseRouteDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { WorkoutDay } from "#ui/client/workout-day.tsx"
import "#ui/client/workout-route-state.ts"
import { useClientId } from "../../-client-actors.ts"
import { useWorkoutDayWithRecord } from "../../-workout-day-actors.ts"
import { validateWorkoutSearch, workoutIndexOf } from "../-workout-search.ts"

const LifterUnit = lazy(() => import("../../-lifter-unit.tsx"))

export const Route = createFileRoute("/client/workouts/$date/")({
  validateSearch: validateWorkoutSearch,
  component: WorkoutDayRoute
})

function WorkoutDayRoute() {
  const date = parseRouteDate(Route.useParams().date)
  const index = workoutIndexOf(Route.useSearch())
  const clientId = useClientId()
  if (date === undefined) return <NotFound />
  if (clientId === null) {
    return (
      <main className="page">
        <p role="status">Loading...</p>
      </main>
    )
  }
  // Each workout of the day is its own address: another one is another machine.
  return <MountedWorkoutDay key={`${date}:${index}`} clientId={clientId} date={date} index={index} />
}

function MountedWorkoutDay({ clientId, date, index }: { clientId: UserId; date: IsoDate; index: number }) {
  const carried = useRouterState({ select: (s) => s.location.state })
  const day = useWorkoutDayWithRecord(clientId, date, carried, index)
  // The lifter's unit comes in a chunk of its own; until then each weight reads in its stored unit.
  return (
    <Suspense fallback={<WorkoutDay day={day} />}>
      <LifterUnit clientId={clientId} date={date}>
        {(unit) => <WorkoutDay day={day} unit={unit} />}
      </LifterUnit>
    </Suspense>
  )
}
