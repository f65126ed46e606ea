import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { Suspense, useState } from "react"
import { builderImplementations } from "#machines/builder/builder.actors.ts"
import { draftStorage } from "#machines/builder/builder.draft.ts"
import { builderLibraryPorts } from "#machines/builder/builder.library.ts"
import { builderMachine } from "#machines/builder/builder.machine.ts"
import type { BuilderInput } from "#machines/builder/builder.types.ts"
import { exerciseLibraryImplementations } from "#machines/exercise-library/exercise-library.actors.ts"
import { exerciseLibraryMachine } from "#machines/exercise-library/exercise-library.machine.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { lazyWhenOnline } from "#ui/client/logging-lazy.tsx"
import { clientDayParams, parseClientDay } from "#ui/coach/client-day-params.ts"
import { WorkoutBuilder } from "#ui/coach/workout-builder.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { useMountedMachine } from "../../../-mount.ts"

// Loads show from step 3 on: their machines and the load arithmetic come after the first paint.
const BuilderLoadsMount = lazyWhenOnline(() => import("./-builder-loads-mount.tsx"))

/**
 * ?workout=<workout_order> opens that saved workout of the day to edit (docs/decisions/024). An order
 * that is not one (not a whole number from 0 to 1000) is kept as -1, which the builder
 * answers as not found rather than quietly starting a new workout.
 */
export const Route = createFileRoute("/coach/workoutbuilder/$userId/$date")({
  validateSearch: (search: Record<string, unknown>): { workout?: number } => {
    if (search["workout"] === undefined) return {}
    const order = Number(search["workout"])
    return { workout: Number.isInteger(order) && order >= 0 && order <= 1000 ? order : -1 }
  },
  component: WorkoutBuilderRoute
})

function WorkoutBuilderRoute() {
  const day = parseClientDay(Route.useParams())
  const { workout } = Route.useSearch()
  if (day === null) return <NotFound />
  // A new client, day or workout starts a new builder (and reads that draft).
  return (
    <MountedBuilder key={`${day.clientId}:${day.date}:${workout ?? "new"}`} input={{ ...day, workoutOrder: workout }} />
  )
}

function MountedBuilder({ input }: { input: BuilderInput }) {
  const { services } = Route.useRouteContext()
  const navigate = useNavigate()
  // The draft is read once, on mount: after that the machine owns it and stores each change.
  const [draft] = useState(() => draftStorage(window.localStorage, input))
  // A new draft starts with a fresh idempotency key; a restored one keeps its own.
  const [start] = useState(() => draft.restore())
  const builder = useMountedMachine(
    builderMachine,
    () =>
      builderImplementations({
        gateway: services.gateway,
        coachId: () => selectUser(services.session.getSnapshot()).id,
        storeDraft: draft.store,
        forgetDraft: draft.forget,
        showDay: (day) => void navigate({ to: "/coach/workouts/$userId/$date", params: clientDayParams(day) })
      }),
    { input: start }
  )
  // The exercise step's library, loaded once for the whole visit; choices go to the builder.
  const library = useMountedMachine(exerciseLibraryMachine, () =>
    exerciseLibraryImplementations(builderLibraryPorts(builder, services.gateway))
  )
  const [loads, setLoads] = useState<LoadReferencesActorRef>()
  return (
    <>
      <WorkoutBuilder builder={builder} library={library} loads={loads} />
      <Suspense fallback={null}>
        <BuilderLoadsMount services={services} input={input} builder={builder} library={library} onMounted={setLoads} />
      </Suspense>
    </>
  )
}
