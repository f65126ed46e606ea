import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { todayIso, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import { preferencesCopyOf } from "./-device-copy-preferences.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import { useMountedMachine } from "../-mount.ts"
import { useServices } from "./-client-actors.ts"

/**
 * The lifter's unit for a screen that shows their weights without working loads out (the
 * day page): the same load-references machine as the logging page, so it is the same unit,
 * read from the server and offline from the device copy (docs/decisions/038). Its own
 * chunk, fetched after the page paints; until the unit is known, `children` gets undefined
 * and each weight reads in the unit it was stored in.
 */
export default function LifterUnit({
  clientId,
  date,
  children
}: {
  clientId: UserId
  date: IsoDate
  children: (unit: Unit | undefined) => ReactNode
}) {
  const services = useServices()
  const loads = useMountedMachine(
    loadReferencesMachine,
    () =>
      loadReferencesImplementations({
        gateway: services.gateway,
        gatewayLoaded: services.preloadGateway,
        copy: preferencesCopyOf(clientId),
        // No set's load is shown here: there is no day to watch.
        watchDay: () => () => undefined
      }),
    { input: { clientId, date, today: todayIso(new Date()) } }
  )
  return children(useSelector(loads, (snapshot) => snapshot.context.unit ?? undefined))
}
