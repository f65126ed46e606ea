import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { isoToRouteDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { autosaveImplementations } from "#machines/autosave/autosave.actors.ts"
import { browserAutosavePorts } from "#device/autosave.browser.ts"
import { onBackOnline } from "#device/network.ts"
import { sendingExclusively } from "#device/autosave.outbox.ts"
import { autosaveMachine } from "#machines/autosave/autosave.machine.ts"
import { selectPerformedLoad } from "#machines/autosave/autosave.selectors.ts"
import { loggingImplementations } from "#machines/logging/logging.actors.ts"
import type { LoadsLayer } from "#machines/logging/logging.types.ts"
import { loggingMachine } from "#machines/logging/logging.machine.ts"
import type { LoggingActorRef } from "#machines/logging/logging.selectors.ts"
import { sessionClock } from "#device/timer.storage.ts"
import { lazyWhenOnline } from "#ui/client/logging-lazy.tsx"
import { restSlot } from "#ui/client/logging-rest.tsx"
import { useMountedMachine } from "../-mount.ts"
import { useServices } from "./-client-actors.ts"

export interface LoggingOpened {
  readonly clientId: UserId
  readonly date: IsoDate
  /** The screen the address names. */
  readonly screen: number
  readonly workout: GroupedWorkout
  /** Which workout of the day (zero-based): its address (`?workout=N`) and its own timer clock. */
  readonly index: number
}

/** The screen kept on while the page is open: its own chunk, after the page paints. */
export const LazyWakeLock = lazyWhenOnline(() => import("./workouts/-wake-lock.tsx"))

/** The rest timer, mounted from its own chunk after the page paints and handed to the pager's slot. */
export const LazyRest = lazyWhenOnline(() => import("./workouts/-rest.tsx"))

/**
 * The logging pager with its autosave, and the slot the rest timer (LazyRest) is handed
 * to (the wake lock is LazyWakeLock), mounted with the browser's storage, page, screen and
 * router. They live as long as the page: leaving it (Submit goes to the dashboard) stops
 * the rest timer and lets the screen dim again.
 */
export function useLoggingActors({ clientId, date, screen, workout, index }: LoggingOpened) {
  const { gateway, preloadGateway } = useServices()
  const navigate = useNavigate({ from: "/client/workouts/$date/$idx" })
  const [{ clock, openedAt }] = useState(() => ({
    clock: sessionClock(`${clientId}:${date}:${index}`),
    openedAt: Date.now()
  }))
  const [browser] = useState(() => browserAutosavePorts(clientId))
  const autosave = useMountedMachine(
    autosaveMachine,
    () => autosaveImplementations({ ...browser, gateway, clientId, date }),
    // Versions above any earlier page's, so an old confirmation never drops a newer edit.
    { input: { versionBase: openedAt * 1000 } }
  )
  const logging: LoggingActorRef = useMountedMachine(
    loggingMachine,
    () =>
      loggingImplementations({
        gateway,
        clientId,
        storeClock: clock.save,
        clearWorkoutStarted: clock.clear,
        // The search (`?workout=N`) is kept: the address goes on naming this workout of the day.
        replaceScreen: (idx) =>
          void navigate({
            params: { date: isoToRouteDate(date), idx: String(idx) },
            search: (s) => s,
            state: (s) => s,
            replace: true
          }),
        showDashboard: () => void navigate({ to: "/client/dashboard" }),
        forgetSet: (setId) => autosave.send({ type: "set.removed", setId }),
        // On disk first (its own chunk), then sent after the set edits: offline it waits, and any screen sends it later.
        submitCompletion: async (completion) => {
          const [drain, records] = await Promise.all([
            import("#machines/outbox-drain/outbox-drain.drain.ts"),
            import("#device/autosave.records.ts")
          ])
          return drain.submitThroughOutbox(completion, {
            outbox: browser.outbox,
            records: records.createOutboxRecords(clientId),
            gateway,
            exclusively: (work) => sendingExclusively(clientId, work)
          })
        },
        watchOnline: onBackOnline,
        // Its own chunk, fetched as the pager starts: the page paints without it.
        openLoads: (): Promise<LoadsLayer> =>
          import("./workouts/-loads.ts").then(({ loggingLoads }) =>
            loggingLoads({
              gateway,
              gatewayLoaded: preloadGateway,
              clientId,
              date,
              logging: () => logging,
              autosave,
              doneOf: (setId) => selectPerformedLoad(autosave.getSnapshot(), setId)
            })
          )
      }),
    { input: { date, workout, screen, clock: clock.load(), now: openedAt } }
  )
  const [rest] = useState(restSlot)
  return { logging, autosave, rest }
}
