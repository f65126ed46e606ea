import { createFileRoute } from "@tanstack/react-router"
import { coachDayImplementations } from "#machines/coach-day/coach-day.actors.ts"
import { coachDayMachine } from "#machines/coach-day/coach-day.machine.ts"
import type { CoachDayInput } from "#machines/coach-day/coach-day.types.ts"
import { parseClientDay } from "#ui/coach/client-day-params.ts"
import { CoachDay } from "#ui/coach/coach-day.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { useMountedMachine } from "../../../-mount.ts"
import { useDayLoads } from "./-day-loads.ts"

export const Route = createFileRoute("/coach/workouts/$userId/$date")({
  component: CoachDayRoute
})

function CoachDayRoute() {
  const day = parseClientDay(Route.useParams())
  if (day === null) return <NotFound />
  return <MountedDay key={`${day.clientId}:${day.date}`} input={day} />
}

function MountedDay({ input }: { input: CoachDayInput }) {
  const { services } = Route.useRouteContext()
  const day = useMountedMachine(coachDayMachine, () => coachDayImplementations({ gateway: services.gateway }), {
    input
  })
  const loads = useDayLoads(services.gateway, input, day)
  return <CoachDay day={day} loads={loads} />
}
