import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { builderImplementations } from "#machines/builder/builder.actors.ts"
import { draftStorage } from "#machines/builder/builder.draft.ts"
import { builderLibraryPorts } from "#machines/builder/builder.library.ts"
import { builderMachine } from "#machines/builder/builder.machine.ts"
import type { BuilderInput } from "#machines/builder/builder.types.ts"
import { exerciseLibraryImplementations } from "#machines/exercise-library/exercise-library.actors.ts"
import { exerciseLibraryMachine } from "#machines/exercise-library/exercise-library.machine.ts"
import { clientDayParams, parseClientDay } from "#ui/coach/client-day-params.ts"
import { WorkoutBuilder } from "#ui/coach/workout-builder.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { useMountedMachine } from "../../../-mount.ts"
import { useBuilderLoads } from "./-builder-loads.ts"

export const Route = createFileRoute("/coach/workoutbuilder/$userId/$date")({
  component: WorkoutBuilderRoute
})

function WorkoutBuilderRoute() {
  const day = parseClientDay(Route.useParams())
  if (day === null) return <NotFound />
  // A new client or day starts a new builder (and reads that day's draft).
  return <MountedBuilder key={`${day.clientId}:${day.date}`} input={day} />
}

function MountedBuilder({ input }: { input: BuilderInput }) {
  const { services } = Route.useRouteContext()
  const navigate = useNavigate()
  // The draft is read once, on mount: after that the machine owns it and stores each change.
  const [draft] = useState(() => draftStorage(window.localStorage, input))
  const [restored] = useState(() => draft.restore())
  const builder = useMountedMachine(
    builderMachine,
    () =>
      builderImplementations({
        gateway: services.gateway,
        storeDraft: draft.store,
        forgetDraft: draft.forget,
        showDay: (day) => void navigate({ to: "/coach/workouts/$userId/$date", params: clientDayParams(day) })
      }),
    // A new draft starts with a fresh idempotency key; a restored one keeps its own.
    restored === undefined ? { input: draft.start } : { input: draft.start, snapshot: restored }
  )
  // The exercise step's library, loaded once for the whole visit; choices go to the builder.
  const library = useMountedMachine(exerciseLibraryMachine, () =>
    exerciseLibraryImplementations(builderLibraryPorts(builder, services.gateway))
  )
  const loads = useBuilderLoads(services, input, builder, library)
  return <WorkoutBuilder builder={builder} library={library} loads={loads} />
}
