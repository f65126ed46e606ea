import { createFileRoute } from "@tanstack/react-router"
import { useActorRef } from "@xstate/react"
import { createCoachDayActors, gatewayCoachDayPort } from "#machines/coach-day/coach-day.actors.ts"
import { coachDayMachine, type CoachDayInput } from "#machines/coach-day/coach-day.machine.ts"
import { parseClientDay } from "#ui/coach/client-day-params.ts"
import { CoachDay } from "#ui/coach/coach-day.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import type { AppServices } from "../../../../services.ts"

export const Route = createFileRoute("/coach/workouts/$userId/$date")({
  component: CoachDayRoute
})

function CoachDayRoute() {
  const params = Route.useParams()
  const { services } = Route.useRouteContext()
  const day = parseClientDay(params)
  if (day === null) return <NotFound />
  return <MountedDay key={`${day.clientId}:${day.date}`} input={day} services={services} />
}

function MountedDay({ input, services }: { input: CoachDayInput; services: AppServices }) {
  const day = useActorRef(coachDayMachine.provide({ actors: createCoachDayActors(gatewayCoachDayPort(services.gateway)) }), {
    input
  })
  return <CoachDay day={day} />
}
