import { createFileRoute, notFound, useRouterState } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { isoToRouteDate, parseRouteDate } from "#domain/calendar.ts"
import { selectDayWorkouts } from "#machines/client-schedule/client-schedule.selectors.ts"
import { WorkoutDay, type WorkoutDayView } from "#ui/client/workout-day.tsx"
import "#ui/client/workout-route-state.ts"
import { useClientSchedule } from "../../-client-actors.ts"

export const Route = createFileRoute("/client/workouts/$date/")({
  params: {
    parse: ({ date }) => {
      const iso = parseRouteDate(date)
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router catches what notFound() makes
      if (iso === undefined) throw notFound()
      return { date: iso }
    },
    stringify: ({ date }) => ({ date: isoToRouteDate(date) })
  },
  component: WorkoutDayRoute
})

function WorkoutDayRoute() {
  const { date } = Route.useParams()
  const carried = useRouterState({ select: (s) => s.location.state })
  const schedule = useClientSchedule({ scope: "day", selected: date })
  const fetched = useSelector(
    schedule,
    (snapshot): WorkoutDayView => {
      if (snapshot.matches("loading")) return { status: "loading" }
      if (snapshot.matches("failed")) return { status: "failed" }
      return { status: "ready", workout: selectDayWorkouts(snapshot)[0] ?? null }
    },
    (a, b) => a.status === b.status && (a.status !== "ready" || b.status !== "ready" || a.workout === b.workout)
  )
  // Opened from the calendar or dashboard with the workout in hand: no wait.
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
