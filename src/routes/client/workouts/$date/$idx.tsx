import { createFileRoute, useNavigate, useRouterState } from "@tanstack/react-router"
import { useState } from "react"
import { isoToRouteDate, parseRouteDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { autosaveImplementations } from "#machines/autosave/autosave.actors.ts"
import { browserAutosavePorts } from "#machines/autosave/autosave.browser.ts"
import { autosaveMachine } from "#machines/autosave/autosave.machine.ts"
import { loggingImplementations } from "#machines/logging/logging.actors.ts"
import { loggingMachine } from "#machines/logging/logging.machine.ts"
import { sessionClock } from "#machines/timer/timer.storage.ts"
import { LoggingScreen, WorkoutToLog } from "#ui/client/logging-screen.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import "#ui/client/workout-route-state.ts"
import { useClientId, useServices, useWorkoutDay } from "../../-client-actors.ts"
import { useMountedMachine } from "../../../-mount.ts"

export const Route = createFileRoute("/client/workouts/$date/$idx")({
  component: WorkoutLoggingRoute
})

function WorkoutLoggingRoute() {
  const clientId = useClientId()
  const params = Route.useParams()
  const date = parseRouteDate(params.date)
  const screen = Number(params.idx)
  if (date === undefined || !Number.isInteger(screen) || screen < 0) return <NotFound />
  if (clientId === null) {
    return (
      <main className="page">
        <p role="status">Loading...</p>
      </main>
    )
  }
  // The screen follows the machine (it replaces the address), so only a new day remounts.
  return <LoggingDay key={date} clientId={clientId} date={date} screen={screen} />
}

interface Opened {
  readonly clientId: UserId
  readonly date: IsoDate
  readonly screen: number
}

function LoggingDay(opened: Opened) {
  const carried = useRouterState({ select: (s) => s.location.state })
  const day = useWorkoutDay(opened.clientId, opened.date, carried)
  return <WorkoutToLog day={day}>{(found) => <MountedLogging {...opened} {...found} />}</WorkoutToLog>
}

function MountedLogging({
  clientId,
  date,
  screen,
  workout,
  index
}: Opened & { workout: GroupedWorkout; index: number }) {
  const { gateway } = useServices()
  const navigate = useNavigate({ from: "/client/workouts/$date/$idx" })
  // One clock per client, day and workout of the day; versions above any earlier page's.
  const [{ clock, openedAt }] = useState(() => ({
    clock: sessionClock(`${clientId}:${date}:${index}`),
    openedAt: Date.now()
  }))
  const logging = useMountedMachine(
    loggingMachine,
    () =>
      loggingImplementations({
        storeClock: clock.save,
        clearWorkoutStarted: clock.clear,
        replaceScreen: (idx) =>
          void navigate({ params: { date: isoToRouteDate(date), idx: String(idx) }, state: (s) => s, replace: true }),
        showDashboard: () => void navigate({ to: "/client/dashboard" })
      }),
    { input: { date, workout, screen, clock: clock.load(), now: openedAt } }
  )
  const autosave = useMountedMachine(
    autosaveMachine,
    () => autosaveImplementations({ ...browserAutosavePorts(clientId), gateway, clientId, date }),
    { input: { versionBase: openedAt * 1000 } }
  )
  return <LoggingScreen logging={logging} autosave={autosave} />
}
