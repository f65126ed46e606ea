import type { IsoDate } from "#domain/calendar.ts"
import { todayIso } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import { daySetsOf } from "#domain/set-loads.ts"
import type { PerformedLoad } from "#domain/loads.ts"
import type { AutosaveActorRef } from "#machines/autosave/autosave.selectors.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { preferencesCopyOf } from "../-device-copy-preferences.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import type { LoadReferencesInput } from "#machines/load-references/load-references.types.ts"
import type { LoggingActorRef } from "#machines/logging/logging.selectors.ts"
import type { LoadsLayer } from "#machines/logging/logging.types.ts"

/*
 * The logging page's worked-out loads, in their own chunk (the pager's first load is at its
 * budget): the load-references machine for this client and day, watching the workout as
 * logging holds it (sets added included) and each set as autosave holds it, so a backoff
 * follows its top set as soon as a weight is typed, before any save answers.
 */

export interface LoggingLoadsPorts {
  readonly gateway: Gateway
  /** Resolves once the gateway's code is in (load-references.actors.ts). */
  readonly gatewayLoaded?: () => Promise<unknown>
  readonly clientId: UserId
  readonly date: IsoDate
  readonly logging: () => LoggingActorRef
  readonly autosave: AutosaveActorRef
  /** What autosave holds of a set as done (selectPerformedLoad), passed in so this chunk does not split autosave's. */
  readonly doneOf: (setId: SetId) => PerformedLoad | undefined
}

export function loggingLoads(ports: LoggingLoadsPorts): LoadsLayer {
  const logic = loadReferencesMachine.provide(
    loadReferencesImplementations({
      gateway: ports.gateway,
      gatewayLoaded: ports.gatewayLoaded,
      // Offline, the lifter's unit and plates come from their device copy (docs/decisions/038).
      copy: preferencesCopyOf(ports.clientId),
      watchDay: (report) => {
        const logging = ports.logging()
        const emit = () => report(daySetsOf([logging.getSnapshot().context.workout], (row) => ports.doneOf(row.id)))
        emit()
        const watching = [logging.subscribe(emit), ports.autosave.subscribe(emit)]
        return () => watching.forEach((subscription) => subscription.unsubscribe())
      }
    })
  )
  const input: LoadReferencesInput = { clientId: ports.clientId, date: ports.date, today: todayIso(new Date()) }
  return { logic, input }
}
