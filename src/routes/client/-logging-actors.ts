import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { isoToRouteDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { autosaveImplementations } from "#machines/autosave/autosave.actors.ts"
import { browserAutosavePorts } from "#machines/autosave/autosave.browser.ts"
import { autosaveMachine } from "#machines/autosave/autosave.machine.ts"
import { loggingImplementations } from "#machines/logging/logging.actors.ts"
import { loggingMachine } from "#machines/logging/logging.machine.ts"
import { sessionClock } from "#machines/timer/timer.storage.ts"
import { useMountedMachine } from "../-mount.ts"
import { useServices } from "./-client-actors.ts"

export interface LoggingOpened {
  readonly clientId: UserId
  readonly date: IsoDate
  /** The screen the address names. */
  readonly screen: number
  readonly workout: GroupedWorkout
  /** Which workout of the day: the timer keeps one clock per client, day and workout. */
  readonly index: number
}

/** The logging pager and its autosave, mounted with the browser's storage, page and router. */
export function useLoggingActors({ clientId, date, screen, workout, index }: LoggingOpened) {
  const { gateway } = useServices()
  const navigate = useNavigate({ from: "/client/workouts/$date/$idx" })
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
    // Versions above any earlier page's, so an old confirmation never drops a newer edit.
    { input: { versionBase: openedAt * 1000 } }
  )
  return { logging, autosave }
}
