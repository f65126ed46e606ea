import { todayIso } from "#domain/calendar.ts"
import type { Gateway } from "#gateway/gateway.ts"
import { watchDraft } from "#machines/builder/builder.loads.ts"
import type { BuilderActorRef } from "#machines/builder/builder.selectors.ts"
import type { BuilderInput } from "#machines/builder/builder.types.ts"
import { coachUnitImplementations } from "#machines/coach-unit/coach-unit.actors.ts"
import { coachUnitMachine } from "#machines/coach-unit/coach-unit.machine.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import { selectUser, type SessionActorRef } from "#machines/session/session.selectors.ts"
import { useMountedMachine } from "../../../-mount.ts"

/**
 * Beside the builder: the coach's own unit for the weight field, and the client's
 * worked-out loads for the draft's sets, the same machine and references as the coach's
 * day and the client's logging page (their max, unit and plates), so all three read one
 * number. The draft's sets are watched as they are built; a typed name takes its library
 * exercise once the library is in.
 */
export function useBuilderLoads(
  services: {
    readonly gateway: Gateway
    readonly preloadGateway: () => Promise<unknown>
    readonly session: SessionActorRef
  },
  input: BuilderInput,
  builder: BuilderActorRef,
  library: ExerciseLibraryActorRef
) {
  useMountedMachine(coachUnitMachine, () =>
    coachUnitImplementations({
      coachId: () => selectUser(services.session.getSnapshot()).id,
      gateway: services.gateway,
      listener: builder
    })
  )
  return useMountedMachine(
    loadReferencesMachine,
    () =>
      loadReferencesImplementations({
        gateway: services.gateway,
        gatewayLoaded: services.preloadGateway,
        watchDay: watchDraft(builder, library)
      }),
    { input: { ...input, today: todayIso(new Date()) } }
  )
}
