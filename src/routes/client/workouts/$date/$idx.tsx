import { createFileRoute, useRouterState } from "@tanstack/react-router"
import { Suspense, useState } from "react"
import { parseRouteDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { lazyWhenOnline } from "#ui/client/logging-lazy.tsx"
import { LoggingScreen, WorkoutToLog } from "#ui/client/logging-screen.tsx"
import { commentsSlot } from "#ui/comments/comments-slot.ts"
import { videosSlot } from "#ui/videos/videos-slot.ts"
import type { WorkoutDayActorRef } from "#machines/workout-day/workout-day.selectors.ts"
import { NotFound } from "#ui/not-found/not-found.tsx"
import "#ui/client/workout-route-state.ts"
import { useClientId } from "../../-client-actors.ts"
import { useWorkoutDay } from "../../-workout-day-actors.ts"
import { LazyRest, LazyWakeLock, useLoggingActors, type LoggingOpened } from "../../-logging-actors.ts"
import { validateWorkoutSearch, workoutIndexOf } from "../-workout-search.ts"

export const Route = createFileRoute("/client/workouts/$date/$idx")({
  validateSearch: validateWorkoutSearch,
  component: WorkoutLoggingRoute
})

function WorkoutLoggingRoute() {
  const clientId = useClientId()
  const params = Route.useParams()
  const search = Route.useSearch()
  const date = parseRouteDate(params.date)
  const screen = Number(params.idx)
  // `?workout=N` names the workout; without it, the one carried in route state (SPEC), else the first.
  const index = search.workout === undefined ? undefined : workoutIndexOf(search)
  if (date === undefined || !Number.isInteger(screen) || screen < 0) return <NotFound />
  if (clientId === null) {
    return (
      <main className="page">
        <p role="status">Loading...</p>
      </main>
    )
  }
  // The address follows the screen (the machine replaces it), so only another day or workout remounts.
  return <LoggingDay key={`${date}:${index ?? ""}`} clientId={clientId} date={date} screen={screen} index={index} />
}

function LoggingDay({
  index,
  ...opened
}: {
  clientId: UserId
  date: IsoDate
  screen: number
  index: number | undefined
}) {
  const carried = useRouterState({ select: (s) => s.location.state })
  const day = useWorkoutDay(opened.clientId, opened.date, carried, index)
  return <WorkoutToLog day={day}>{(found) => <MountedLogging {...opened} {...found} day={day} />}</WorkoutToLog>
}

/** The lifter's notes and form checks on the day (docs/decisions/041, 050): their own chunk, mounted after the page paints. */
const LazyDayTalk = lazyWhenOnline(() => import("../-day-talk.tsx"))

function MountedLogging({ day, ...opened }: LoggingOpened & { day: WorkoutDayActorRef }) {
  const actors = useLoggingActors(opened)
  const [notes] = useState(() => ({ slot: commentsSlot(), workoutOrder: opened.workout.workout_order }))
  const [videos] = useState(videosSlot)
  return (
    <>
      <LoggingScreen
        {...actors}
        wakeLock={<LazyWakeLock />}
        restTimer={<LazyRest slot={actors.rest} />}
        notes={notes}
        videos={videos}
        day={day}
      />
      <Suspense fallback={null}>
        <LazyDayTalk
          notes={{ slot: notes.slot, clientId: opened.clientId, date: opened.date, workoutOrder: notes.workoutOrder }}
          videos={{ slot: videos, clientId: opened.clientId, date: opened.date, workout: opened.workout }}
        />
      </Suspense>
    </>
  )
}
