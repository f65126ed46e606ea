import { useRouteContext } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { fromPromise } from "xstate"
import { todayIso } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import {
  clientScheduleMachine,
  type Schedule,
  type ScheduleInput,
  type ScheduleRange
} from "#machines/client-schedule/client-schedule.machine.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import type { AppServices } from "../../services.ts"

/*
 * Mounting the client area's actors: the routes provide the machines' actors with the
 * real gateway here, and hold no data themselves.
 */

export const useServices = (): AppServices => useRouteContext({ from: "__root__" }).services

/** The signed-in client's id (the /client guard lets only signed-in clients in). */
export function useClientId(): UserId | null {
  const services = useServices()
  return useSelector(services.session, (snapshot) => selectUser(snapshot).id)
}

export const requireId = (id: UserId | null): UserId => {
  if (id === null) throw new Error("No client is signed in")
  return id
}

/** The client's schedule for one screen, loaded through the gateway. */
export function useClientSchedule(input: Omit<ScheduleInput, "today">) {
  const services = useServices()
  const clientId = useClientId()
  return useActorRef(
    clientScheduleMachine.provide({
      actors: {
        loadSchedule: fromPromise<Schedule, ScheduleRange>(async ({ input: range }) => {
          const gateway = await services.gateway()
          const id = requireId(clientId)
          const [workouts, results] = await Promise.all([
            gateway.workouts(id, range),
            gateway.workoutResults(id, range)
          ])
          return { workouts, results }
        })
      }
    }),
    { input: { ...input, today: todayIso(new Date()) } }
  )
}

/** Sends the person to /login once they are signed out (after 'Log Out'). */
export function useLeaveWhenSignedOut(navigateToLogin: () => void) {
  const services = useServices()
  const signedOut = useSelector(services.session, (snapshot) => snapshot.matches("signedOut"))
  useEffect(() => {
    if (signedOut) navigateToLogin()
  }, [signedOut, navigateToLogin])
}
