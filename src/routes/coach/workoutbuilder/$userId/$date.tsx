import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { createBuilderActors, gatewayBuilderPort } from "#machines/builder/builder.actors.ts"
import { draftKey, readDraft, restoreBuilderSnapshot, writeDraft } from "#machines/builder/builder.draft.ts"
import { builderMachine } from "#machines/builder/builder.machine.ts"
import { selectHeader, selectIsSaved } from "#machines/builder/builder.selectors.ts"
import type { BuilderInput } from "#machines/builder/builder.types.ts"
import { parseClientDay } from "#ui/coach/client-day-params.ts"
import { WorkoutBuilder } from "#ui/coach/workout-builder.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import type { AppServices } from "../../../../services.ts"

export const Route = createFileRoute("/coach/workoutbuilder/$userId/$date")({
  component: WorkoutBuilderRoute
})

function WorkoutBuilderRoute() {
  const params = Route.useParams()
  const { services } = Route.useRouteContext()
  const day = parseClientDay(params)
  if (day === null) return <NotFound />
  // A new client or day starts a new builder (and reads that day's draft).
  return <MountedBuilder key={`${day.clientId}:${day.date}`} input={day} services={services} />
}

function MountedBuilder({ input, services }: { input: BuilderInput; services: AppServices }) {
  const navigate = useNavigate()
  const key = draftKey(input)
  // The draft is read once, on mount: after that the machine owns it.
  const [restored] = useState(() => restoreBuilderSnapshot(input, readDraft(window.localStorage, key)))
  const builder = useActorRef(
    builderMachine.provide({ actors: createBuilderActors(gatewayBuilderPort(services.gateway)) }),
    restored === undefined ? { input } : { input, snapshot: restored }
  )
  useEffect(() => {
    const subscription = builder.subscribe((snapshot) => writeDraft(window.localStorage, key, snapshot))
    return () => subscription.unsubscribe()
  }, [builder, key])
  const saved = useSelector(builder, selectIsSaved)
  const { userId, routeDate } = useSelector(builder, selectHeader)
  useEffect(() => {
    if (saved) void navigate({ to: "/coach/workouts/$userId/$date", params: { userId, date: routeDate } })
  }, [saved, navigate, userId, routeDate])
  return <WorkoutBuilder builder={builder} />
}
