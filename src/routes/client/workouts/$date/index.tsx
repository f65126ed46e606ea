import { createFileRoute, useRouterState } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { parseRouteDate, type IsoDate } from "#domain/calendar.ts"
import { selectDayWorkouts } from "#machines/client-schedule/client-schedule.selectors.ts"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { WorkoutDay, type WorkoutDayView } from "#ui/client/workout-day.tsx"
import "#ui/client/workout-route-state.ts"
import { useClientSchedule } from "../../-client-actors.ts"

export const Route = createFileRoute("/client/workouts/$date/")({
  component: WorkoutDayRoute
})

function WorkoutDayRoute() {
  const date = parseRouteDate(Route.useParams().date)
  return date === undefined ? <NotFound /> : <WorkoutDayOf date={date} />
}

const sameView = (a: WorkoutDayView, b: WorkoutDayView) =>
  a.status === b.status && (a.status !== "ready" || b.status !== "ready" || a.workout === b.workout)

function WorkoutDayOf({ date }: { date: IsoDate }) {
  const carried = useRouterState({ select: (s) => s.location.state })
  const schedule = useClientSchedule({ scope: "day", selected: date })
  const fetched = useSelector(
    schedule,
    (snapshot): WorkoutDayView => {
      if (snapshot.matches("loading")) return { status: "loading" }
      if (snapshot.matches("failed")) return { status: "failed" }
      return { status: "ready", workout: selectDayWorkouts(snapshot)[0] ?? null }
    },
    sameView
  )
  // Opened from the calendar or the dashboard with the workout in hand: no wait.
  const view: WorkoutDayView = carried.workout === undefined ? fetched : { status: "ready", workout: carried.workout }
  return (
    <WorkoutDay
      date={date}
      index={carried.workout === undefined ? 0 : (carried.index ?? 0)}
      view={view}
      onRetry={() => schedule.send({ type: "schedule.retry" })}
    />
  )
}
