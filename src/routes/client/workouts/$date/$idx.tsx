import { createFileRoute, useNavigate, useRouterState } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { fromPromise } from "xstate"
import { isoToRouteDate, parseRouteDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout, WorkoutRow } from "#domain/workout.ts"
import { autosaveImplementations } from "#machines/autosave/autosave.actors.ts"
import { prepareInputParsing } from "#machines/autosave/autosave.edits.ts"
import { autosaveMachine } from "#machines/autosave/autosave.machine.ts"
import { createIndexedDbOutbox } from "#machines/autosave/autosave.outbox.ts"
import type { LoggedValues } from "#machines/autosave/autosave.types.ts"
import { loggingMachine } from "#machines/logging/logging.machine.ts"
import { selectLoggingView } from "#machines/logging/logging.selectors.ts"
import { timerMachine } from "#machines/timer/timer.machine.ts"
import { clearClock, loadClock, saveClock } from "#machines/timer/timer.storage.ts"
import { LoggingScreen } from "#ui/client/logging-screen.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import "#ui/client/workout-route-state.ts"
import { useClientId, useServices } from "../../-client-actors.ts"

export const Route = createFileRoute("/client/workouts/$date/$idx")({
  component: WorkoutLoggingRoute
})

const loggedValues = (rows: ReadonlyArray<WorkoutRow>): Record<number, LoggedValues> =>
  Object.fromEntries(
    rows.map((row) => [
      row.id,
      { weight: row.weight, reps: row.reps === "AMRAP" ? null : row.reps, rpe: row.rpe, rir: row.rir }
    ])
  )

function useLoggingActors(
  clientId: UserId,
  date: IsoDate,
  screen: number,
  carried: GroupedWorkout | undefined,
  index: number
) {
  const services = useServices()
  // The timer's key: one clock per client, day and workout of the day.
  const [{ workoutKey, openedAt }] = useState(() => ({
    workoutKey: `${clientId}:${date}:${index}`,
    openedAt: Date.now()
  }))
  const logging = useActorRef(
    loggingMachine.provide({
      actors: {
        loadWorkout: fromPromise<GroupedWorkout | null, { date: IsoDate }>(async ({ input }) => {
          const gateway = await services.gateway()
          const response = await gateway.workoutByDate(clientId, input.date)
          return response.data[input.date]?.[0] ?? null
        }),
        timer: timerMachine.provide({ actions: { storeClock: (_, { clock }) => saveClock(workoutKey, clock) } })
      },
      actions: { clearWorkoutStarted: () => clearClock(workoutKey) }
    }),
    { input: { date, workout: carried ?? null, screen, clock: loadClock(workoutKey), now: openedAt } }
  )
  const autosave = useActorRef(
    autosaveMachine.provide(
      autosaveImplementations({
        outbox: createIndexedDbOutbox(clientId),
        gateway: { updateWorkoutResult: async (update) => (await services.gateway()).updateWorkoutResult(update) },
        loadLogged: async () =>
          loggedValues(await (await services.gateway()).workoutResults(clientId, { from: date, to: date }))
      })
    ),
    // Versions above any earlier page's, so an old confirmation never drops a newer edit.
    { input: { versionBase: openedAt * 1000 } }
  )
  return { logging, autosave }
}

/** Runs `work` once the page is idle (a short timeout where requestIdleCallback is missing); returns the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout: 1_000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(work, 200)
  return () => clearTimeout(id)
}

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
  return <WorkoutLogging clientId={clientId} date={date} idx={screen} />
}

function WorkoutLogging({ clientId, date, idx }: { clientId: UserId; date: IsoDate; idx: number }) {
  const carried = useRouterState({ select: (s) => s.location.state })
  const navigate = useNavigate({ from: "/client/workouts/$date/$idx" })
  const { logging, autosave } = useLoggingActors(clientId, date, idx, carried.workout, carried.index ?? 0)
  const view = useSelector(logging, selectLoggingView)
  const screen = "screen" in view ? view.screen : null

  // Hiding the page (tab switch, app switch, closing) sends what is waiting at once;
  // coming back online retries at once instead of waiting out the backoff.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === "hidden") autosave.send({ type: "page.hidden" })
    }
    const onPageHide = () => autosave.send({ type: "page.hidden" })
    const onOnline = () => autosave.send({ type: "network.online" })
    document.addEventListener("visibilitychange", onHidden)
    window.addEventListener("pagehide", onPageHide)
    window.addEventListener("online", onOnline)
    return () => {
      document.removeEventListener("visibilitychange", onHidden)
      window.removeEventListener("pagehide", onPageHide)
      window.removeEventListener("online", onOnline)
    }
  }, [autosave])

  // The first keystroke should only do a keystroke's work: compile the field parsers now.
  useEffect(() => whenIdle(prepareInputParsing), [])

  // The address follows the screen, so a reload comes back to it.
  useEffect(() => {
    if (screen !== null && screen !== idx) {
      void navigate({ params: { date: isoToRouteDate(date), idx: String(screen) }, state: (s) => s, replace: true })
    }
  }, [screen, idx, date, navigate])

  useEffect(() => {
    if (view.status === "submitted") void navigate({ to: "/client/dashboard" })
  }, [view.status, navigate])

  return <LoggingScreen logging={logging} autosave={autosave} />
}
