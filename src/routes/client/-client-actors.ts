import { useRouteContext } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import type { UserId } from "#domain/ids.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import type { AppServices } from "../../services.ts"

/*
 * What every client route reads: the app's services and the signed-in client. Each
 * machine is mounted from a module of its own (-client-schedule.ts, -workout-day-actors.ts,
 * -logging-actors.ts), so a route loads only the machines it shows.
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
