import { useRouteContext } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { todayIso } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { clientScheduleImplementations } from "#machines/client-schedule/client-schedule.actors.ts"
import { clientScheduleMachine } from "#machines/client-schedule/client-schedule.machine.ts"
import type { ScheduleInput } from "#machines/client-schedule/client-schedule.types.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import type { AppServices } from "../../services.ts"
import { useMountedMachine } from "../-mount.ts"

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
  return useMountedMachine(
    clientScheduleMachine,
    () => clientScheduleImplementations({ gateway: services.gateway, clientId: () => requireId(clientId) }),
    { input: { ...input, today: todayIso(new Date()) } }
  )
}
