import { todayIso } from "#domain/calendar.ts"
import { daySetsOf, performedLoadOf } from "#domain/set-loads.ts"
import type { CoachDayActorRef } from "#machines/coach-day/coach-day.selectors.ts"
import type { CoachDayInput } from "#machines/coach-day/coach-day.types.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import { useMountedMachine } from "../../../-mount.ts"

/**
 * The client's worked-out loads for the coach's day view: the same machine and references
 * as the client's logging page (their unit, their plates), watching what the day holds as
 * logged, so coach and lifter read one number.
 */
export function useDayLoads(
  services: { readonly gateway: Gateway; readonly preloadGateway: () => Promise<unknown> },
  input: CoachDayInput,
  day: CoachDayActorRef
) {
  return useMountedMachine(
    loadReferencesMachine,
    () =>
      loadReferencesImplementations({
        gateway: services.gateway,
        gatewayLoaded: services.preloadGateway,
        watchDay: (report) => {
          const emit = () => {
            const { workouts, results } = day.getSnapshot().context
            const logged = new Map(results.map((row) => [row.id, row] as const))
            report(
              daySetsOf(workouts, (row) => {
                const result = logged.get(row.id)
                return result === undefined || result.skipped ? undefined : performedLoadOf(result)
              })
            )
          }
          emit()
          const watching = day.subscribe(emit)
          return () => watching.unsubscribe()
        }
      }),
    { input: { clientId: input.clientId, date: input.date, today: todayIso(new Date()) } }
  )
}
